import type { BrowserWindow, BrowserWindowConstructorOptions, Session } from 'electron';
import { LoadBudget } from '../../browser/load-budget';
import { toLoadError } from '../../browser/load-errors';
import { PageDriver, type PageRequest } from '../../browser/page-driver';
import type { LoadOptions, PageLoader } from '../../browser/page-loader';
import type { PageSnapshot } from '../../browser/page-snapshot';
import { runRevealFlow, type RevealOptions } from '../../browser/reveal-flow';
import type { BrowserIdentity } from './browser-identity';
import { electronCdp } from './electron-cdp';
import { ElectronRevealWindow } from './reveal-window';
import { blockedNavigationError, hardenBrowsingSession, isNavigationAllowed, type SessionLike } from './search-session';
import { SECURE_WEB_PREFERENCES } from './web-preferences';

export const SEARCH_PARTITION = 'persist:search';

/** The parts of electron the loader uses, passed in so tests can give it doubles. */
export interface SearchWindowElectron {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  session: { fromPartition(partition: string): Session };
}

export interface HiddenWindowLoaderOptions {
  /** The engines' hosts (host:port) the window may navigate to, read at each navigation. */
  allowedHosts: () => readonly string[];
  /** The bundled Chromium as plain Chrome (browser-identity.ts). */
  identity: BrowserIdentity;
  idleCloseMs?: number;
  settleGraceMs?: number;
}

/**
 * The window reads HTML only, as the Chromium loader's browser (which runs with images off):
 * pictures, media and fonts are never fetched.
 */
export function searchWindowAllows(request: PageRequest): boolean {
  return request.resourceType !== 'Image' && request.resourceType !== 'Media' && request.resourceType !== 'Font';
}

/**
 * PageLoader on a hidden window of the bundled Chromium in its own persistent partition
 * (`persist:search`), so Google sees one steady browser with its cookies. Everything done in the
 * page is the shared PageDriver over webContents.debugger; this class keeps the window: created
 * lazily, hardened, replaced after its renderer crashed, closed when idle and on quit, and shown
 * to the person for a CAPTCHA (the same window, so the same session and page).
 */
export class HiddenWindowPageLoader implements PageLoader {
  private window: { window: BrowserWindow; driver: Promise<PageDriver> } | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private activeLoads = 0;
  /** Windows made so far (observable by tests: a crashed one is replaced). */
  windowsCreated = 0;

  constructor(
    private readonly electron: SearchWindowElectron,
    private readonly options: HiddenWindowLoaderOptions,
  ) {}

  get started(): boolean {
    return this.window !== undefined;
  }

  async load(url: string, options: LoadOptions): Promise<PageSnapshot> {
    const budget = new LoadBudget(url, options.timeoutMs, options);
    this.activeLoads++;
    this.cancelIdleClose();
    let reusable = false;
    try {
      // Making the window is starting the browser: under the launch's limit, and the page's
      // budget starts once the window is ready when it was made for this load.
      const launched = !this.window || this.window.window.isDestroyed();
      const driver = await budget.launch(this.ensureWindow().driver, launched);
      const result = await driver.load(url, budget, { ...options, graceMs: this.options.settleGraceMs ?? 1500 });
      reusable = result.reusable;
      return result.page;
    } catch (error) {
      throw toLoadError(error, url);
    } finally {
      // A window left mid-navigation by a failed load is replaced rather than trusted.
      if (!reusable) this.discardWindow();
      this.activeLoads--;
      this.scheduleIdleClose();
    }
  }

  /** Shows the hidden window (on the blocked page) to the person until the check is solved, then hides it again. */
  async reveal(url: string, options: RevealOptions): Promise<PageSnapshot> {
    this.cancelIdleClose();
    const { window, driver } = this.ensureWindow();
    const ready = await driver;
    if (window.webContents.getURL() !== url) await window.loadURL(url).catch(() => undefined);
    try {
      return await runRevealFlow(new ElectronRevealWindow(window, () => ready.read()), options);
    } finally {
      this.scheduleIdleClose();
    }
  }

  async close(): Promise<void> {
    this.cancelIdleClose();
    this.discardWindow();
  }

  private ensureWindow(): { window: BrowserWindow; driver: Promise<PageDriver> } {
    if (this.window && !this.window.window.isDestroyed()) return this.window;
    const session = this.electron.session.fromPartition(SEARCH_PARTITION);
    hardenBrowsingSession(session as SessionLike, this.options.identity.userAgent);
    const window = new this.electron.BrowserWindow({
      show: false,
      width: 1280,
      height: 900,
      title: 'Lantern — search',
      webPreferences: {
        ...SECURE_WEB_PREFERENCES,
        session,
        // A hidden window must not be slowed down as a background tab would be.
        backgroundThrottling: false,
        // No preload: the engine's pages get nothing of ours.
      },
    });
    this.windowsCreated++;
    const contents = window.webContents;
    contents.setAudioMuted(true);
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    // The person may close the window while a CAPTCHA shows (reveal-window.ts hides it instead).
    window.on('closed', () => {
      if (this.window?.window === window) this.window = undefined;
    });
    const driver = this.attachDriver(window);
    const entry = { window, driver };
    // A refused navigation of the main frame ends the load under way at once, saying where the
    // page went: the page it was leaving may never finish loading (its load was stopped for the
    // navigation), and the one it was going to will not come.
    const refuse = (event: { preventDefault(): void }, target: string, isMainFrame: boolean): void => {
      if (isNavigationAllowed(target, this.options.allowedHosts())) return;
      event.preventDefault();
      if (isMainFrame) void driver.then((ready) => ready.fail(blockedNavigationError(target))).catch(() => undefined);
    };
    // The page's own navigations of the main frame (loadURL's and the driver's are not announced as will-navigate).
    contents.on('will-navigate', (event, target) => refuse(event, target, true));
    // Every server-side redirect, the driver's own loads included; refusing one cancels the whole
    // navigation (Electron docs, webContents Event 'will-redirect').
    contents.on('will-redirect', (event, target, _isInPlace, isMainFrame) => refuse(event, target, isMainFrame));
    // The load under way fails now; the next load gets a new window (and renderer, and session to it).
    const lost = (why: string): void => {
      void driver.then((ready) => ready.fail(new Error(why))).catch(() => undefined);
      if (this.window === entry) this.window = undefined;
      if (!window.isDestroyed()) window.destroy();
    };
    contents.on('render-process-gone', (_event, details) =>
      lost(`the search window's page crashed (${details.reason})`),
    );
    // Opening DevTools on the window (or its target going away) ends the driver's session.
    contents.debugger.on('detach', (_event, reason) => lost(`the search window's debugger detached (${reason})`));
    this.window = entry;
    return entry;
  }

  private async attachDriver(window: BrowserWindow): Promise<PageDriver> {
    const session = await electronCdp(window.webContents);
    // Per tab, like the session's user agent: the client hints too (Sec-CH-UA, navigator.userAgentData).
    await session.send('Emulation.setUserAgentOverride', this.options.identity);
    return PageDriver.attach(session, { allowRequest: searchWindowAllows });
  }

  private discardWindow(): void {
    const entry = this.window;
    this.window = undefined;
    if (entry && !entry.window.isDestroyed()) entry.window.destroy();
  }

  private scheduleIdleClose(): void {
    if (this.activeLoads > 0 || !this.window) return;
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleCloseMs ?? 5 * 60_000);
    this.idleTimer.unref();
  }

  private cancelIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}
