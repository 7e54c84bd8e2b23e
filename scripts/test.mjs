// `npm test`: builds what the tests run (the CLI bundle and the Electron app's renderer), then
// every test layer: Vitest (unit, integration, e2e over the test binding), then the UI's
// end-to-end tests with @playwright/test (tests/ui). The last line printed is
// `N passed, N failed`, summing both runners (Vitest's own count comes from
// tests/support/count-reporter.ts, Playwright's from its JSON report).
//
// Arguments go to Vitest (`npm test -- tests/unit`); when any are given the UI tests are left out,
// unless `--ui` is one of them (`npm test -- --ui` runs the UI tests alone).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' });

for (const build of [['scripts/build-cli.mjs'], ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--logLevel', 'warn']]) {
  if (run(build).status !== 0) {
    process.stdout.write('\n0 passed, 1 failed\n');
    process.exit(1);
  }
}

// Headed-window tests (the person-in-the-loop flow) need a display: lend them Xvfb when there is none.
const needsXvfb = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const hasXvfb = needsXvfb && spawnSync('sh', ['-c', 'command -v xvfb-run']).status === 0;

/** Runs a Node script (under Xvfb when needed), echoing its output; resolves with the exit code and the output. */
function runNode(args) {
  const [command, commandArgs] = hasXvfb ? ['xvfb-run', ['-a', process.execPath, ...args]] : [process.execPath, args];
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk.toString('utf8');
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const userArgs = process.argv.slice(2);
const uiOnly = userArgs.includes('--ui');
const vitestArgs = userArgs.filter((arg) => arg !== '--ui');
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

if (!uiOnly) {
  const vitest = await runNode(['node_modules/vitest/vitest.mjs', 'run', ...vitestArgs]);
  const counts = [...vitest.output.matchAll(/^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm)].at(-1);
  if (counts) {
    passed += Number(counts[1]);
    failed += Number(counts[2]);
    skipped += Number(counts[3] ?? 0);
  } else failed += 1; // Vitest ended without its count: it crashed, which is a failure.
  if (vitest.code !== 0) exitCode = 1;
}

if (uiOnly || vitestArgs.length === 0) {
  const report = 'out/ui-test-results.json';
  rmSync(report, { force: true });
  const ui = await runNode(['node_modules/@playwright/test/cli.js', 'test', '-c', 'tests/ui/playwright.config.ts']);
  if (existsSync(report)) {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    // A run that failed without a failing test (its setup or config crashed) is a failure too.
    if (stats.unexpected === 0 && ui.code !== 0) failed += 1;
  } else failed += 1;
  if (ui.code !== 0) exitCode = 1;
}

process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
