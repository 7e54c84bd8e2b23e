import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LanternError } from '../../shared/errors';

/** Where Chrome-family browsers usually live, most likely first. */
export function chromeCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'darwin') {
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
      'Brave Browser.app/Contents/MacOS/Brave Browser',
    ];
    const roots = ['/Applications', ...(env.HOME ? [join(env.HOME, 'Applications')] : [])];
    return roots.flatMap((root) => apps.map((app) => join(root, app)));
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((root): root is string =>
      Boolean(root),
    );
    const exes = [
      'Google\\Chrome\\Application\\chrome.exe',
      'Chromium\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
      'BraveSoftware\\Brave-Browser\\Application\\brave.exe',
    ];
    return roots.flatMap((root) => exes.map((exe) => `${root}\\${exe}`));
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/usr/bin/microsoft-edge',
    '/usr/bin/brave-browser',
  ];
}

export function installHint(platform: NodeJS.Platform): string {
  if (platform === 'darwin')
    return 'Install Google Chrome (https://www.google.com/chrome/ or `brew install --cask google-chrome`)';
  if (platform === 'win32')
    return 'Install Google Chrome (https://www.google.com/chrome/ or `winget install Google.Chrome`)';
  return 'Install Chromium (`sudo apt-get install chromium` on Debian/Ubuntu, `sudo dnf install chromium` on Fedora) or Google Chrome';
}

/**
 * The browser to drive: LANTERN_CHROME when set (it must exist), else the first installed
 * candidate. Throws BROWSER_NOT_FOUND with the install command for this OS.
 */
export function findChrome(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
): string {
  const configured = env.LANTERN_CHROME?.trim();
  if (configured) {
    if (exists(configured)) return configured;
    throw new LanternError(
      'BROWSER_NOT_FOUND',
      `LANTERN_CHROME points to ${configured}, which does not exist. Fix the path or unset it to let Lantern look for Chrome/Chromium itself.`,
    );
  }
  const candidates = chromeCandidates(platform, env);
  const found = candidates.find((path) => exists(path));
  if (found) return found;
  throw new LanternError(
    'BROWSER_NOT_FOUND',
    `No Chrome or Chromium found (looked in ${candidates.join(', ')}). ${installHint(platform)}, or set LANTERN_CHROME to its executable.`,
    { details: { searched: candidates } },
  );
}
