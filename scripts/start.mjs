// `npm start`: always opens Lantern. With Electron's binary installed it starts the desktop app
// (after building better-sqlite3 for Electron's ABI, scripts/prepare-electron.mjs). Without it
// (npm install does not download it; offline or behind a blocked download it cannot be fetched)
// it says so in one line and starts web mode instead: `lantern serve --open`, which opens the UI
// in an app window of the system Chrome/Chromium, or prints the link when there is none.
// Never downloads anything, and never ends in a stack trace: each failure is one line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinaryInstalled } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (message) => process.stdout.write(`lantern: ${message}\n`);

/** Runs a Node script quietly; true when it succeeded. */
function node(args, options = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: options.stdio ?? ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  return result.status === 0;
}

/** Runs a long-lived child until it exits; Ctrl+C reaches it (same process group) and this waits for it. */
function runChild(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    const forward = (signal) => {
      // A terminal's Ctrl+C reaches the child too; a SIGTERM sent to this process alone is passed on.
      if (signal === 'SIGTERM') child.kill('SIGTERM');
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      say(`could not start ${args[0]}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
  });
}

async function desktop() {
  const prepared = spawnSync(process.execPath, ['scripts/prepare-electron.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (prepared.status !== 0) {
    // Its error's first line says what failed; the stack under it is for developers.
    const reason = (prepared.stderr ?? '')
      .split('\n')
      .find((line) => /error/i.test(line) && !/^\s+at /.test(line))
      ?.trim();
    say(`the desktop app could not be prepared${reason ? ` (${reason})` : ''}; opening web mode instead.`);
    return web();
  }
  return runChild(['node_modules/electron-vite/bin/electron-vite.js', 'preview']);
}

async function web() {
  if (!existsSync(join(root, 'dist', 'cli.js'))) {
    say('building the command-line tool (first start only)…');
    if (!node(['scripts/build-cli.mjs'])) return fail('building the CLI failed: run `npm run build:cli` to see why.');
  }
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    say('building the UI (first start only)…');
    if (!node(['node_modules/electron-vite/bin/electron-vite.js', 'build', '--logLevel', 'error'])) {
      return fail('building the UI failed: run `npm run build:app` to see why.');
    }
  }
  const port = process.env.LANTERN_PORT;
  return runChild(['bin/lantern.js', 'serve', '--open', ...(port ? ['--port', port] : [])]);
}

function fail(message) {
  say(message);
  return 1;
}

let code;
try {
  if (electronBinaryInstalled(root)) code = await desktop();
  else {
    say(
      "Electron's binary is not installed (npm install skips its download, and it cannot be fetched offline): opening web mode in a Chrome/Chromium app window instead.",
    );
    code = await web();
  }
} catch (error) {
  code = fail(`could not start: ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(code);
