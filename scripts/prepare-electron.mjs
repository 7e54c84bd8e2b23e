// Runs before `npm start`: makes sure the Electron binary and an Electron-ABI build of
// better-sqlite3 exist. Both are skipped by `npm install` on purpose (electron's download is
// not allowed to run as an install script, and the node_modules copy of better-sqlite3 stays
// built for Node, which the tests and the CLI use).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const electronDir = dirname(require.resolve('electron/package.json'));
const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;

function step(message) {
  process.stdout.write(`lantern: ${message}\n`);
}

function ensureElectronBinary() {
  // electron's own override: a dist folder of the same Electron version already on this machine.
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return;
  if (existsSync(join(electronDir, 'path.txt')) && existsSync(join(electronDir, 'dist'))) return;
  step(`downloading Electron ${electronVersion} (first run only)…`);
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  try {
    execFileSync(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, env, stdio: 'inherit' });
  } catch (error) {
    process.stderr.write(
      [
        `lantern: Electron ${electronVersion} could not be downloaded (${String(error.message ?? error).split('\n')[0]}),`,
        'so the desktop app cannot start on this machine. Everything else works without it:',
        '  npx lantern search "…" / fetch / ask / serve   (the headless core, on a system Chrome/Chromium)',
        'To use an Electron you already have, set ELECTRON_OVERRIDE_DIST_PATH to its folder and run npm start again.',
        '',
      ].join('\n'),
    );
    process.exit(1);
  }
}

/**
 * A separate copy of better-sqlite3 compiled for Electron's ABI under .electron-abi/; the
 * desktop app loads it through better-sqlite3's `nativeBinding` option.
 */
function ensureElectronSqlite() {
  const target = join(root, '.electron-abi', 'better-sqlite3');
  const stamp = join(target, 'electron-version');
  const binding = join(target, 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(binding) && existsSync(stamp) && readFileSync(stamp, 'utf8') === electronVersion) return;
  step(`building better-sqlite3 for Electron ${electronVersion} (first run only, about a minute)…`);
  const source = dirname(require.resolve('better-sqlite3/package.json'));
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const entry of ['package.json', 'binding.gyp', 'src', 'deps', 'lib']) {
    cpSync(join(source, entry), join(target, entry), { recursive: true });
  }
  const electronArgs = ['--runtime=electron', `--target=${electronVersion}`, `--arch=${process.arch}`];
  try {
    // A prebuilt binary when one is published for this Electron; else compile from source.
    execFileSync(process.execPath, [require.resolve('prebuild-install/bin.js'), ...electronArgs], {
      cwd: target,
      stdio: 'inherit',
    });
  } catch {
    const nodeGyp = join(
      dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    );
    execFileSync(
      process.execPath,
      [
        existsSync(nodeGyp) ? nodeGyp : require.resolve('node-gyp/bin/node-gyp.js'),
        'rebuild',
        '--release',
        ...electronArgs,
        '--dist-url=https://electronjs.org/headers',
      ],
      { cwd: target, stdio: 'inherit' },
    );
  }
  writeFileSync(stamp, electronVersion);
}

ensureElectronBinary();
ensureElectronSqlite();
