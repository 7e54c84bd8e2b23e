import type { BrowserWindow, BrowserWindowConstructorOptions, Shell } from 'electron';
import { join } from 'node:path';
import { loadWindowState, saveWindowState } from './window-state';
import { SECURE_WEB_PREFERENCES } from './web-preferences';

/** Opens a URL in the person's browser, but only when a URL parser says http or https. */
export function openExternally(shell: Pick<Shell, 'openExternal'>, url: string): void {
  try {
    const { protocol } = new URL(url);
    if (protocol === 'http:' || protocol === 'https:') void shell.openExternal(url);
  } catch {
    // not a URL: ignore
  }
}

export interface MainWindowElectron {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  shell: Pick<Shell, 'openExternal'>;
}

/**
 * The UI's window: our preload only, sandboxed, and nothing else may load in it — navigation and
 * new windows are denied, http(s) links open in the person's browser. Its size and place are
 * remembered in `statePath`.
 */
export function createMainWindow(
  electron: MainWindowElectron,
  options: { uiUrl: string; preloadDir: string; statePath: string },
): BrowserWindow {
  const state = loadWindowState(options.statePath);
  const window = new electron.BrowserWindow({
    ...(state.x === undefined || state.y === undefined ? {} : { x: state.x, y: state.y }),
    width: state.width,
    height: state.height,
    minWidth: 640,
    minHeight: 480,
    title: 'Lantern',
    show: false,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: join(options.preloadDir, 'index.cjs') },
  });
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    saveWindowState(options.statePath, { ...bounds, maximized: window.isMaximized() });
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    openExternally(electron.shell, url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openExternally(electron.shell, url);
  });
  void window.loadURL(options.uiUrl);
  return window;
}
