import type { BrowserWindow, BrowserWindowConstructorOptions, Session } from 'electron';
import { LoadBudget } from '../../browser/load-budget';
import { PageDriver, type PageRequest } from '../../browser/page-driver';
import type { RenderedPage, RenderRequest } from '../../browser/chromium-renderer';
import { renderAbortError, toRenderError } from '../../browser/render-errors';
import type { BrowserIdentity } from './browser-identity';
import { electronCdp } from './electron-cdp';
import { hardenBrowsingSession, type SessionLike } from './search-session';
import { SECURE_WEB_PREFERENCES } from './web-preferences';

/**
 * Render partitions are named this plus a number. In memory only (no `persist:`): nothing a
 * rendered page stores outlives the app, and each is cleared after its render.
 */
export const RENDER_PARTITION_PREFIX = 'lantern-render-';

/** How long the load event may take after the document is parsed. */
const LOAD_WAIT_MS = 5000;
/** How long a rendered page's scripts may keep the network busy before it is read. */
const NETWORK_IDLE_WAIT_MS = 3000;

export interface RenderWindowElectron {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  session: { fromPartition(partition: string): Session };
}

/** Only the web: no file:, chrome:, or other schemes a page might reach for. */
export function renderWindowAllows({ url }: PageRequest): boolean {
  return /^(https?|data|blob):/i.test(url);
}

/**
 * Fetch's render fallback in the desktop app: the page is loaded in a hidden window of the
 * bundled Chromium, every connection through the render proxy that checks each address, and read
 * by the same PageDriver as the headless renderer (chromium-renderer.ts). One window per render,
 * destroyed after it, in a partition of its own for as long as the render lasts (never the search
 * session): a proxy is a session's setting (Electron docs, ses.setProxy) and each render has its
 * own proxy, so renders running at once cannot share a session. Electron offers no way to drop a
 * session, so a partition whose render ended is cleared and taken by the next render.
 */
export class ElectronRenderer {
  /** Partitions made so far and not in use. */
  private readonly idle: string[] = [];
  private partitions = 0;

  constructor(
    private readonly electron: RenderWindowElectron,
    private readonly identity: BrowserIdentity,
  ) {}

  async render(url: string, request: RenderRequest): Promise<RenderedPage> {
    const partition = this.idle.pop() ?? `${RENDER_PARTITION_PREFIX}${++this.partitions}`;
    try {
      return await this.renderIn(this.electron.session.fromPartition(partition), url, request);
    } finally {
      this.idle.push(partition);
    }
  }

  async close(): Promise<void> {
    // Windows are destroyed after each render; nothing stays open.
  }

  private async renderIn(session: Session, url: string, request: RenderRequest): Promise<RenderedPage> {
    hardenBrowsingSession(session as SessionLike, this.identity.userAgent);
    // An explicit <-loopback> keeps Chromium from sending loopback addresses around the proxy.
    await session.setProxy({ proxyRules: request.proxyServer, proxyBypassRules: '<-loopback>' });
    // Sockets pooled under the partition's previous proxy could otherwise carry this render's
    // requests (Electron docs, ses.setProxy).
    await session.closeAllConnections();
    const window = new this.electron.BrowserWindow({
      show: false,
      webPreferences: { ...SECURE_WEB_PREFERENCES, session, backgroundThrottling: false, images: false },
    });
    const contents = window.webContents;
    contents.setAudioMuted(true);
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    // WebRTC's UDP would go around the proxy (to any address, STUN included): only proxied TCP.
    contents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp');
    const budget = new LoadBudget(url, request.timeoutMs, { signal: request.signal });
    contents.on('render-process-gone', () => budget.fail(new Error('the page crashed')));
    try {
      // Setting the window up is starting the browser, as in the headless renderer: under the
      // launch's limit (and ended when cancelled); the render's time starts once it is ready.
      const driver = await budget.launch(this.attach(contents), true);
      const { finalUrl, status, html, title } = await driver.render(url, budget, {
        loadWaitMs: LOAD_WAIT_MS,
        networkIdleWaitMs: NETWORK_IDLE_WAIT_MS,
      });
      return { finalUrl, status, html, title };
    } catch (error) {
      if (request.signal.aborted) throw renderAbortError(request.signal, url, request.timeoutMs);
      throw toRenderError(error, url, request.timeoutMs);
    } finally {
      if (!window.isDestroyed()) window.destroy();
      // Nothing one page stored (cookies, storage, service workers) is seen by the next render in this partition.
      await session.clearStorageData().catch(() => undefined);
    }
  }

  private async attach(contents: BrowserWindow['webContents']): Promise<PageDriver> {
    const cdp = await electronCdp(contents);
    await cdp.send('Emulation.setUserAgentOverride', this.identity);
    return PageDriver.attach(cdp, { allowRequest: renderWindowAllows });
  }
}
