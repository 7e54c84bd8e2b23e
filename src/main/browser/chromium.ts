import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, CDPSession, Page, Response } from 'playwright-core';
import { LanternError } from '../../shared/errors';
import type { PageSnapshot } from './page-snapshot';
import type { LoadOptions, PageAction, PageActionOutcome, PageLoader } from './page-loader';
import { ChromiumRevealWindow, hasDisplay } from './chromium-reveal';
import { READ_PAGE_CONTENT, type PageContent } from './page-content';
import { ReadySignal, type ReadinessSeen, type ReadySelectors, type ReadyWatch } from './ready-signal';
import { runRevealFlow, type RevealOptions } from './reveal-flow';
import { parseRetryAfter } from '../retry-after';

// playwright-core is CommonJS (7 MB of it): require() spares the ES-module loader's scan of its
// source for named exports, 100–200 ms of every cold search.
const { chromium, errors: playwrightErrors } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

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

/** Flags that keep Chromium quiet on a closed network and out of the user's way. */
export function chromiumArgs(): string[] {
  const args = [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-blink-features=AutomationControlled',
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

/** How long a follow-up action waits for its button to become visible. */
const ACTION_VISIBLE_WAIT_MS = 1000;
/** How long a timed-out page may take to say what it has (a page busy with its scripts may not). */
const INSPECT_WAIT_MS = 300;

type Stage = 'launching the browser' | 'waiting for the page to respond' | 'waiting for the page to settle';

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
  private readonly readiness = new WeakMap<Page, ReadySignal>();
  /** While a person works in the visible window, loads wait: both would need the same profile. */
  private revealing: Promise<unknown> | undefined;
  private revealListeners: Array<(window: ChromiumRevealWindow) => void> = [];
  /** Number of browser launches so far (observable by tests and benchmarks). */
  launches = 0;

  constructor(private readonly options: ChromiumLoaderOptions) {}

  async load(url: string, options: LoadOptions): Promise<PageSnapshot> {
    const { readySelectors, completeSelectors, timeoutMs, deadline: givenDeadline, signal, followUp } = options;
    const readyWhen = { readySelectors, completeSelectors };
    const deadline = givenDeadline ?? Date.now() + timeoutMs;
    const remaining = (): number => Math.max(1, deadline - Date.now());
    let stage: Stage = 'launching the browser';
    let page: Page | undefined;
    let watch: ReadyWatch | undefined;
    let reusable = false;
    const onAbort = (): void => void page?.close().catch(() => undefined);

    this.activeLoads++;
    this.cancelIdleClose();
    try {
      await this.revealing?.catch(() => undefined);
      throwIfAborted(signal);
      const context = await withDeadline(this.ensureContext(), remaining(), () => timeoutError(url, timeoutMs, stage));
      throwIfAborted(signal);
      page = await this.takePage(context);
      const readiness = this.readinessOf(page);
      signal?.addEventListener('abort', onAbort, { once: true });
      // Armed before navigating, so the new document is watched from its first byte.
      watch = await readiness.watch(readyWhen);

      stage = 'waiting for the page to respond';
      const response = await page.goto(url, { waitUntil: 'commit', timeout: remaining() });
      stage = 'waiting for the page to settle';
      const graceMs = this.options.settleGraceMs ?? 1500;
      const content = await settle(page, watch, remaining, graceMs);
      throwIfAborted(signal);
      let snapshot = await snapshotOf(page, response ?? undefined, content);
      reusable = true;
      const action = followUp?.(snapshot);
      if (action) {
        const { outcome, document, content: after } = await performAction(page, action, () => readiness.watch(readyWhen, { currentDocument: true }), remaining, graceMs);
        action.done?.(outcome);
        throwIfAborted(signal);
        // After a failed step the tab may be mid-navigation: hand back the page as it was, and
        // do not reuse the tab.
        if ('clicked' in outcome) snapshot = await snapshotOf(page, document, after, snapshot.status);
        else reusable = false;
      }
      return snapshot;
    } catch (error) {
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The search was cancelled before the page finished loading.');
      const failure = toLoadError(error, url, timeoutMs, stage);
      if (failure.code === 'TIMEOUT' && stage === 'waiting for the page to settle' && page) {
        // Say what the wait was for and what the page had, so a changed layout shows in one message.
        const seen = await withDeadline(this.readinessOf(page).inspect(readyWhen), INSPECT_WAIT_MS, () => new Error('no answer')).catch(() => undefined);
        throw settleTimeoutError(url, timeoutMs, readyWhen, seen);
      }
      throw failure;
    } finally {
      watch?.dispose();
      signal?.removeEventListener('abort', onAbort);
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
    const launchTab = context.pages().find((candidate) => candidate.url() === 'about:blank' && !this.inUse.has(candidate));
    const page = launchTab ?? (await context.newPage());
    this.inUse.add(page);
    // One CDP session for the tab's life: its user agent, and telling when its pages are ready.
    const session = await context.newCDPSession(page);
    const [readiness] = await Promise.all([ReadySignal.attach(session), this.hideHeadless(session)]);
    this.readiness.set(page, readiness);
    return page;
  }

  private readinessOf(page: Page): ReadySignal {
    const readiness = this.readiness.get(page);
    if (!readiness) throw new LanternError('INTERNAL', 'A browser tab was used before it was set up.');
    return readiness;
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
        timeout: 30_000,
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
 * Settled = the parser is past the end of a complete selector's element (all results are in), or
 * a ready selector is in the parsed document (see ReadySignal). When the load event comes first (an unexpected page, or a
 * JavaScript shell that redirects itself), give the page's scripts a short grace to reach a
 * ready state, then hand back whatever is there. Resolves with the page's content when the
 * watcher read it at the ready moment.
 */
async function settle(page: Page, watch: ReadyWatch, remaining: () => number, graceMs: number): Promise<PageContent | undefined> {
  const loaded = page.waitForLoadState('load', { timeout: remaining() }).then(() => 'loaded' as const);
  loaded.catch(() => undefined);
  const first = await Promise.race([watch.ready, loaded]);
  if (first !== 'loaded') return first;
  // The grace timer must not keep a finished CLI process alive when the page wins the race.
  return Promise.race([watch.ready, sleep(Math.min(remaining(), graceMs), undefined, { ref: false })]);
}

/** The page as a snapshot; `content` when it was read already (by the readiness watcher). */
async function snapshotOf(page: Page, response: Response | undefined, content?: PageContent, statusWithoutResponse = 0): Promise<PageSnapshot> {
  const retryAfterMs = parseRetryAfter(response?.headers()['retry-after'], Date.now());
  const { html, title } = content ?? (await pageContent(page));
  return {
    finalUrl: page.url(),
    status: response?.status() ?? statusWithoutResponse,
    html,
    title,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}

/**
 * Clicks the first visible selector of `action`, waits until the click took effect (a new
 * document replaced the page, or the clicked element went away) and lets the page settle again.
 * Never throws: a step that does not work is an outcome, and the caller keeps the page it had.
 */
async function performAction(
  page: Page,
  action: PageAction,
  watchReadiness: () => Promise<ReadyWatch>,
  remaining: () => number,
  graceMs: number,
): Promise<{ outcome: PageActionOutcome; document?: Response; content?: PageContent }> {
  // The page settled on a marker that is attached, not necessarily shown yet: give it a moment.
  await page
    .locator(action.click.join(', '))
    .first()
    .waitFor({ state: 'visible', timeout: Math.min(remaining(), ACTION_VISIBLE_WAIT_MS) })
    .catch(() => undefined);
  let selector: string | undefined;
  for (const candidate of action.click) {
    if (await page.locator(candidate).first().isVisible().catch(() => false)) {
      selector = candidate;
      break;
    }
  }
  if (selector === undefined) return { outcome: { failed: `none of ${action.click.join(', ')} is visible in the page` } };

  let document: Response | undefined;
  const onResponse = (response: Response): void => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) document = response;
  };
  page.on('response', onResponse);
  const button = await page.locator(selector).first().elementHandle({ timeout: remaining() }).catch(() => null);
  try {
    if (!button) return { outcome: { failed: `${selector} went away before it could be clicked` } };
    // Watch the exact element clicked, not the selector: a wall that comes back after the click
    // (same markup, new document) must count as a navigation, not as "still waiting".
    const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: remaining() });
    const hidden = button.waitForElementState('hidden', { timeout: remaining() });
    // Whichever does not happen (or the click failing first) must not surface as an unhandled rejection.
    navigated.catch(() => undefined);
    hidden.catch(() => undefined);
    await button.click({ timeout: remaining() });
    await Promise.any([navigated, hidden]);
    // The page the click left (a new document, or the same one without its wall) is watched again.
    const watch = await watchReadiness();
    let content: PageContent | undefined;
    try {
      content = await settle(page, watch, remaining, graceMs);
    } finally {
      watch.dispose();
    }
    return { outcome: { clicked: selector }, ...(document ? { document } : {}), ...(content ? { content } : {}) };
  } catch (error) {
    const reason = error instanceof AggregateError ? error.errors[0] : error;
    return { outcome: { failed: `clicking ${selector} led nowhere within the time left (${firstLine(reason instanceof Error ? reason.message : String(reason))})` } };
  } finally {
    page.off('response', onResponse);
    await button?.dispose().catch(() => undefined);
  }
}

/** Reading fails while a script-driven navigation is under way; read again once it lands. */
async function pageContent(page: Page): Promise<PageContent> {
  const read = `(${READ_PAGE_CONTENT})()`;
  try {
    return await page.evaluate<PageContent>(read);
  } catch {
    await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    return page.evaluate<PageContent>(read);
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

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new LanternError('CANCELLED', 'The search was cancelled.');
}

function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function timeoutError(url: string, timeoutMs: number, stage: Stage): LanternError {
  return new LanternError(
    'TIMEOUT',
    `${originOf(url)} did not finish within ${timeoutMs} ms (stage: ${stage}). Try again, or raise the timeout.`,
    { details: { timeoutMs, stage } },
  );
}

/** A TIMEOUT while waiting for readiness: what the wait was for, and what the page had by then. */
function settleTimeoutError(url: string, timeoutMs: number, awaited: ReadySelectors, seen: ReadinessSeen | undefined): LanternError {
  const stage: Stage = 'waiting for the page to settle';
  const complete = awaited.completeSelectors ?? [];
  const waitingFor = [
    ...(complete.length > 0 ? [`the parser to pass the end of ${complete.join(' or ')}`] : []),
    `${awaited.readySelectors.join(' or ')} in a fully parsed page`,
  ].join(', or for ');
  const had =
    seen === undefined
      ? 'the page did not answer when asked what it had'
      : `the page was ${seen.readyState === 'loading' ? 'still being parsed' : `parsed (${seen.readyState})`}, with ${
          seen.present.length > 0 ? `${seen.present.join(', ')} present` : 'none of them present'
        }${seen.open.length > 0 ? ` (${seen.open.join(', ')} not yet complete)` : ''}`;
  return new LanternError(
    'TIMEOUT',
    `${originOf(url)} did not finish within ${timeoutMs} ms (stage: ${stage}). Lantern was waiting for ${waitingFor}; ${had}. Try again, or raise the timeout; if it keeps happening, the page's layout may have changed.`,
    { details: { timeoutMs, stage, waitingFor: { complete, ready: awaited.readySelectors }, ...(seen ? { seen } : {}) } },
  );
}

function toLoadError(error: unknown, url: string, timeoutMs: number, stage: Stage): LanternError {
  if (error instanceof LanternError) return error;
  if (error instanceof playwrightErrors.TimeoutError) return timeoutError(url, timeoutMs, stage);
  const message = error instanceof Error ? error.message : String(error);
  const netError = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  if (netError) {
    return new LanternError(
      'ENGINE_UNREACHABLE',
      `${originOf(url)} could not be reached (${netError}). Check the network connection or the engine's address.`,
      { details: { netError } },
    );
  }
  if (/crash|Target (page, context or browser )?closed|has been closed/i.test(message)) {
    return new LanternError(
      'ENGINE_UNREACHABLE',
      `The browser page closed unexpectedly while loading ${originOf(url)} (${firstLine(message)}). The next search starts a fresh page.`,
    );
  }
  return new LanternError('INTERNAL', `The browser failed while loading ${originOf(url)}: ${firstLine(message)}`);
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
  return new LanternError('INTERNAL', `Could not start the browser at ${options.executablePath}: ${firstLine(message)}`);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the page';
  }
}

export function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
