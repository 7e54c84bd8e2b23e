/**
 * The renderer's JavaScript by chunk, and which of it is initial: what index.html loads before the
 * first screen can show — its scripts and every chunk they import statically, transitively.
 * A chunk reached only through import() (a lazy screen) is not initial. Read from the built files
 * themselves, so the figure is what a window loads whatever the bundler's own bookkeeping says.
 * Gzip at zlib's default level, as Vite reports it. The build prints this report
 * (electron.vite.config.ts) and tests/integration/renderer-size.test.ts holds the initial JS to
 * INITIAL_JS_BUDGET_GZIP.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

/** The first screen's JavaScript, gzip bytes (docs/benchmarks.md, "Renderer bundle"). */
export const INITIAL_JS_BUDGET_GZIP = 150_000;

export interface ChunkSize {
  /** Relative to the renderer's build folder, with `/`. */
  file: string;
  bytes: number;
  gzipBytes: number;
  initial: boolean;
}

/**
 * The `src` of each `<script>` of the page, relative to the build folder. The page sits at the
 * build folder's root, so a root-absolute src (`/assets/…`, how the renderer names its assets,
 * electron.vite.config.ts) names a file of the build folder too.
 */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map(([, src = '']) =>
    posix.normalize(src.replace(/^\//, '')),
  );
}

/** Specifiers of a module's `import … from` / `export … from` statements; import() calls are not statements. */
function staticImports(code: string): string[] {
  const source = ts.createSourceFile('chunk.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/** The page's scripts and everything they import statically, as files of the build folder. */
export function initialJsFiles(dir: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(join(dir, file), 'utf8'))) {
      // A bare specifier cannot load in the page: the bundle would be broken, not just large.
      if (!specifier.startsWith('.')) throw new Error(`${file} imports "${specifier}", which a browser cannot resolve`);
      visit(posix.join(posix.dirname(file), specifier));
    }
  };
  scripts(readFileSync(join(dir, 'index.html'), 'utf8')).forEach(visit);
  return [...seen];
}

/** Every .js file of the build, largest first, the initial ones marked. */
export function rendererChunks(dir: string): ChunkSize[] {
  const initial = new Set(initialJsFiles(dir));
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => {
      const file = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
      const code = readFileSync(join(dir, file));
      return { file, bytes: code.length, gzipBytes: gzipSync(code).length, initial: initial.has(file) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

export function initialGzipBytes(chunks: readonly ChunkSize[]): number {
  return chunks.filter((chunk) => chunk.initial).reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The lines the build prints: the initial total against the budget, then each chunk. */
export function formatSizeReport(chunks: readonly ChunkSize[]): string {
  const initial = chunks.filter((chunk) => chunk.initial);
  const bytes = initial.reduce((sum, chunk) => sum + chunk.bytes, 0);
  const gzip = initialGzipBytes(chunks);
  const verdict = gzip <= INITIAL_JS_BUDGET_GZIP ? 'within' : 'OVER';
  return [
    `renderer initial JS: ${kB(gzip)} gzip (${kB(bytes)} raw), ${verdict} the budget of ${kB(INITIAL_JS_BUDGET_GZIP)} gzip`,
    ...chunks.map(
      (chunk) =>
        `  ${chunk.initial ? 'initial' : 'lazy   '}  ${chunk.file.padEnd(40)} ${kB(chunk.bytes).padStart(10)} ${kB(chunk.gzipBytes).padStart(10)} gzip`,
    ),
  ].join('\n');
}
