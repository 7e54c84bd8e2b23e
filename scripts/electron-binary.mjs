// Whether Electron's binary is on this machine, for `npm start` (desktop app or web mode) and
// `npm test` (the Electron e2e suite runs or is counted as skipped). The rule is the electron
// package's own (node_modules/electron/index.js): ELECTRON_OVERRIDE_DIST_PATH names a dist folder
// of the same version, else `npm install`'s download left path.txt and dist/ in the package.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** LANTERN_ELECTRON_DIR stands in for the electron package's folder in tests. */
export function electronBinaryInstalled(root) {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return existsSync(process.env.ELECTRON_OVERRIDE_DIST_PATH);
  let dir = process.env.LANTERN_ELECTRON_DIR;
  if (!dir) {
    try {
      dir = dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
    } catch {
      return false;
    }
  }
  return existsSync(join(dir, 'path.txt')) && existsSync(join(dir, 'dist'));
}
