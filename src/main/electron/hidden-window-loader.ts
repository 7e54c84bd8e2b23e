import { BrowserWindow, session as electronSession, type Session } from 'electron';
import { LanternError } from '../../shared/errors';
import type { LoadOptions, PageLoader } from '../browser/page-loader';
import { runRevealFlow, type RevealOptions } from '../browser/reveal-flow';
import { ElectronRevealWindow } from './reveal-window';
import type { PageSnapshot } from '../browser/page-snapshot';

/** Hosts the hidden window may navigate to besides the engines' own (Google's consent and CAPTCHA). */
const BLOCK_PAGE_HOSTS = ['consent.google.com', 'sorry.google.com', 'www.google.com'];

/**
 * PageLoader on a hidden Electron window in its own persistent partition (`persist:search`), so
 * Google sees one steady browser with its cookies. The window has no preload, denies every
 * permission, download and popup, is muted, and navigates only to search-engine hosts.
 */
export class HiddenWindowPageLoader implements PageLoader {
  private window: BrowserWindow | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly allowedHosts: () => string[],
    private readonly idleCloseMs = 5 * 60_000,
  ) {}

  async load(url: string, { readySelectors, timeoutMs, signal, followUp }: LoadOptions): Promise<PageSnapshot> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const window = this.ensureWindow();
    const contents = window.webContents;
    let status = 0;
    const onNavigate = (_event: unknown, _url: string, code: number): void => {
      status = code;
    };
    contents.on('did-navigate', onNavigate);
    const onAbort = (): void => contents.stop();
    signal?.addEventListener('abort', onAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          contents.stop();
          reject(new LanternError('TIMEOUT', `${new URL(url).origin} did not finish within ${timeoutMs} ms (stage: loading the page). Try again, or raise the timeout.`, { details: { timeoutMs, stage: 'loading the page' } }));
        }, timeoutMs);
      });
      await Promise.race([this.navigateAndSettle(window, url, readySelectors), timeout]);
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The search was cancelled.');
      const page = await this.snapshot(status);
      const action = followUp?.(page);
      if (!action) return page;
      // One action in the live page (a consent button), then the page as it settles after it.
      const clicked = await this.clickFirstVisible(action.click);
      if (!clicked) {
        action.done?.({ failed: `none of ${action.click.join(', ')} is visible` });
        return page;
      }
      action.done?.({ clicked });
      await Promise.race([
        new Promise<void>((resolve) => contents.once('did-finish-load', () => resolve())),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
        timeout,
      ]);
      await Promise.race([this.settle(window, readySelectors), timeout]);
      return await this.snapshot(status);
    } catch (error) {
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The search was cancelled.');
      if (error instanceof LanternError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new LanternError('ENGINE_UNREACHABLE', `${new URL(url).origin} could not be loaded (${message}).`);
    } finally {
      clearTimeout(timer);
      contents.off('did-navigate', onNavigate);
      signal?.removeEventListener('abort', onAbort);
      this.idleTimer = setTimeout(() => void this.close(), this.idleCloseMs);
    }
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.window?.destroy();
    this.window = undefined;
  }

  /** Shows the hidden window (already on the blocked page) to the person until the check is solved. */
  async reveal(url: string, options: RevealOptions): Promise<PageSnapshot> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const window = this.ensureWindow();
    if (window.webContents.getURL() !== url) await window.loadURL(url).catch(() => undefined);
    return runRevealFlow(new ElectronRevealWindow(window), options);
  }

  private async snapshot(status: number): Promise<PageSnapshot> {
    const contents = this.ensureWindow().webContents;
    const html = (await contents.executeJavaScript('document.documentElement.outerHTML')) as string;
    return { finalUrl: contents.getURL(), status, html, title: contents.getTitle() };
  }

  /** Clicks the first selector whose element is visible; returns it, or undefined when none is. */
  private async clickFirstVisible(selectors: readonly string[]): Promise<string | undefined> {
    const clicked = (await this.ensureWindow().webContents.executeJavaScript(`(() => {
      for (const selector of ${JSON.stringify(selectors)}) {
        const element = document.querySelector(selector);
        if (element && element.getClientRects().length > 0) { element.click(); return selector; }
      }
      return null;
    })()`)) as string | null;
    return clicked ?? undefined;
  }

  private async navigateAndSettle(window: BrowserWindow, url: string, readySelectors: readonly string[]): Promise<void> {
    await window.loadURL(url).catch((error: unknown) => {
      // A page that redirects itself aborts the first load (ERR_ABORTED); what follows counts.
      if (!String(error).includes('ERR_ABORTED')) throw error;
    });
    await this.settle(window, readySelectors);
  }

  /** Settled = a ready selector is in the DOM, or a short grace after load for scripts to finish. */
  private async settle(window: BrowserWindow, readySelectors: readonly string[]): Promise<void> {
    const selectors = JSON.stringify(readySelectors.join(', '));
    await window.webContents.executeJavaScript(`new Promise((resolve) => {
      if (document.querySelector(${selectors})) return resolve(true);
      const observer = new MutationObserver(() => {
        if (document.querySelector(${selectors})) { observer.disconnect(); resolve(true); }
      });
      observer.observe(document, { childList: true, subtree: true });
      setTimeout(() => { observer.disconnect(); resolve(false); }, 1500);
    })`);
  }

  private ensureWindow(): BrowserWindow {
    if (this.window && !this.window.isDestroyed()) return this.window;
    const searchSession = electronSession.fromPartition('persist:search');
    hardenSession(searchSession);
    const window = new BrowserWindow({
      show: false,
      width: 1280,
      height: 900,
      webPreferences: {
        session: searchSession,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webviewTag: false,
        backgroundThrottling: false,
      },
    });
    window.webContents.setAudioMuted(true);
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    window.webContents.on('will-navigate', (event, target) => {
      if (!this.isAllowed(target)) event.preventDefault();
    });
    window.webContents.on('will-redirect', (event, target) => {
      if (!this.isAllowed(target)) event.preventDefault();
    });
    window.webContents.on('render-process-gone', () => {
      window.destroy();
      if (this.window === window) this.window = undefined;
    });
    this.window = window;
    return window;
  }

  private isAllowed(target: string): boolean {
    try {
      const { protocol, host } = new URL(target);
      if (protocol !== 'https:' && protocol !== 'http:') return false;
      return [...this.allowedHosts(), ...BLOCK_PAGE_HOSTS].includes(host);
    } catch {
      return false;
    }
  }
}

let hardened = false;
function hardenSession(searchSession: Session): void {
  if (hardened) return;
  hardened = true;
  searchSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  searchSession.setPermissionCheckHandler(() => false);
  searchSession.on('will-download', (event) => event.preventDefault());
  // Present the bundled Chromium as plain Chrome: drop the Electron and app tokens.
  searchSession.setUserAgent(
    searchSession
      .getUserAgent()
      .replace(/\sElectron\/\S+/, '')
      .replace(/\slantern\/\S+/i, ''),
  );
}
