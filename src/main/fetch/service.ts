/**
 * The fetch pipeline: request → URLs → (cache) → policy-checked HTTP → document → optional browser
 * render → page, windowed to the caller's character budget. Every dependency is passed in.
 */
import type { Dispatcher } from 'undici';
import { LanternError, toErrorInfo } from '../../shared/errors';
import { fairShares, textWindow } from './budget';
import { isUnreadableType, parseContentType, unsupported } from './content-type';
import { extractHtml as defaultExtractHtml } from '../extract';
import { createGuardedConnect } from './guarded-connect';
import { createGuardedDispatcher } from './guarded-dispatcher';
import { HostRateLimiter } from './host-rate-limit';
import { httpGet, type HttpResult } from './http-client';
import { countWords, readDocument, statedMetadata } from './read-document';
import { looksScriptBuilt } from './render-decision';
import { startRenderProxy } from './render-proxy';
import {
  FetchRequestSchema,
  MAX_URLS_PER_FETCH,
  type FetchBatch,
  type FetchItem,
  type FetchPage,
  type FetchRequest,
  type FetchRequestInput,
  type FetchResponse,
} from '../../shared/fetch-contract';
import { extractUrls, parseTargetUrl, shorten } from './url-input';
import { buildAddressPolicy, resolveAndCheck, systemLookup, type AddressPolicy } from './url-policy';
import { DEFAULT_SESSION } from '../common/sessions';
import { validationError } from '../common/validation';
import { tokenCounter, type TokenCounter } from '../text/token-budget';
import {
  DEFAULT_FETCH_SETTINGS,
  type CachedPage,
  type ExtractHtml,
  type FetchSettings,
  type LookupAll,
  type PageCache,
  type RenderPage,
  type ResolveResult,
} from './types';

export interface FetchCallOptions {
  signal?: AbortSignal;
  /** Whose searches `{index}` refers to. */
  session?: string;
  /** Trusted callers only (the CLI's --allow-private): never taken from a request body. */
  allowPrivateNetworks?: boolean;
}

export interface FetchService {
  fetch(request: FetchRequestInput, options?: FetchCallOptions): Promise<FetchResponse>;
}

export interface FetchServiceDeps {
  /** Extracts main content from HTML; src/main/extract unless a test swaps it. */
  extractHtml?: ExtractHtml;
  /** Current settings; read on every call so changes apply at once. */
  settings?: () => Partial<FetchSettings>;
  pageCache?: PageCache;
  resolveResult?: ResolveResult;
  render?: RenderPage;
  lookup?: LookupAll;
  now?: () => number;
}

/** A page before windowing: the whole markdown. */
type LoadedPage = Omit<FetchPage, 'truncated' | 'nextOffset' | 'totalChars'>;

interface CallContext {
  request: FetchRequest;
  settings: FetchSettings;
  policy: AddressPolicy;
  dispatcher: Dispatcher;
  signal?: AbortSignal;
}

