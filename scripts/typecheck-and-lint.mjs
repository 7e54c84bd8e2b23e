// `npm run check`: what `npm run typecheck` and `npm run lint:code` check, with TypeScript's work
// done once. tsc and ESLint's type-aware rules (eslint.config.js) each build and type-check the
// same two programs; on a fresh clone that is ~65 s of CPU for tsc and ~45 s more inside ESLint's
// ~100 s. Here both projects' programs are built and checked once, then handed to ESLint through
// typescript-eslint's `parserOptions.programs`, so the rules read types the check already
// resolved. CI runs this beside the tests, where every second of CPU is a second of someone's wait.
// Exits 1 when either finds a problem, after printing both.
import { ESLint } from 'eslint';
import ts from 'typescript';

const PROJECTS = ['tsconfig.node.json', 'tsconfig.web.json'];

const host = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};

/** The project's program as `tsc -p <project> --noEmit` builds it. */
function programOf(project) {
  const config = ts.getParsedCommandLineOfConfigFile(
    project,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config.errors.length > 0) return { program: undefined, diagnostics: config.errors };
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  return { program, diagnostics: ts.getPreEmitDiagnostics(program) };
}

let failed = false;
const programs = [];
for (const project of PROJECTS) {
  const { program, diagnostics } = programOf(project);
  if (program) programs.push(program);
  if (diagnostics.length > 0) {
    failed = true;
    process.stdout.write(`${project}:\n${ts.formatDiagnosticsWithColorAndContext(diagnostics, host)}\n`);
  }
}

if (programs.length === PROJECTS.length) {
  // The type-aware block of eslint.config.js finds each file's program through the project
  // service; these programs stand in for it (every file linted with types is in one of them).
  const eslint = new ESLint({
    overrideConfig: [
      {
        files: ['src/**/*.ts', 'src/**/*.tsx', 'tests/**/*.ts', 'tests/**/*.tsx'],
        languageOptions: { parserOptions: { projectService: false, programs } },
      },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  const output = await (await eslint.loadFormatter('stylish')).format(results);
  if (output) process.stdout.write(output);
  if (results.some((result) => result.errorCount > 0 || result.fatalErrorCount > 0)) failed = true;
} else failed = true;

process.exit(failed ? 1 : 0);
