/**
 * A PageLoader without a browser, for tests of what SearchService does with pages (cache, paging,
 * dedupe, fallback, pacing, errors): it asks a fixture web on loopback (fixture-web.ts) for the
 * page, so which recorded page a query and `start=` get, the block pages, redirects, status codes
 * and Retry-After are the fixture's own, and hands back the PageSnapshot ChromiumPageLoader
 * (chromium.ts + page-driver.ts) makes of that answer. What it models of the real loader:
 *
 * - One budget per load, the product's own LoadBudget: the deadline (or now + timeoutMs) covers
 *   the whole load; a TIMEOUT names the stage it ran out in — "waiting for the page to respond"
 *   until the response headers of the last redirect come (Page.navigate resolves at commit),
 *   then "waiting for the page to settle" with settleTimeoutError's message and details (what it
 *   waited for; the partial document's readyState "loading", selectors present and those not yet
 *   complete, as INSPECT_READINESS reports them); an aborted signal ends it with CANCELLED.
 * - Readiness (ReadySignal + PageDriver.settle): a document is ready once it is parsed and one of
 *   readySelectors or completeSelectors is in it; without any, the page still gets `settleGraceMs`
 *   (ChromiumPageLoader's default 1,500 ms) before it is read as it is, and a grace that outlasts
 *   the budget ends in the settle-stage TIMEOUT the real snapshot read (1 ms left) ends in.
 * - The snapshot (PageDriver.snapshot + READ_PAGE_CONTENT): finalUrl is where the redirects ended,
 *   status and Retry-After those of that last document, html the document without <script> and
 *   <style> and with inline image bytes dropped, behind `<!DOCTYPE name>`, title as document.title.
 *   A non-HTML answer is shown as Chromium shows text, in a <pre>.
 * - Failures as toLoadError words them: a refused or reset connection is Chromium's
 *   net::ERR_… (ENGINE_UNREACHABLE); close() ends loads under way as a closed browser does.
 * - Requests as a browser makes them: redirects followed (up to 20), each on a connection of its own.
 * - followUp is asked once per load about the settled page; like a loader that cannot act in a
 *   page (the PageLoader contract), this one performs no action and returns the page as it was.
 *
 * What it does not do, and why the tests that need it stay on real Chromium: run the page's
 * scripts (no gbv=2 reload, no asset requests, no page that navigates itself), read a page early
 * while the rest of its document is still arriving (complete/trailing selectors: it reads the
 * whole document, the latest moment the real loader reads), click (consent), keep cookies, show a
 * window (no reveal). Read the parse-equivalence check in search-recorded-pages.test.ts: on every
 * recorded Google page its snapshot parses to what Chromium's does.
 */
import { get as httpGet, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { load, type CheerioAPI } from 'cheerio/slim';
import { LoadBudget } from '../../src/main/browser/load-budget';
import { settleTimeoutError, toLoadError } from '../../src/main/browser/load-errors';
import type { LoadOptions, PageLoader } from '../../src/main/browser/page-loader';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import type { ReadinessSeen, ReadySelectors } from '../../src/main/browser/ready-signal';
import { parseRetryAfter } from '../../src/main/common/retry-after';
import { LanternError } from '../../src/shared/errors';

export interface ReplayingLoaderOptions {
  /** As ChromiumLoaderOptions.settleGraceMs: after a parsed page without a marker, how long before it is read anyway. */
  settleGraceMs?: number;
}

/** One load as the loader saw it: the URL asked for and, when it answered, where it ended. */
export interface ReplayedLoad {
  url: string;
  finalUrl?: string;
  status?: number;
  /** The LanternError code it failed with. */
  error?: string;
}

/** Chromium's name for what undici reports when a connection fails (net_error_list.h). */
const NET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
  ECONNRESET: 'ERR_CONNECTION_RESET',
  ENOTFOUND: 'ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'ERR_NAME_NOT_RESOLVED',
  ETIMEDOUT: 'ERR_CONNECTION_TIMED_OUT',
  EHOSTUNREACH: 'ERR_ADDRESS_UNREACHABLE',
};

export class ReplayingPageLoader implements PageLoader {
  /** Every load, in the order asked. */
  readonly loads: ReplayedLoad[] = [];
  private readonly running = new Set<LoadBudget>();
  private opened = false;

  constructor(private readonly options: ReplayingLoaderOptions = {}) {}

  get started(): boolean {
    return this.opened;
  }

