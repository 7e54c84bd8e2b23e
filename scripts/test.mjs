// `npm test`: builds what the tests run (the CLI bundle and the Electron app's renderer), then
// every test layer with Vitest. The last line printed is `N passed, N failed`
// (tests/support/count-reporter.ts).
import { spawnSync } from 'node:child_process';

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' });

for (const build of [['scripts/build-cli.mjs'], ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--logLevel', 'warn']]) {
  if (run(build).status !== 0) {
    process.stdout.write('\n0 passed, 1 failed\n');
    process.exit(1);
  }
}
// Headed-window tests (the person-in-the-loop flow) need a display: lend them Xvfb when there is none.
const vitest = ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)];
const needsXvfb = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const hasXvfb = needsXvfb && spawnSync('sh', ['-c', 'command -v xvfb-run']).status === 0;
const tests = hasXvfb
  ? spawnSync('xvfb-run', ['-a', process.execPath, ...vitest], { stdio: 'inherit' })
  : run(vitest);
process.exit(tests.status ?? 1);