export function createFetchService(deps: FetchServiceDeps): FetchService {
  const lookup = deps.lookup ?? systemLookup;
  const extractHtml = deps.extractHtml ?? defaultExtractHtml;
  const now = deps.now ?? Date.now;
  const currentSettings = (): FetchSettings => ({ ...DEFAULT_FETCH_SETTINGS, ...deps.settings?.() });
  // One limiter for the service's lifetime: the rate limit spans calls, not just one call.
  const rateLimiter = new HostRateLimiter(currentSettings().rateLimit, now);

  async function fetch(input: FetchRequestInput, options: FetchCallOptions = {}): Promise<FetchResponse> {
    const request = parseRequest(input);
    const settings = currentSettings();
    const policy = buildAddressPolicy({
      allowPrivateNetworks: settings.allowPrivateNetworks || options.allowPrivateNetworks === true,
      publicRanges: settings.publicRanges,
    });
    const dispatcher = createGuardedDispatcher({
      policy,
      lookup,
      connectTimeoutMs: settings.connectTimeoutMs,
      ...(settings.proxyUrl === undefined ? {} : { proxyUrl: settings.proxyUrl }),
    });
    const context: CallContext = {
      request,
      settings,
      policy,
      dispatcher,
      ...(options.signal ? { signal: options.signal } : {}),
    };
    try {
      if (request.url !== undefined)
        return await withinTokens(
          windowPage(await loadPage(parseTargetUrl(request.url), context), request.offset, request.maxChars),
          request.maxTokens,
        );
      if (request.index !== undefined) {
        if (deps.resolveResult === undefined)
          throw new LanternError('NOT_FOUND', 'Search results are not available here; pass a URL instead.');
        const { url } = await deps.resolveResult(options.session ?? DEFAULT_SESSION, request.searchId, request.index);
        return await withinTokens(
          windowPage(await loadPage(parseTargetUrl(url), context), request.offset, request.maxChars),
          request.maxTokens,
        );
      }
      const urls = request.urls ?? urlsFromPrompt(request.prompt ?? '');
      return await fetchBatch(urls, context);
    } finally {
      dispatcher.destroy().catch(() => undefined);
    }
  }

  async function fetchBatch(rawUrls: string[], context: CallContext): Promise<FetchBatch> {
    const unique = [...new Set(rawUrls.map((u) => u.trim()))];
    const outcomes = await mapWithConcurrency(unique, context.settings.concurrency, async (raw) => {
      try {
        return { ok: true as const, page: await loadPage(parseTargetUrl(raw), context) };
      } catch (error) {
        return { ok: false as const, url: raw, error: toErrorInfo(error) };
      }
    });
    const { offset, maxChars: budget } = context.request;
    const lengths = outcomes.map((o) => (o.ok ? Math.max(0, o.page.markdown.length - offset) : 0));
    const shares = fairShares(lengths, budget);
    let totalChars = 0;
    const windowed = outcomes.map((outcome, i) =>
      outcome.ok ? { ok: true as const, page: windowPage(outcome.page, offset, shares[i] ?? 0) } : outcome,
    );
    const { maxTokens } = context.request;
    // A token budget is shared as the characters are: fair shares of each page's tokens.
    const counter = maxTokens === undefined ? undefined : await tokenCounter();
    const tokenShares =
      counter && maxTokens !== undefined
        ? fairShares(
            windowed.map((item) => (item.ok ? counter.count(item.page.markdown) : 0)),
            maxTokens,
          )
        : [];
    const results: FetchItem[] = windowed.map((item, i) => {
      if (!item.ok) return item;
      const page = counter ? cutToTokens(item.page, tokenShares[i] ?? 0, counter) : item.page;
      totalChars += page.markdown.length;
      return { ok: true, page };
    });
    return { results, budgetChars: budget, totalChars };
  }

  async function loadPage(url: URL, context: CallContext): Promise<LoadedPage> {
    const { settings, request } = context;
    const entry = request.noCache ? undefined : await deps.pageCache?.getPage(url.href);
    const cached = entry?.page;
    if (entry?.fresh === true && cached !== undefined) {
      await assertCachedPageAllowed(cached, context.policy);
      return fromCache(cached);
    }
    const conditional = cached === undefined ? undefined : validators(cached);
    const http = await httpGet(url, {
      dispatcher: context.dispatcher,
      settings,
      rateLimiter,
      ...(conditional === undefined ? {} : { conditional }),
      onHeaders: ({ url: at, headers }) => {
        const { essence } = parseContentType(headers['content-type']);
        if (isUnreadableType(essence)) throw unsupported(at, essence);
      },
      ...(context.signal ? { signal: context.signal } : {}),
    });
    if (http.notModified && cached !== undefined) {
      await deps.pageCache?.putPage({ ...cached, fetchedAt: now() });
      return fromCache(cached);
    }
    let page = await pageFromResponse(url, http, context);
    page = await maybeRender(page, http, context);
    await storePage(page, http);
    return page;
  }

  /**
   * A cached page is still subject to today's policy (private networks may have been turned off
   * since). A host that no longer resolves does not hide the cached copy: reading offline is fine.
   */
  async function assertCachedPageAllowed(cached: CachedPage, policy: AddressPolicy): Promise<void> {
    try {
      await resolveAndCheck(new URL(cached.finalUrl), policy, lookup);
    } catch (error) {
      if (error instanceof LanternError && error.code === 'BLOCKED_URL') throw error;
    }
  }

  async function pageFromResponse(
    url: URL,
    http: HttpResult,
    context: CallContext,
  ): Promise<LoadedPage & { html?: string }> {
    const document = await readDocument(http.body, http.headers['content-type'], http.finalUrl, {
      extractHtml,
      maxPdfPages: context.settings.maxPdfPages,
    });
    const page: LoadedPage & { html?: string } = {
      url: url.href,
      finalUrl: http.finalUrl,
      status: http.status,
      contentType: document.contentType,
      title: document.title,
      markdown: document.markdown,
      wordCount: document.wordCount,
      rendered: false,
      fromCache: false,
    };
    Object.assign(page, statedMetadata(document));
    if (document.html !== undefined) page.html = document.html;
    return page;
  }

  /** Renders script-built HTML pages in the browser and keeps the richer of the two extractions. */
  async function maybeRender(
    page: LoadedPage & { html?: string },
    http: HttpResult,
    context: CallContext,
  ): Promise<LoadedPage> {
    const { html, ...staticPage } = page;
    const mode = context.request.render;
    if (html === undefined || deps.render === undefined || mode === 'never') return staticPage;
    if (mode === 'auto' && !looksScriptBuilt(html, page.wordCount, context.settings.renderMinWords)) return staticPage;
    try {
      const rendered = await renderPage(new URL(http.finalUrl), context);
      if (mode === 'always' || rendered.wordCount > staticPage.wordCount) return { ...rendered, url: staticPage.url };
      return staticPage;
    } catch (error) {
      // In auto mode the static page is real content, only thin; a failed render does not hide it.
      if (mode === 'always') throw error;
      return staticPage;
    }
  }

  async function renderPage(url: URL, context: CallContext): Promise<LoadedPage> {
    const render = deps.render!;
    const { settings, policy } = context;
    // A URL that is refused now is never handed to the browser at all.
    await resolveAndCheck(url, policy, lookup);
    await rateLimiter.acquire(url.hostname, context.signal);
    const timeoutMs = settings.renderTimeoutMs;
    const signals = [AbortSignal.timeout(timeoutMs), ...(context.signal ? [context.signal] : [])];
    // The browser's whole network goes through this proxy: each of its connections is resolved
    // and checked once, by the same connector as the HTTP client's.
    const proxy = await startRenderProxy(
      createGuardedConnect({
        policy,
        lookup,
        connectTimeoutMs: settings.connectTimeoutMs,
        ...(settings.proxyUrl === undefined ? {} : { proxyUrl: settings.proxyUrl }),
      }),
    );
    let result: Awaited<ReturnType<RenderPage>>;
    try {
      result = await render(url.href, { timeoutMs, signal: AbortSignal.any(signals), proxyServer: proxy.url });
    } catch (error) {
      throw proxy.refusalFor(url) ?? error;
    } finally {
      await proxy.close();
    }
    const finalUrl = parseTargetUrl(result.finalUrl);
    // A document the proxy refused reaches the browser as a bare 403: say why instead.
    const refusal = proxy.refusalFor(finalUrl);
    if (refusal !== undefined) throw refusal;
    // A loader that did not use the proxy is still held to the policy where it ended up.
    await resolveAndCheck(finalUrl, policy, lookup);
    const extracted = extractHtml(result.html, finalUrl.href);
    return {
      url: url.href,
      finalUrl: finalUrl.href,
      status: result.status,
      contentType: 'text/html',
      title: extracted.title.trim() || result.title || finalUrl.hostname,
      ...statedMetadata(extracted),
      markdown: extracted.markdown,
      wordCount: extracted.wordCount,
      rendered: true,
      fromCache: false,
    };
  }

  async function storePage(page: LoadedPage, http: HttpResult): Promise<void> {
    if (deps.pageCache === undefined) return;
    const record: CachedPage = {
      url: page.url,
      finalUrl: page.finalUrl,
      status: page.status,
      contentType: page.contentType,
      title: page.title,
      markdown: page.markdown,
      wordCount: page.wordCount,
      rendered: page.rendered,
      fetchedAt: now(),
    };
    for (const key of ['byline', 'publishedAt', 'siteName', 'lang'] as const) {
      const value = page[key];
      if (value !== undefined) record[key] = value;
    }
    const etag = http.headers['etag'];
    const lastModified = http.headers['last-modified'];
    if (etag !== undefined) record.etag = etag;
    if (lastModified !== undefined) record.lastModified = lastModified;
    await deps.pageCache.putPage(record);
  }

  return { fetch };
}

