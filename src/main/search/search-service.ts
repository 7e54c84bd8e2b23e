import { randomUUID } from 'node:crypto';
import {
  SearchRequestSchema,
  type EngineId,
  type SearchRequest,
  type SearchRequestInput,
  type SearchResponse,
  type SearchResult,
} from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import type { PageLoader } from '../browser/page-loader';
import { toEngineQuery, type Classification, type ParsedPage, type SearchEngine } from './engine';
import { EnginePacer, type PacerOptions } from './pacer';
import { detectQueryLanguage } from './query-language';
import { searchCacheKey, type ResultCache } from './result-cache';
import { sourceOf } from './source';
import { validationError } from '../validation';

export interface SearchServiceOptions {
  loader: PageLoader;
  engines: Partial<Record<EngineId, SearchEngine>>;
  cache: ResultCache;
  /** Origin overrides (LANTERN_ENGINE_URL_<ENGINE>). */
  origins?: Partial<Record<EngineId, string>>;
  /** Budget for one engine page, browser launch included. */
  pageTimeoutMs?: number;
  pacing?: Omit<PacerOptions, 'now'>;
  defaultEngine?: EngineId;
  now?: () => number;
  /** Called with every answered (non-cached) search, e.g. to store it. */
  onSearch?: (response: SearchResponse) => void;
}

export interface SearchCallOptions {
  signal?: AbortSignal;
  /** Bypass the result cache (the answer is still cached for later). */
  noCache?: boolean;
}

export const DEFAULT_PAGE_TIMEOUT_MS = 5_000;
/** Google pacing: 0.8–1.2 s between pages, the rhythm of a quick person rather than a script. */
export const DEFAULT_PACING = { minGapMs: 800, jitterMs: 400 };
/** Never load more than this many engine pages for one search, however few results they hold. */
const MAX_EXTRA_PAGES = 2;

export class SearchService {
  private readonly pacers = new Map<EngineId, EnginePacer>();
  private readonly now: () => number;

