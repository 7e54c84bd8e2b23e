import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { LanternError } from '../../shared/errors';
import type { PageSnapshot } from './page-snapshot';
import type { LoadOptions, PageLoader } from './page-loader';
import { playwrightCdp } from './cdp-session';
import { ChromiumRevealWindow, hasDisplay } from './chromium-reveal';
import { DEFAULT_LAUNCH_TIMEOUT_MS, LoadBudget } from './load-budget';
import { firstLine, toLoadError } from './load-errors';
import { PageDriver } from './page-driver';
import { runRevealFlow, type RevealOptions } from './reveal-flow';

// playwright-core is CommonJS (7 MB of it): require() spares the ES-module loader's scan of its
// source for named exports, 100–200 ms of every cold search.
const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

export interface ChromiumLoaderOptions {
  executablePath: string;
  /** Persistent profile: cookies (Google's NID, consent, CAPTCHA exemption) survive restarts. */
  userDataDir: string;
  headless?: boolean;
  /** Close the browser after this long without a load (it relaunches lazily). */
  idleCloseMs?: number;
  /** After the load event without a ready marker, how long scripts may still take to settle. */
  settleGraceMs?: number;
}

/**
 * The features playwright-core turns off (its chromiumSwitches.ts `disabledFeatures`, 1.65).
 * Chromium keeps only the last of a switch given twice, and playwright puts ours after its own,
 * so a --disable-features of ours must carry playwright's list too or it turns those back on.
 * tests/integration/chromium-args.test.ts checks this copy against the installed playwright-core.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Since Chromium 151 the address bar's popup (and its AI-mode twin) is a WebUI page preloaded in
 * a renderer of its own at every start, headless included, for a window no one opens here: without
 * them a persistent launch took 1.7 s of CPU instead of 2.1 and 0.97 s instead of 1.17 (eight
 * launches each, docs/lab/2026-12-03-sixth-round.md), and holds one renderer less (~75 MB,
 * gotenberg/gotenberg#1656).
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags that keep Chromium quiet on a closed network and out of the user's way. */
export function chromiumArgs(): string[] {
  const args = [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-blink-features=AutomationControlled',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
    // We read HTML only: images cost time and bandwidth for nothing.
    '--blink-settings=imagesEnabled=false',
  ];
  // Elsewhere playwright still turns the sandbox off unless launched with chromiumSandbox: true,
  // which the renderer asks for and this loader, on the search engines only, does not.
  if (sandboxUnavailable()) args.push('--no-sandbox');
  return args;
}

