/**
 * The built desktop app in Electron, driven by playwright-core's Electron support
 * (https://playwright.dev/docs/api/class-electron): started on a temporary data dir with its
 * Google pointed at a loopback stand-in (LANTERN_ENGINE_URL_GOOGLE, honoured because a checkout
 * is not a packaged build), and the processes it started, to prove none outlives it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { assertBuiltFromCurrentSources } from '../../support/built-output';
import { PROJECT_ROOT } from '../../support/run-cli';

export interface DesktopApp {
  app: ElectronApplication;
  /** The UI's window (the first window the app opens). */
  window: Page;
  /** LANTERN_DATA_DIR; on Linux also Electron's userData (where the single-instance lock lives). */
  dataDir: string;
  env: Record<string, string>;
}

export async function launchDesktopApp(options: { engine: string }): Promise<DesktopApp> {
  assertBuiltFromCurrentSources(
    PROJECT_ROOT,
    'out/main/index.js',
    ['src/main', 'src/preload', 'src/shared', 'src/renderer'],
    'npm run build:app',
  );
  assertBuiltFromCurrentSources(
    PROJECT_ROOT,
    'dist/cli.js',
    ['src/main', 'src/shared', 'package.json'],
    'npm run build:cli',
  );
  const root = mkdtempSync(join(tmpdir(), 'lantern-electron-test-'));
  // userData is $XDG_CONFIG_HOME/<productName> on Linux (app.getPath docs): the data dir itself,
  // so the test's lock, profile and files are all in one temporary folder, apart from the person's.
  const dataDir = join(root, 'Lantern');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    XDG_CONFIG_HOME: root,
    LANTERN_DATA_DIR: dataDir,
    LANTERN_ENGINE_URL_GOOGLE: options.engine,
    LANTERN_PAGE_TIMEOUT_MS: '30000',
  };
  mkdirSync(dataDir);
  // What a person would set once: Google only (the stand-in), pages on loopback allowed.
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({ version: 1, engines: ['google'], fetch: { allowPrivateNetworks: true } }),
  );
  // The package's folder: Electron runs its "main" (out/main/index.js) under its productName.
  const app = await _electron.launch({ args: [PROJECT_ROOT], cwd: PROJECT_ROOT, env });
  const window = await app.firstWindow();
  return { app, window, dataDir, env };
}

/** The app's process and every process under it, as `ps` sees them now (POSIX). */
export function processTree(rootPid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const line of execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined || Number.isNaN(pid)) continue;
    parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** Whether `pid` still runs; a zombie (exited, not yet reaped by whoever adopted it) does not. */
export function isRunning(pid: number): boolean {
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .startsWith('Z');
  } catch {
    return false; // ps exits 1 when there is no such process
  }
}
