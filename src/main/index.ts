/**
 * Electron composition root: the only place the desktop app's singletons are made. Everything
 * behind ResearchService is shared with the headless CLI and tested under plain Node.
 */
import { app, BrowserWindow } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './electron/app-protocol';
import { HiddenWindowPageLoader } from './electron/hidden-window-loader';
import { registerIpcHandlers } from './electron/ipc';
import { createMainWindow } from './electron/main-window';
import { assembleResearch } from './node-runtime';
import { resolveDataDir } from './paths';
import { engineOriginsFromEnv } from './search/engine-origins';
import { ENGINES } from './search/engines';

app.enableSandbox();
registerAppScheme();

const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const uiUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
const isOwnUi = (url: string): boolean => url.startsWith(devServerUrl ?? APP_ORIGIN);

const origins = engineOriginsFromEnv(process.env);
const engineHosts = (): string[] =>
  Object.values(ENGINES).map((engine) => new URL(origins[engine.id] ?? engine.defaultOrigin).host);
const loader = new HiddenWindowPageLoader(engineHosts);
// better-sqlite3 compiled for Electron's ABI by `npm start` (scripts/prepare-electron.mjs); the
// copy in node_modules stays built for Node, which the CLI and the tests use.
const nativeBinding = join(app.getAppPath(), '.electron-abi/better-sqlite3/build/Release/better_sqlite3.node');
const research = assembleResearch({
  dataDir: process.env.LANTERN_DATA_DIR ? resolveDataDir() : app.getPath('userData'),
  env: process.env,
  loader,
  ...(existsSync(nativeBinding) ? { nativeBinding } : {}),
  onWarning: (message) => console.warn(message),
  // The hidden search window can always be shown to the person at the desktop.
  canShowWindow: () => true,
});

void app.whenReady().then(() => {
  if (!devServerUrl) serveRenderer(join(import.meta.dirname, '../renderer'));
  registerIpcHandlers(research, isOwnUi);
  const preloadDir = join(import.meta.dirname, '../preload');
  createMainWindow(uiUrl, preloadDir);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(uiUrl, preloadDir);
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('before-quit', () => {
  void research.close();
});