  async load(url: string, options: LoadOptions): Promise<PageSnapshot> {
    const budget = new LoadBudget(url, options.timeoutMs, options);
    const record: ReplayedLoad = { url };
    this.loads.push(record);
    this.opened = true;
    this.running.add(budget);
    const request = new AbortController();
    const awaited: ReadySelectors = {
      readySelectors: options.readySelectors,
      completeSelectors: options.completeSelectors,
      trailingSelectors: options.trailingSelectors,
      trailingWaitMs: options.trailingWaitMs,
    };
    let stage: 'waiting for the page to respond' | 'waiting for the page to settle' = 'waiting for the page to respond';
    let received = '';
    try {
      budget.throwIfAborted();
      const response = await budget.within(navigate(url, request.signal), stage);
      stage = 'waiting for the page to settle';
      const html = await budget.within(
        readBody(response.body, (text) => (received = text)),
        stage,
      );
      const shown = /html/i.test(header(response.headers, 'content-type') ?? 'text/html')
        ? html
        : `<html><head></head><body><pre>${escapeText(html)}</pre></body></html>`;
      const $ = load(shown);
      if (!hasMarker($, awaited)) {
        // PageDriver.settle: the load event came without a marker; the scripts get the grace (a
        // static page never becomes ready), then the page is read in the time left.
        await budget.atMost(new Promise<never>(() => undefined), this.options.settleGraceMs ?? 1500);
        if (Date.now() >= budget.deadline)
          throw settleTimeoutError(url, options.timeoutMs, awaited, inspect($, awaited, 'complete'));
      }
      const retryAfterMs = parseRetryAfter(header(response.headers, 'retry-after'), Date.now());
      const page: PageSnapshot = {
        finalUrl: response.url,
        status: response.status,
        title: documentTitle($),
        html: readContent($),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
      // Asked once about the settled page; this loader cannot act in it (see above).
      options.followUp?.(page);
      Object.assign(record, { finalUrl: page.finalUrl, status: page.status });
      return page;
    } catch (error) {
      const failure = this.failureOf(error, url, budget, stage, awaited, received);
      record.error = failure.code;
      throw failure;
    } finally {
      request.abort();
      this.running.delete(budget);
    }
  }

  /** As closing the browser: loads under way fail as their closed tab does. */
  async close(): Promise<void> {
    this.opened = false;
    for (const budget of this.running) budget.fail(new Error('Target page, context or browser has been closed'));
  }

  /** PageDriver.load's catch: CANCELLED once the signal aborted, a settle TIMEOUT with what the page had, else toLoadError. */
  private failureOf(
    error: unknown,
    url: string,
    budget: LoadBudget,
    stage: string,
    awaited: ReadySelectors,
    received: string,
  ): LanternError {
    if (budget.signal?.aborted)
      return new LanternError('CANCELLED', 'The search was cancelled before the page finished loading.');
    const failure = toLoadError(error, url);
    if (
      failure.code === 'TIMEOUT' &&
      stage === 'waiting for the page to settle' &&
      failure.details?.seen === undefined
    ) {
      return settleTimeoutError(url, budget.timeoutMs, awaited, inspect(load(received), awaited, 'loading'));
    }
    return failure;
  }
}

interface Answer {
  /** Where the redirects ended. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Chromium gives up after 20 redirects (net::ERR_TOO_MANY_REDIRECTS). */
const MAX_REDIRECTS = 20;

/**
 * Page.navigate: resolves once the last document of the redirect chain has answered (its headers).
 * Each request on a connection of its own: a browser retries a request whose reused keep-alive
 * connection the server had just closed, which a pooled client would report as a reset instead.
 */
async function navigate(url: string, signal: AbortSignal): Promise<Answer> {
  let current = url;
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
    const answer = await get(current, signal);
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.status) || location === undefined) return answer;
    answer.body.resume();
    current = new URL(location, current).href;
  }
  throw new Error(`net::ERR_TOO_MANY_REDIRECTS at ${url}`);
}

function get(url: string, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? httpsGet : httpGet)(
      url,
      { agent: false, signal, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } },
      (body) => resolve({ url, status: body.statusCode ?? 0, headers: body.headers, body }),
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) return reject(error);
      reject(new Error(`net::${NET_ERRORS[error.code ?? ''] ?? 'ERR_FAILED'} at ${url}`));
    });
  });
}

/**
 * The document as it arrives (`progress` sees the text so far, for a settle TIMEOUT's report). A
 * connection lost half-way ends the document there: Chromium shows what came.
 */
async function readBody(body: IncomingMessage, progress: (text: string) => void): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      text += decoder.decode(chunk, { stream: true });
      progress(text);
    }
  } catch {
    // The document ends where the connection did.
  }
  return text + decoder.decode();
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function markersOf(awaited: ReadySelectors): string[] {
  return [...awaited.readySelectors, ...(awaited.completeSelectors ?? [])];
}

/** ReadySignal's test for a parsed document: a ready or complete selector matches an element. */
function hasMarker($: CheerioAPI, awaited: ReadySelectors): boolean {
  return markersOf(awaited).some((selector) => $(selector).length > 0);
}

/** INSPECT_READINESS on the document as far as it came. */
function inspect($: CheerioAPI, awaited: ReadySelectors, readyState: 'loading' | 'complete'): ReadinessSeen {
  const complete = awaited.completeSelectors ?? [];
  const hasFollower = (selector: string): boolean => {
    for (let node = $(selector).first(); node.length > 0 && !node.is('body'); node = node.parent())
      if (node.nextAll().length > 0) return true;
    return false;
  };
  return {
    readyState,
    present: [...new Set(markersOf(awaited))].filter((selector) => $(selector).length > 0),
    open: complete.filter((selector) => $(selector).length > 0 && !hasFollower(selector)),
  };
}

/**
 * READ_PAGE_CONTENT: the document without scripts, styles and inline image bytes, behind its
 * doctype. The real one works on a copy (the live page goes on); here the parsed tree is the
 * loader's own and read once, so it is changed in place.
 */
function readContent($: CheerioAPI): string {
  $('script, style').remove();
  $('[src^="data:"]').attr('src', 'data:');
  const doctype = $.root()
    .contents()
    .toArray()
    .find((node) => node.type === 'directive');
  const name = doctype && 'data' in doctype ? /^!doctype\s+([^\s>]+)/i.exec(String(doctype.data))?.[1] : undefined;
  const root = $('html').first();
  return (name === undefined ? '' : `<!DOCTYPE ${name.toLowerCase()}>`) + (root.length > 0 ? $.html(root) : $.html());
}

/** document.title: the first <title>'s text, whitespace collapsed. */
function documentTitle($: CheerioAPI): string {
  return $('title')
    .first()
    .text()
    .replace(/[\t\n\f\r ]+/g, ' ')
    .trim();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
