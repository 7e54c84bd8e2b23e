/**
 * Electron composition root: the only place the desktop app's singletons are made. Everything
 * behind ResearchService is shared with the headless CLI and tested under plain Node; the
 * Electron parts take electron's objects as parameters (src/main/doors/electron/), so they are tested
 * with doubles.
 */
import { app, BrowserWindow, ipcMain, safeStorage, session, shell, utilityProcess } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startLanternServer, type LanternServer } from './doors/http/lantern-server';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './doors/electron/app-protocol';
import { chromeIdentity } from './doors/electron/browser-identity';
import { appEnvironment } from './doors/electron/development-overrides';
import { HiddenWindowPageLoader } from './doors/electron/hidden-window-loader';
import { ownUiMatcher, registerIpcHandlers } from './doors/electron/ipc';
import { ElectronRenderer } from './doors/electron/render-window';
import { createMainWindow } from './doors/electron/main-window';
import { electronPdfPrinter } from './doors/electron/pdf-window';
import { allowOnlyUiClipboardWrite } from './doors/electron/permissions';
import { utilityModelHost } from './doors/electron/utility-model-host';
import { windowStatePath } from './doors/electron/window-state';
import { assembleResearch } from './app/node-runtime';
import { resolveDataDir } from './app/paths';
import { moveEncryptedSecrets } from './settings/secrets';
import { engineOriginsFromEnv } from './search/engine-origins';
import { ENGINES } from './search/engines';

// A second launch hands over to the first (which focuses its window) and ends here.
if (!app.requestSingleInstanceLock()) {
  app.exit(0);
} else {
  start();
}

function start(): void {
  app.enableSandbox();
  registerAppScheme();

  // A packaged app ignores the development overrides (another UI origin, other engine servers).
  const env = appEnvironment(process.env, app.isPackaged);
  const devServerUrl = env.ELECTRON_RENDERER_URL;
  const uiUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
  const isOwnUi = ownUiMatcher(uiUrl);
  const dataDir = process.env.LANTERN_DATA_DIR ? resolveDataDir() : app.getPath('userData');
  const origins = engineOriginsFromEnv(env);
  const engineHosts = (): string[] =>
    Object.values(ENGINES).map((engine) => new URL(origins[engine.id] ?? engine.defaultOrigin).host);

  let mainWindow: BrowserWindow | undefined;
  let localApi: LanternServer | undefined;

  void app.whenReady().then(async () => {
    // The UI's session grants the UI its clipboard writes and nothing else; the search and render
    // partitions refuse everything (search-session.ts).
    allowOnlyUiClipboardWrite(session.defaultSession, isOwnUi);
    const identity = chromeIdentity(
      session.defaultSession.getUserAgent(),
      process.versions.chrome,
      process.platform,
      process.arch,
    );
    // The LLM key and the API token are the 0600 files every runtime reads (secrets.ts); what an
    // earlier version kept encrypted moves there now (safeStorage needs app ready).
    for (const message of moveEncryptedSecrets(dataDir, safeStorage)) console.warn(message);
    const loader = new HiddenWindowPageLoader({ BrowserWindow, session }, { allowedHosts: engineHosts, identity });
    // better-sqlite3 compiled for Electron's ABI: in a package by electron-builder, in a checkout
    // by `npm start` (scripts/prepare-electron.mjs), while node_modules stays built for Node.
    const devBinding = join(app.getAppPath(), '.electron-abi/better-sqlite3/build/Release/better_sqlite3.node');
    const research = assembleResearch({
      dataDir,
      env,
      loader,
      ...(!app.isPackaged && existsSync(devBinding) ? { nativeBinding: devBinding } : {}),
      onWarning: (message) => console.warn(message),
      // The hidden search window can always be shown to the person at the desktop.
      canShowWindow: () => true,
      runtime: 'desktop app',
      printPdf: electronPdfPrinter({ BrowserWindow, session }),
      // out/main/model-worker.js, beside this bundle's out/main/index.js, in a utility process.
      modelWorker: utilityModelHost(utilityProcess, join(import.meta.dirname, 'model-worker.js')),
      // Fetch's render fallback in a hidden window of its own partition, through the render proxy.
      renderer: () => {
        const renderer = new ElectronRenderer({ BrowserWindow, session }, identity);
        return { render: (url, request) => renderer.render(url, request), close: () => renderer.close() };
      },
    });

    const settings = await research.settings.get();
    if (settings.desktop.localApi) {
      localApi = await startLanternServer({
        api: research,
        dataDir,
        webUi: false,
        port: settings.desktop.localApiPort,
        version: app.getVersion(),
        log: (message) => console.warn(message),
      }).catch((error: unknown) => {
        console.warn(`The local API did not start: ${String(error)}`);
        return undefined;
      });
    }
    registerIpcHandlers({ ipcMain, api: research, isOwnUi, runs: research.runs });
    // The library's watched folders are followed again while the app runs (synced first).
    void research.library.resumeWatching();

    if (!devServerUrl) serveRenderer(join(import.meta.dirname, '../renderer'));
    const openMainWindow = (): BrowserWindow => {
      mainWindow = createMainWindow(
        { BrowserWindow, shell },
        { uiUrl, preloadDir: join(import.meta.dirname, '../preload'), statePath: windowStatePath(dataDir) },
      );
      // The hidden search window would keep the app alive: the UI's window is the app.
      mainWindow.on('closed', () => app.quit());
      return mainWindow;
    };
    openMainWindow();
    app.on('second-instance', () => {
      if (!mainWindow || mainWindow.isDestroyed()) return void openMainWindow();
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().filter((window) => window.isVisible()).length === 0) openMainWindow();
    });

    // No tray: closing the last window quits, and quitting closes the API, the browser window and
    // the store before the process ends (once; the second before-quit is ours).
    let closing = false;
    app.on('before-quit', (event) => {
      if (closing) return;
      closing = true;
      event.preventDefault();
      void Promise.allSettled([localApi?.close(1000)])
        .then(() => research.close())
        .finally(() => app.quit());
    });
  });
}
