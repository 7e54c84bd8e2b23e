/**
 * `npm start` (scripts/start.mjs) on a machine without Electron's binary: it says so in one line,
 * starts web mode, and opens the UI in an app window of the system Chromium; Ctrl+C stops
 * everything cleanly. The "system Chromium" is the real one behind a small wrapper that records
 * how it was launched and, headless, dumps the page it shows (there is no screen to look at).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChrome } from '../../src/main/browser/find-chrome';
import { PROJECT_ROOT } from '../support/run-cli';
import { assertBuiltFromCurrentSources } from '../support/built-output';

const work = mkdtempSync(join(tmpdir(), 'lantern-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function appWindowWrapper(): string {
  const path = join(work, 'chromium-app-window.sh');
  writeFileSync(
    path,
    `#!/bin/sh
printf '%s\\n' "$@" > "$LAUNCH_LOG"
echo $$ > "$LAUNCH_LOG.pid"
for arg in "$@"; do case "$arg" in --app=*) url="\${arg#--app=}";; --user-data-dir=*) profile="\${arg#--user-data-dir=}";; esac; done
'${findChrome()}' --headless=new --no-sandbox --disable-gpu --user-data-dir="$profile" --virtual-time-budget=20000 --dump-dom "$url" > "$DOM_FILE.tmp" 2>/dev/null
mv "$DOM_FILE.tmp" "$DOM_FILE"
# Stays open like a window until the launcher closes it.
exec sleep 600
`,
  );
  chmodSync(path, 0o755);
  return path;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('npm start without an Electron binary', () => {
  it(
    'says so in one line, opens web mode in a Chromium app window, and exits cleanly on Ctrl+C',
    { timeout: 120_000 },
    async () => {
      assertBuiltFromCurrentSources(PROJECT_ROOT, 'dist/cli.js', ['src/main'], 'npm run build:cli');
      assertBuiltFromCurrentSources(PROJECT_ROOT, 'out/renderer/index.html', ['src/renderer'], 'npm run build:app');
      const noElectron = join(work, 'electron-without-binary');
      mkdirSync(noElectron);
      const dataDir = join(work, 'data');
      const launchLog = join(work, 'launch.txt');
      const domFile = join(work, 'dom.html');
      // Its own process group, as a terminal's foreground job is: Ctrl+C goes to the whole group.
      const launcher = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: PROJECT_ROOT,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          LANTERN_ELECTRON_DIR: noElectron,
          LANTERN_CHROME: appWindowWrapper(),
          LANTERN_DATA_DIR: dataDir,
          LAUNCH_LOG: launchLog,
          DOM_FILE: domFile,
        },
      });
      let output = '';
      launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => launcher.on('exit', (code) => resolve(code)));

      await until(() => existsSync(domFile), 90_000);
      const args = readFileSync(launchLog, 'utf8').split('\n');
      const app = args.find((arg) => arg.startsWith('--app='));
      expect(app).toMatch(/^--app=http:\/\/127\.0\.0\.1:\d+\/ui\/login\?code=[A-Za-z0-9_-]{32}$/);
      expect(args).toContain(`--user-data-dir=${join(dataDir, 'app-window-profile')}`);
      // The page the window shows answered: signed in by the code, the history read through the API.
      const dom = readFileSync(domFile, 'utf8');
      expect(dom).toContain('What do you want to find out?');
      expect(dom).toContain('No research yet.');
      expect(output.split('\n').filter((line) => line.includes('Electron'))).toHaveLength(1);
      expect(existsSync(join(dataDir, 'server.json'))).toBe(true);

      const windowPid = Number(readFileSync(`${launchLog}.pid`, 'utf8'));
      process.kill(-(launcher.pid as number), 'SIGINT');
      expect(await exited).toBe(0);
      expect(output).toContain('SIGINT: shutting down');
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toMatch(/Error:/);
      expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
      await until(() => !alive(windowPid), 10_000);
    },
  );

  it(
    'prints the link when there is no Chrome or Chromium, and the link signs a browser in',
    { timeout: 120_000 },
    async () => {
      const noElectron = join(work, 'electron-without-binary-2');
      mkdirSync(noElectron);
      const launcher = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: PROJECT_ROOT,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          LANTERN_ELECTRON_DIR: noElectron,
          LANTERN_CHROME: join(work, 'no-such-browser'),
          LANTERN_DATA_DIR: join(work, 'data-2'),
        },
      });
      let output = '';
      launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => launcher.on('exit', (code) => resolve(code)));
      await until(() => /open this link in your browser \(it works once\): (\S+)/.test(output), 60_000);
      const link = /open this link in your browser \(it works once\): (\S+)/.exec(output)?.[1] as string;
      const signIn = await fetch(link, { redirect: 'manual' });
      expect(signIn.status).toBe(303);
      expect(signIn.headers.get('set-cookie')).toContain('HttpOnly');
      process.kill(-(launcher.pid as number), 'SIGINT');
      expect(await exited).toBe(0);
      expect(output).not.toMatch(/^\s+at /m);
    },
  );
});
