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
const tests = run(['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)]);
process.exit(tests.status ?? 1);