function parseRequest(input: FetchRequestInput): FetchRequest {
  const parsed = FetchRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw validationError('fetch request', parsed.error, input);
}

function urlsFromPrompt(prompt: string): string[] {
  const urls = extractUrls(prompt);
  if (urls.length === 0) {
    throw new LanternError(
      'INVALID_INPUT',
      `No http(s) URL found in the prompt "${shorten(prompt, 80)}"; include full URLs such as https://example.com/page.`,
    );
  }
  if (urls.length > MAX_URLS_PER_FETCH) {
    throw new LanternError(
      'INVALID_INPUT',
      `The prompt holds ${urls.length} URLs; at most ${MAX_URLS_PER_FETCH} are fetched per call. Split it into several calls.`,
    );
  }
  return urls;
}

function validators(page: CachedPage): { etag?: string; lastModified?: string } | undefined {
  if (page.etag === undefined && page.lastModified === undefined) return undefined;
  return {
    ...(page.etag === undefined ? {} : { etag: page.etag }),
    ...(page.lastModified === undefined ? {} : { lastModified: page.lastModified }),
  };
}

function fromCache(cached: CachedPage): LoadedPage {
  const { etag: _etag, lastModified: _lastModified, fetchedAt: _fetchedAt, wordCount, rendered, ...page } = cached;
  return { ...page, wordCount: wordCount ?? countWords(page.markdown), rendered: rendered ?? false, fromCache: true };
}

function windowPage(page: LoadedPage, offset: number, maxChars: number): FetchPage {
  const window = textWindow(page.markdown, offset, maxChars);
  const result: FetchPage = {
    ...page,
    markdown: window.text,
    totalChars: page.markdown.length,
    truncated: window.truncated,
  };
  if (window.nextOffset !== undefined) result.nextOffset = window.nextOffset;
  return result;
}

/** A windowed page cut further to `maxTokens` tokens of text, when given; the cut is where to read on. */
async function withinTokens(page: FetchPage, maxTokens: number | undefined): Promise<FetchPage> {
  return maxTokens === undefined ? page : cutToTokens(page, maxTokens, await tokenCounter());
}

function cutToTokens(page: FetchPage, maxTokens: number, counter: TokenCounter): FetchPage {
  const end = counter.cut(page.markdown, maxTokens);
  if (end >= page.markdown.length) return page;
  const start = (page.nextOffset ?? page.totalChars) - page.markdown.length;
  return { ...page, markdown: page.markdown.slice(0, end), truncated: true, nextOffset: start + end };
}

async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
