import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';

/** Opens a URL in the person's browser, but only when a URL parser says http or https. */
export function openExternally(url: string): void {
  try {
    const { protocol } = new URL(url);
    if (protocol === 'http:' || protocol === 'https:') void shell.openExternal(url);
  } catch {
    // not a URL: ignore
  }
}

export function createMainWindow(uiUrl: string, preloadDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1100,
    height: 780,
    minWidth: 640,
    minHeight: 480,
    title: 'Lantern',
    show: false,
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  // Links leave the app: deny in-app windows and navigation, open http(s) links externally.
  window.webContents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (url !== window.webContents.getURL()) {
      event.preventDefault();
      openExternally(url);
    }
  });
  void window.loadURL(uiUrl);
  return window;
}
