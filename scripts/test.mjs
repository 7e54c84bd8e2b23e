// `npm test`: builds what the tests run (the CLI bundle and the Electron app), then every test
// layer: Vitest (its projects unit, integration and data, vitest.config.ts) and, beside it, the
// UI's end-to-end tests with @playwright/test (tests/ui), then the desktop app's end-to-end tests
// (tests/electron) where Electron's binary exists — elsewhere one line says they were skipped, and
// they count as skipped. Vitest and the UI suite run at the same time because both wait mostly on
// browsers and servers: side by side they keep two cores busy, and on a machine busy with other
// work they hold a fair share of it; the UI suite's output is held back and printed after Vitest's,
// so the two never interleave. The last line printed is `N passed, N failed` (`, N skipped` when any), summing the
// runners (Vitest's own count comes from tests/support/count-reporter.ts, Playwright's from its
// JSON report).
//
// Arguments go to Vitest (`npm test -- tests/unit`, `npm test -- --project data`); when any are
// given the Playwright suites are left out, unless `--ui` or `--electron` is one of them: each
// runs that suite alone (`npm run test:electron` is `--electron`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinaryInstalled } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' });

for (const build of [
  ['scripts/build-cli.mjs'],
  ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--logLevel', 'warn'],
]) {
  if (run(build).status !== 0) {
    process.stdout.write('\n0 passed, 1 failed\n');
    process.exit(1);
  }
}

// Headed-window tests (the person-in-the-loop flow) need a display: lend them Xvfb when there is none.
const needsXvfb = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const hasXvfb = needsXvfb && spawnSync('sh', ['-c', 'command -v xvfb-run']).status === 0;

/**
 * Runs a Node script (under Xvfb when needed), echoing its output as it comes, or, with `hold`, once
 * `hold` resolves (then as it comes); resolves with the exit code and the output.
 */
let xvfbRuns = 0;
function runNode(args, hold) {
  // Two xvfb-run -a started together can pick the same free display and one fails: each run
  // starts its search at a display number of its own.
  const firstDisplay = String(99 + 100 * xvfbRuns++);
  const [command, commandArgs] = hasXvfb
    ? ['xvfb-run', ['-a', '-n', firstDisplay, process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    let echoed = 0;
    let echoing = !hold;
    const echo = () => {
      process.stdout.write(output.slice(echoed));
      echoed = output.length;
    };
    void hold?.then(() => {
      echoing = true;
      echo();
    });
    child.stdout.on('data', (chunk) => {
      output += chunk.toString('utf8');
      if (echoing) echo();
    });
    child.on('close', async (code) => {
      await hold;
      echo();
      resolve({ code: code ?? 1, output });
    });
  });
}

const userArgs = process.argv.slice(2);
const uiOnly = userArgs.includes('--ui');
const electronOnly = userArgs.includes('--electron');
const vitestArgs = userArgs.filter((arg) => arg !== '--ui' && arg !== '--electron');
const everything = vitestArgs.length === 0 && !uiOnly && !electronOnly;
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

/** Runs a @playwright/test config whose JSON reporter writes `report`, and adds its counts. */
async function runPlaywright(config, report, hold) {
  rmSync(report, { force: true });
  const run = await runNode(['node_modules/@playwright/test/cli.js', 'test', '-c', config], hold);
  if (existsSync(report)) {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    // A run that failed without a failing test (its setup or config crashed) is a failure too.
    if (stats.unexpected === 0 && run.code !== 0) failed += 1;
  } else failed += 1;
  if (run.code !== 0) exitCode = 1;
}

const vitestRun = uiOnly || electronOnly ? null : runNode(['node_modules/vitest/vitest.mjs', 'run', ...vitestArgs]);
const vitestEnded = vitestRun?.then(() => undefined);
// The UI suite starts now, beside Vitest; its output waits for Vitest's.
const uiRun =
  uiOnly || everything ? runPlaywright('tests/ui/playwright.config.ts', 'out/ui-test-results.json', vitestEnded) : null;

if (vitestRun) {
  const vitest = await vitestRun;
  const counts = [...vitest.output.matchAll(/^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm)].at(-1);
  if (counts) {
    passed += Number(counts[1]);
    failed += Number(counts[2]);
    skipped += Number(counts[3] ?? 0);
  } else failed += 1; // Vitest ended without its count: it crashed, which is a failure.
  if (vitest.code !== 0) exitCode = 1;
}
await uiRun;

if (electronOnly || everything) {
  const config = 'tests/electron/playwright.config.ts';
  if (electronBinaryInstalled(root)) {
    // better-sqlite3 for Electron's ABI (the binary is there, so nothing is downloaded).
    if (run(['scripts/prepare-electron.mjs']).status !== 0) {
      failed += 1;
      exitCode = 1;
    } else await runPlaywright(config, 'out/electron-test-results.json');
  } else {
    // Listed, not run: each test counts as skipped, never as passed.
    const listed = spawnSync(
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', '--list', '-c', config],
      { encoding: 'utf8' },
    );
    const total = /^Total: (\d+) tests? in/m.exec(listed.stdout ?? '');
    if (listed.status === 0 && total) skipped += Number(total[1]);
    else failed += 1; // the suite does not even load
    process.stdout.write('Electron e2e: skipped, no Electron binary\n');
    // Asked for by name (`npm run test:electron`), a suite that could not run is not a success.
    if (electronOnly) exitCode = 1;
  }
}

process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