/** Chromium's sandbox does not start as root (CI containers); playwright then has to pass --no-sandbox. */
export function sandboxUnavailable(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The browser's own user agent with "HeadlessChrome/" written as "Chrome/", so it matches the client hints. */
export async function plainChromeUserAgent(session: CDPSession): Promise<string> {
  const { userAgent } = (await session.send('Browser.getVersion')) as { userAgent: string };
  return userAgent.replace('HeadlessChrome/', 'Chrome/');
}

/**
 * PageLoader on a system Chrome/Chromium driven by playwright-core: launched lazily on the first
 * load, reused for later ones, closed when idle and on close(); a crashed page or browser is
 * replaced on the next load.
 */
export class ChromiumPageLoader implements PageLoader {
  private context: BrowserContext | undefined;
  private launching: Promise<BrowserContext> | undefined;
  private userAgent: string | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private activeLoads = 0;
  /** Tabs that finished a load cleanly; reusing one saves ~200 ms over opening a new tab. */
  private idlePages: Array<{ page: Page; blanked: Promise<void> }> = [];
  /** Tabs handed out at least once (the launch's blank tab is taken only once). */
  private readonly inUse = new WeakSet<Page>();
  private readonly drivers = new WeakMap<Page, PageDriver>();
  /** While a person works in the visible window, loads wait: both would need the same profile. */
  private revealing: Promise<unknown> | undefined;
  private revealListeners: Array<(window: ChromiumRevealWindow) => void> = [];
  /** Number of browser launches so far (observable by tests and benchmarks). */
  launches = 0;

  constructor(private readonly options: ChromiumLoaderOptions) {}

  async load(url: string, options: LoadOptions): Promise<PageSnapshot> {
    const budget = new LoadBudget(url, options.timeoutMs, options);
    let page: Page | undefined;
    let reusable = false;
    this.activeLoads++;
    this.cancelIdleClose();
    try {
      await this.revealing?.catch(() => undefined);
      budget.throwIfAborted();
      // The launch and the tab's set-up run under the launch's limit; after a launch, the page's
      // budget starts with the browser ready.
      const launched = this.context === undefined;
      const taking = this.ensureContext().then((context) => this.takePage(context));
      // A tab set up after its load gave up is closed, not left open in the browser.
      taking.catch(() => undefined);
      page = await budget.launch(taking, launched).catch((error: unknown) => {
        void taking.then((late) => late.close()).catch(() => undefined);
        throw error;
      });
      const result = await this.driverOf(page).load(url, budget, {
        ...options,
        graceMs: this.options.settleGraceMs ?? 1500,
      });
      reusable = result.reusable;
      return result.page;
    } catch (error) {
      throw toLoadError(error, url);
    } finally {
      // A tab that failed, timed out or crashed is discarded; a clean one waits for the next load.
      if (page && reusable && !page.isClosed()) this.idlePages.push({ page, blanked: blank(page) });
      // Not awaited: a tab stuck on a hanging request can take a while to close, and the caller's
      // answer (often the error itself) must not wait for it.
      else void page?.close().catch(() => undefined);
      this.activeLoads--;
      this.scheduleIdleClose();
    }
  }

  async close(): Promise<void> {
    this.cancelIdleClose();
    const context = this.context ?? (await this.launching?.catch(() => undefined));
    this.context = undefined;
    this.launching = undefined;
    this.idlePages = [];
    await context?.close().catch(() => undefined);
  }

  /**
   * Shows `url` to a person in a visible window on the same profile (cookies and all) and waits
   * until `isSolved` says the page is what the search needed. Headless Chromium cannot show a
   * window, so the browser is relaunched headed for the flow and headless again afterwards.
   */
  async reveal(url: string, options: RevealOptions): Promise<PageSnapshot> {
    if (!hasDisplay()) {
      throw new LanternError(
        'CAPTCHA_REQUIRED',
        `The search engine wants a person to solve a check, but there is no display to show it on. Solve it in the Lantern desktop app, or run this command on a desktop (or under xvfb-run with a VNC viewer) with --interactive.`,
        { details: { url: new URL(url).origin + new URL(url).pathname } },
      );
    }
    const flow = (async () => {
      await this.close();
      const context = await this.launchContext(false);
      const window = await ChromiumRevealWindow.open(context, url);
      this.revealListeners.forEach((listener) => listener(window));
      try {
        return await runRevealFlow(window, options);
      } finally {
        await context.close().catch(() => undefined);
      }
    })();
    this.revealing = flow;
    try {
      return await flow;
    } finally {
      if (this.revealing === flow) this.revealing = undefined;
    }
  }

  /** Closes the browser and deletes its profile; the next load starts with a fresh one. */
  async resetSession(): Promise<void> {
    await this.revealing?.catch(() => undefined);
    await this.close();
    rmSync(this.options.userDataDir, { recursive: true, force: true });
  }

  /** Tells a listener (a UI, a notifier, a test) when a window opens for the person. */
  onReveal(listener: (window: ChromiumRevealWindow) => void): void {
    this.revealListeners.push(listener);
  }

  private async takePage(context: BrowserContext): Promise<Page> {
    for (let idle = this.idlePages.pop(); idle; idle = this.idlePages.pop()) {
      await idle.blanked;
      if (!idle.page.isClosed() && idle.page.context() === context) return idle.page;
    }
    // A fresh persistent context opens with one blank tab: use it rather than open another.
    const launchTab = context
      .pages()
      .find((candidate) => candidate.url() === 'about:blank' && !this.inUse.has(candidate));
    const page = launchTab ?? (await context.newPage());
    this.inUse.add(page);
    // One CDP session for the tab's life: its user agent, and the driver that loads its pages.
    const session = await context.newCDPSession(page);
    await this.hideHeadless(session);
    const driver = await PageDriver.attach(playwrightCdp(session));
    // A crashed or closed tab ends its load at once rather than at the deadline.
    page.on('crash', () => driver.fail(new Error('the page crashed')));
    page.on('close', () => driver.fail(new Error('the page has been closed')));
    this.drivers.set(page, driver);
    return page;
  }

  private driverOf(page: Page): PageDriver {
    const driver = this.drivers.get(page);
    if (!driver) throw new LanternError('INTERNAL', 'A browser tab was used before it was set up.');
    return driver;
  }

  private ensureContext(): Promise<BrowserContext> {
    if (this.context) return Promise.resolve(this.context);
    this.launching ??= this.launch().finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  private async launch(): Promise<BrowserContext> {
    const context = await this.launchContext(this.options.headless ?? true);
    context.on('close', () => {
      if (this.context !== context) return;
      this.context = undefined;
      this.idlePages = [];
    });
    this.context = context;
    return context;
  }

  private async launchContext(headless: boolean): Promise<BrowserContext> {
    try {
      const context = await chromium.launchPersistentContext(this.options.userDataDir, {
        executablePath: this.options.executablePath,
        headless,
        args: chromiumArgs(),
        // Without this flag navigator.webdriver stays false, as in a person's browser.
        ignoreDefaultArgs: ['--enable-automation'],
        // A person's window: the page fills it, as in their own browser.
        ...(headless ? {} : { viewport: null }),
        // The loads waiting on it give up at their own launch limit; this ends the launch itself.
        timeout: DEFAULT_LAUNCH_TIMEOUT_MS,
      });
      this.launches++;
      return context;
    } catch (error) {
      throw launchError(error, this.options);
    }
  }

  /**
   * Headless Chromium announces itself as "HeadlessChrome" in its user agent; present the same
   * browser's own version as plain Chrome so the user agent matches the client hints.
   */
  private async hideHeadless(session: CDPSession): Promise<void> {
    if (this.options.headless === false) return;
    this.userAgent ??= await plainChromeUserAgent(session);
    await session.send('Emulation.setUserAgentOverride', { userAgent: this.userAgent });
  }

  private scheduleIdleClose(): void {
    const idleMs = this.options.idleCloseMs ?? 5 * 60_000;
    if (this.activeLoads > 0 || !this.context) return;
    this.idleTimer = setTimeout(() => void this.close(), idleMs);
    // An idle timer must not keep a finished CLI process alive.
    this.idleTimer.unref();
  }

  private cancelIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

/**
 * Empties an idle tab in the background (between searches): the next search then starts from a
 * blank page instead of unloading a heavy one, and the old page's memory is released.
 */
function blank(page: Page): Promise<void> {
  return page.goto('about:blank', { timeout: 5000 }).then(
    () => undefined,
    () => undefined,
  );
}

function launchError(error: unknown, options: ChromiumLoaderOptions): LanternError {
  const message = error instanceof Error ? error.message : String(error);
  if (/ProcessSingleton|profile.*in use|SingletonLock/i.test(message)) {
    return new LanternError(
      'INTERNAL',
      `The browser profile ${options.userDataDir} is in use by another Lantern process. Close it, or set LANTERN_DATA_DIR to another folder.`,
    );
  }
  if (/ENOENT|Failed to launch|executable doesn't exist/i.test(message)) {
    return new LanternError(
      'BROWSER_NOT_FOUND',
      `Could not start the browser at ${options.executablePath}: ${firstLine(message)}. Set LANTERN_CHROME to a working Chrome/Chromium.`,
    );
  }
  return new LanternError(
    'INTERNAL',
    `Could not start the browser at ${options.executablePath}: ${firstLine(message)}`,
  );
}