  constructor(private readonly options: SearchServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  async search(input: SearchRequestInput, call: SearchCallOptions = {}): Promise<SearchResponse> {
    const startedAt = this.now();
    const request = parseSearchRequest(input);
    const engineId = request.engine ?? this.options.defaultEngine ?? 'google';
    const engine = this.options.engines[engineId];
    if (!engine) {
      const available = Object.keys(this.options.engines).join(', ');
      throw new LanternError('INVALID_INPUT', `The engine "${engineId}" is not available; use one of: ${available}.`);
    }
    const key = searchCacheKey(request, engineId);
    if (!call.noCache) {
      const cached = this.options.cache.get(key);
      if (cached) return { ...cached, fromCache: true, tookMs: this.now() - startedAt };
    }

    const parsed = await this.loadResults(engine, request, call.signal);
    const response: SearchResponse = {
      searchId: randomUUID(),
      query: request.query,
      engine: engineId,
      results: parsed.results,
      ...pageFeatures(parsed.features),
      tookMs: Math.max(0, Math.round(this.now() - startedAt)),
    };
    this.options.cache.set(key, response);
    this.options.onSearch?.(response);
    return response;
  }

  /** Loads engine pages until `limit` results are collected, the engine runs out, or a page fails. */
  private async loadResults(
    engine: SearchEngine,
    request: SearchRequest,
    signal: AbortSignal | undefined,
  ): Promise<{ results: SearchResult[]; features: ParsedPage | undefined }> {
    const lang = request.lang ?? detectQueryLanguage(request.query);
    const withLang: SearchRequest = lang === undefined ? request : { ...request, lang };
    const firstOffset = (request.page - 1) * engine.pageSize;
    const maxPages = Math.ceil(request.limit / engine.pageSize) + MAX_EXTRA_PAGES;
    const results: SearchResult[] = [];
    const seen = new Set<string>();
    let features: ParsedPage | undefined;

    for (let pageNumber = 0; pageNumber < maxPages && results.length < request.limit; pageNumber++) {
      let page: ParsedPage | 'no-more';
      try {
        page = await this.loadPage(engine, withLang, firstOffset + pageNumber * engine.pageSize, signal);
      } catch (error) {
        // A later page failing must not throw away the real results already collected.
        if (pageNumber > 0 && results.length > 0 && !(error instanceof LanternError && error.code === 'CANCELLED')) break;
        throw error;
      }
      if (page === 'no-more') break;
      features ??= page;
      const before = results.length;
      for (const result of page.results) {
        const dedupeKey = normalizeForDedupe(result.url);
        if (seen.has(dedupeKey) || results.length >= request.limit) continue;
        seen.add(dedupeKey);
        results.push({
          index: results.length,
          title: result.title,
          url: result.url,
          snippet: result.snippet,
          source: sourceOf(result.url),
          ...(result.date === undefined ? {} : { date: result.date }),
        });
      }
      if (results.length === before) break; // the engine repeats itself: nothing more to gain
    }
    return { results, features };
  }

  private async loadPage(
    engine: SearchEngine,
    request: SearchRequest,
    offset: number,
    signal: AbortSignal | undefined,
  ): Promise<ParsedPage | 'no-more'> {
    const url = engine.buildRequest(toEngineQuery(request, offset), this.options.origins?.[engine.id]);
    const timeoutMs = this.options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
    const snapshot = await this.pacerFor(engine.id).run(
      () => this.options.loader.load(url, { readySelectors: engine.readySelectors, timeoutMs, ...(signal ? { signal } : {}) }),
      signal,
    );
    const classification = engine.classify(snapshot);
    if (classification.state === 'no-results') return 'no-more';
    if (classification.state !== 'results') throw blockError(engine, classification, snapshot.finalUrl, snapshot.status);
    const parsed = engine.parse(snapshot);
    if (parsed.results.length === 0) {
      throw new LanternError(
        'ENGINE_LAYOUT_CHANGED',
        `${engineName(engine)} returned a results page but Lantern found no results in it; its layout may have changed. Try another engine and report this.`,
        { details: { engine: engine.id, url: redactQuery(snapshot.finalUrl) } },
      );
    }
    return parsed;
  }

  private pacerFor(engine: EngineId): EnginePacer {
    let pacer = this.pacers.get(engine);
    if (!pacer) {
      pacer = new EnginePacer({ ...(this.options.pacing ?? DEFAULT_PACING), now: this.now });
      this.pacers.set(engine, pacer);
    }
    return pacer;
  }
}

export function parseSearchRequest(input: unknown): SearchRequest {
  const parsed = SearchRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError('search request', parsed.error);
  const request = parsed.data;
  if (!request.query.isWellFormed()) {
    throw new LanternError('INVALID_INPUT', 'The query contains invalid Unicode (a lone surrogate); send valid UTF-8 text.');
  }
  // Control characters never belong in a query; treat them as the spaces they usually were.
  const query = request.query.replace(/\p{Cc}+/gu, ' ').replace(/\s+/g, ' ').trim();
  if (query.length === 0) throw new LanternError('INVALID_INPUT', 'The query is empty; type what to search for.');
  return { ...request, query };
}

function pageFeatures(page: ParsedPage | undefined): Partial<SearchResponse> {
  if (!page) return {};
  const features: Partial<SearchResponse> = {};
  if (page.featuredSnippet) features.featuredSnippet = page.featuredSnippet;
  if (page.peopleAlsoAsk?.length) features.peopleAlsoAsk = page.peopleAlsoAsk;
  if (page.relatedSearches?.length) features.relatedSearches = page.relatedSearches;
  if (page.topStories?.length) features.topStories = page.topStories;
  return features;
}

function blockError(engine: SearchEngine, classification: Classification, finalUrl: string, status: number): LanternError {
  const name = engineName(engine);
  const details = { engine: engine.id, url: redactQuery(finalUrl), status, reason: classification.reason };
  switch (classification.state) {
    case 'captcha':
      return new LanternError(
        'CAPTCHA_REQUIRED',
        `${name} wants a person to solve a CAPTCHA before it answers more searches (${classification.reason}). Solve it in the Lantern app's browser window, wait a while before searching again, or use another engine.`,
        { details },
      );
    case 'consent':
      return new LanternError(
        'CONSENT_REQUIRED',
        `${name} shows a cookie-consent wall instead of results (${classification.reason}). Accept or reject it once in the Lantern app's browser window.`,
        { details },
      );
    case 'js-shell':
      return new LanternError(
        'ENGINE_BLOCKED',
        `${name} answered with its "enable JavaScript" page instead of results (${classification.reason}); the browser session looks cold or flagged. Try again in a few minutes.`,
        { details },
      );
    default:
      if (status >= 400) {
        return new LanternError('ENGINE_UNREACHABLE', `${name} answered HTTP ${status} instead of results. Try again later.`, {
          details,
        });
      }
      return new LanternError(
        'ENGINE_LAYOUT_CHANGED',
        `${name} returned a page Lantern does not recognise (${classification.reason}). Try again, or use another engine.`,
        { details },
      );
  }
}

function engineName(engine: SearchEngine): string {
  const names: Record<EngineId, string> = {
    google: 'Google',
    bing: 'Bing',
    duckduckgo: 'DuckDuckGo',
    baidu: 'Baidu',
    brave: 'Brave Search',
  };
  return names[engine.id];
}

/** Error details keep the page's origin and path, never its query string (the user's query). */
function redactQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

function normalizeForDedupe(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return `${parsed.hostname.replace(/^www\./, '')}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`.toLowerCase();
  } catch {
    return url;
  }
}
