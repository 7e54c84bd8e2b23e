/**
 * Renders untrusted pages for fetch's render fallback in a Chromium of its own, apart from the
 * search profile: each render gets a fresh, non-persistent context (no cookies, storage or
 * service workers in or out) whose whole network goes through the proxy it is given. Service
 * workers are blocked, popups closed as they open, downloads refused. Chromium's sandbox is kept;
 * where it cannot run (as root) rendering is refused unless a setting allows it.
 */
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LanternError } from '../../shared/errors';
import { playwrightCdp } from './cdp-session';
import { chromiumArgs, plainChromeUserAgent, sandboxUnavailable } from './chromium';
import { LoadBudget } from './load-budget';
import { firstLine } from './load-errors';
import { renderAbortError, toRenderError } from './render-errors';
import { PageDriver } from './page-driver';

const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

export interface ChromiumRendererOptions {
  executablePath: string;
  /** The `fetch.renderWithoutSandbox` setting: render even where Chromium's sandbox cannot run. */
  allowWithoutSandbox: () => boolean;
  /** Close the browser after this long without a render (it relaunches lazily). */
  idleCloseMs?: number;
}

export interface RenderRequest {
  /** The HTTP proxy every connection of the page goes through, e.g. "http://127.0.0.1:43121". */
  proxyServer: string;
  timeoutMs: number;
  signal: AbortSignal;
}

export interface RenderedPage {
  finalUrl: string;
  status: number;
  html: string;
  title: string;
}

/** How long the load event may take after the document is parsed. */
const LOAD_WAIT_MS = 5000;
/** How long a rendered page's scripts may keep the network busy before it is read. */
const NETWORK_IDLE_WAIT_MS = 3000;

export class ChromiumRenderer {
  private browser: Promise<Browser> | undefined;
  private activeRenders = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private userAgent: string | undefined;

  constructor(private readonly options: ChromiumRendererOptions) {}

  async render(url: string, request: RenderRequest): Promise<RenderedPage> {
    if (sandboxUnavailable() && !this.options.allowWithoutSandbox())
      throw sandboxRefusal(url, "Lantern runs as root, where Chromium's sandbox cannot start");
    this.activeRenders++;
    this.cancelIdleClose();
    let context: BrowserContext | undefined;
    const onAbort = (): void => void context?.close().catch(() => undefined);
    request.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const browser = await this.ensureBrowser(url);
      if (request.signal.aborted) throw renderAbortError(request.signal, url, request.timeoutMs);
      context = await browser.newContext({
        // An explicit <-loopback> keeps Chromium from sending loopback addresses around the proxy.
        proxy: { server: request.proxyServer, bypass: '<-loopback>' },
        serviceWorkers: 'block',
        acceptDownloads: false,
        ...(this.userAgent === undefined ? {} : { userAgent: this.userAgent }),
      });
      const page = await context.newPage();
      // Popups (window.open, target=_blank) are closed as they open; their first request, like
      // every other, has gone through the proxy's check already.
      context.on('page', (opened: Page) => {
        if (opened !== page) void opened.close().catch(() => undefined);
      });
      const driver = await PageDriver.attach(playwrightCdp(await context.newCDPSession(page)));
      page.on('crash', () => driver.fail(new Error('the page crashed')));
      const budget = new LoadBudget(url, request.timeoutMs, { signal: request.signal });
      const { finalUrl, status, html, title } = await driver.render(url, budget, {
        loadWaitMs: LOAD_WAIT_MS,
        networkIdleWaitMs: NETWORK_IDLE_WAIT_MS,
      });
      if (request.signal.aborted) throw renderAbortError(request.signal, url, request.timeoutMs);
      return { finalUrl, status, html, title };
    } catch (error) {
      if (request.signal.aborted) throw renderAbortError(request.signal, url, request.timeoutMs);
      throw toRenderError(error, url, request.timeoutMs);
    } finally {
      request.signal.removeEventListener('abort', onAbort);
      await context?.close().catch(() => undefined);
      this.activeRenders--;
      this.scheduleIdleClose();
    }
  }

  async close(): Promise<void> {
    this.cancelIdleClose();
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }

  private ensureBrowser(url: string): Promise<Browser> {
    this.browser ??= this.launch(url).catch((error: unknown) => {
      this.browser = undefined;
      throw error;
    });
    return this.browser;
  }

  /** With the sandbox where it can run; without it only where the setting allows. */
  private async launch(url: string): Promise<Browser> {
    if (sandboxUnavailable()) return this.launchBrowser(false);
    try {
      return await this.launchBrowser(true);
    } catch (error) {
      // A kernel without user namespaces (some containers) cannot run the sandbox even for a normal user.
      if (!/sandbox/i.test(errorMessage(error))) throw launchError(error, this.options.executablePath);
      if (!this.options.allowWithoutSandbox())
        throw sandboxRefusal(url, `Chromium could not start its sandbox here (${errorMessage(error)})`);
      return this.launchBrowser(false);
    }
  }

  private async launchBrowser(sandbox: boolean): Promise<Browser> {
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath: this.options.executablePath,
        headless: true,
        // playwright turns the sandbox off unless asked.
        chromiumSandbox: sandbox,
        args: [
          ...chromiumArgs(),
          // WebRTC's UDP would go around the proxy (to any address, STUN included): only proxied TCP.
          '--webrtc-ip-handling-policy=disable_non_proxied_udp',
        ],
        ignoreDefaultArgs: ['--enable-automation'],
        timeout: 30_000,
      });
    } catch (error) {
      if (sandbox && /sandbox/i.test(errorMessage(error))) throw error;
      throw launchError(error, this.options.executablePath);
    }
    browser.on('disconnected', () => {
      this.browser = undefined;
    });
    try {
      // Headless Chromium names itself "HeadlessChrome"; present the same version as plain Chrome.
      const session = await browser.newBrowserCDPSession();
      this.userAgent = await plainChromeUserAgent(session);
      await session.detach().catch(() => undefined);
    } catch (error) {
      await browser.close().catch(() => undefined);
      throw launchError(error, this.options.executablePath);
    }
    return browser;
  }

  private scheduleIdleClose(): void {
    if (this.activeRenders > 0 || this.browser === undefined) return;
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleCloseMs ?? 60_000);
    // An idle timer must not keep a finished CLI process alive.
    this.idleTimer.unref();
  }

  private cancelIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

function sandboxRefusal(url: string, why: string): LanternError {
  return new LanternError(
    'FETCH_FAILED',
    `Refused to render ${new URL(url).origin} in a browser: ${why}, and an untrusted page would run without it. Run Lantern as a normal user where the sandbox works, or (in a throwaway container) render anyway with \`lantern settings set fetch.renderWithoutSandbox true\` (that is, set "fetch": { "renderWithoutSandbox": true } in settings.json).`,
    { details: { reason: 'no-sandbox' } },
  );
}

function launchError(error: unknown, executablePath: string): LanternError {
  return new LanternError(
    'BROWSER_NOT_FOUND',
    `Could not start the browser at ${executablePath} to render a page: ${errorMessage(error)}. Set LANTERN_CHROME to a working Chrome/Chromium.`,
  );
}

function errorMessage(error: unknown): string {
  return firstLine(error instanceof Error ? error.message : String(error));
}
