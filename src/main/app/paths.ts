import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_DIR_NAME = 'Lantern';

/**
 * The data dir: LANTERN_DATA_DIR, else the platform's user data dir — the same folder Electron's
 * app.getPath('userData') gives for an app named Lantern, so the desktop app and the CLI share it.
 */
export function resolveDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const configured = env.LANTERN_DATA_DIR?.trim();
  if (configured) return configured;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_DIR_NAME);
}

/** Chromium's persistent profile (cookies such as Google's NID live here between runs). */
export function chromiumProfileDir(dataDir: string): string {
  return join(dataDir, 'chromium-profile');
}
