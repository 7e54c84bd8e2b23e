/**
 * Electron composition root: the only place the desktop app's singletons are made. Everything
 * behind ResearchService is shared with the headless CLI and tested under plain Node.
 */
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './electron/app-protocol';
import { HiddenWindowPageLoader } from './electron/hidden-window-loader';
import { registerIpcHandlers } from './electron/ipc';
import { createMainWindow } from './electron/main-window';
import { engineOriginsFromEnv } from './search/engine-origins';
import { ENGINES } from './search/engines';
import { MemoryResultCache } from './search/result-cache';
import { SearchService } from './search/search-service';
import { ResearchService } from './service';

app.enableSandbox();
registerAppScheme();

const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const uiUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
const isOwnUi = (url: string): boolean => url.startsWith(devServerUrl ?? APP_ORIGIN);

const origins = engineOriginsFromEnv(process.env);
const engineHosts = (): string[] =>
  Object.values(ENGINES).map((engine) => new URL(origins[engine.id] ?? engine.defaultOrigin).host);
const loader = new HiddenWindowPageLoader(engineHosts);
const research = new ResearchService({
  loader,
  search: new SearchService({ loader, engines: ENGINES, cache: new MemoryResultCache(), origins }),
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
