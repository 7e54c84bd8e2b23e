/**
 * Web mode's app window: the system Chrome/Chromium with `--app=<url>` (no tabs, no address bar)
 * on a profile of its own, so it neither touches the person's browsing profile nor shares the
 * search profile's cookies with the UI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { findChrome } from '../../browser/find-chrome';

export interface AppWindow {
  /** Resolves when the window's browser has exited (the person closed it, or close() ran). */
  exited: Promise<void>;
  close(): void;
}

export function appWindowProfileDir(dataDir: string): string {
  return join(dataDir, 'app-window-profile');
}

/** Opens `url` in an app window; undefined when no Chrome/Chromium is found. */
export function openAppWindow(
  url: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): AppWindow | undefined {
  let executable: string;
  try {
    executable = findChrome(env);
  } catch {
    return undefined;
  }
  const profile = appWindowProfileDir(dataDir);
  mkdirSync(profile, { recursive: true });
  const args = [
    `--app=${url}`,
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-sync',
  ];
  // Chromium's sandbox cannot start as root (containers); it refuses to run at all without this.
  if (process.platform === 'linux' && process.getuid?.() === 0) args.push('--no-sandbox');
  let child: ChildProcess;
  try {
    // Its own process group, so closing takes Chromium's helper processes with it.
    child = spawn(executable, args, { stdio: 'ignore', detached: process.platform !== 'win32' });
  } catch {
    return undefined;
  }
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return {
    exited,
    close() {
      if (child.exitCode !== null || child.pid === undefined) return;
      try {
        if (process.platform === 'win32') child.kill();
        else process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}
