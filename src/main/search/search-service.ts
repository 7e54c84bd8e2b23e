import { createHash, randomUUID } from 'node:crypto';
import {
  SearchRequestSchema,
  type EngineChoice,
  type EngineFailure,
  type EngineId,
  type SearchRequest,
  type SearchRequestInput,
  type SearchResponse,
} from '../../shared/contract';
import { LanternError, toErrorInfo } from '../../shared/errors';
import type { PageLoader } from '../browser/page-loader';
import { validationError } from '../common/validation';
import type { ParsedPage, SearchEngine } from './engine';
import {
  EnginePages,
  engineName,
  searchOneEngine,
  type ConsentChoice,
  type EngineAnswer,
  type EngineSearchContext,
} from './engine-search';
import { dedupeKey, fuseByReciprocalRank } from './fusion';
import { EnginePacer, type PacerOptions } from './pacer';
import { detectQueryLanguage } from './query-language';
import { searchCacheKey, type ResultCache } from './result-cache';
import { EngineSuspensions, SUSPENSION_MS } from './suspension';
import { DEFAULT_INACTIVITY_MS } from '../browser/reveal-flow';
import type { SourceLists } from '../../shared/source-lists';
import { requestDomains } from '../../shared/search-scope';
import { SourceFilter } from './source-filter';

/**
 * Read at every search, never copied: the runtime passes getters for engineOrder, pageTimeoutMs,
 * consent, lang and region, so that a settings change applies to the next search.
 */
export interface SearchServiceOptions {
  loader: PageLoader;
  engines: Partial<Record<EngineId, SearchEngine>>;
  cache: ResultCache;
  /** Engines tried in order when the caller pins none (default: google only). */
  engineOrder?: readonly EngineId[];
  /** Origin overrides (LANTERN_ENGINE_URL_<ENGINE>). */
  origins?: Partial<Record<EngineId, string>>;
  /** Budget for one engine page; starting the browser has a limit of its own (load-budget.ts). */
  pageTimeoutMs?: number;
  pacing?: Omit<PacerOptions, 'now'>;
  now?: () => number;
  /** How long the verification window waits without any input from the person. */
  inactivityMs?: number;
  /** How a consent wall is answered without asking (the `consent` setting; default reject). */
  consent?: ConsentChoice;
  /** The language a search asks for when its request names none (the `search.lang` setting). */
  lang?: string | undefined;
  /** The country a search asks for when its request names none (the `search.region` setting). */
  region?: string | undefined;
  /** The person's blocked, lowered, raised and pinned sources (the `sources` setting), applied to every search. */
  sources?: SourceLists | undefined;
}

export interface SearchCallOptions {
  signal?: AbortSignal;
  /** Bypass the result cache (the answer is still cached for later). */
  noCache?: boolean;
  /** A person is at hand: show them a CAPTCHA or consent wall instead of failing. */
  interactive?: boolean;
  /**
   * Read each engine's first results page only, and take up to `limit` of what it holds: for a
   * caller that would rather go on at once with 8 results than wait for a second page (the
   * pacing gap and another load) for 10 — an answer, which reads its sources next.
   */
  firstPageOnly?: boolean;
  /**
   * When the caller started counting (epoch ms), if earlier than this call: the first page's
   * budget runs from there (the CLI counts from its own start, so its limit is wall time), or
   * from the moment the browser is ready when it was started for this search.
   */
  startedAt?: number;
}

/**
 * A call as the engines get it: with what the request's earlier pages showed
 * (EngineSearchContext.shown) and which results may be shown (EngineSearchContext.admits).
 */
type EngineCall = SearchCallOptions & { shown?: ReadonlySet<string>; admits?: (url: string) => boolean };

export const DEFAULT_PAGE_TIMEOUT_MS = 5_000;
/** Pacing per engine: 0.8–1.2 s between pages, the rhythm of a quick person rather than a script. */
export const DEFAULT_PACING = { minGapMs: 800, jitterMs: 400, maxQueued: 20 };

/**
 * Failures after which the next engine in the order is asked instead: blocked, suspended,
 * unreachable, or sent elsewhere (BLOCKED_URL: the search window refused a redirect off the
 * engine's hosts, e.g. to a regional or sign-in site; nothing is paused for it). A TIMEOUT is an engine's failure too, but ends the round: the caller's time
 * budget is spent, and asking the next engine would double it. Anything else (cancelled,
 * invalid input, no browser) is not an engine's doing and is thrown as it is.
 */
const FALLBACK_CODES = new Set([
  'CAPTCHA_REQUIRED',
  'CONSENT_REQUIRED',
  'ENGINE_BLOCKED',
  'ENGINE_UNREACHABLE',
  'ENGINE_LAYOUT_CHANGED',
  'RATE_LIMITED',
  'BLOCKED_URL',
]);
const ENGINE_FAILURE_CODES = new Set([...FALLBACK_CODES, 'TIMEOUT']);

export class SearchService {
  readonly suspensions: EngineSuspensions;
  private readonly pacers = new Map<EngineId, EnginePacer>();
  /** The search each engine blocked, repeated with a person at hand by solveBlock. */
  private readonly blockedRequests = new Map<EngineId, SearchRequest>();
  private readonly now: () => number;

  constructor(private readonly options: SearchServiceOptions) {
    this.now = options.now ?? Date.now;
    this.suspensions = new EngineSuspensions(this.now);
  }

  async search(input: SearchRequestInput, call: SearchCallOptions = {}): Promise<SearchResponse> {
    const startedAt = this.now();
    const request = this.complete(parseSearchRequest(input));
    const choice: EngineChoice | 'auto' = request.engine ?? 'auto';
    const order = this.engineOrder(choice);
    // Keyed on the completed request: a changed lang or region setting is a different search.
    const engines = choice === 'auto' ? order.map((engine) => engine.id).join('+') : choice;
    const sources = this.options.sources;
    const filter = new SourceFilter(requestDomains(request), sources);
    const sourcesKey = sourcesFingerprint(sources);
    const key = searchCacheKey(request, engines, call.firstPageOnly ?? false, sourcesKey);
    if (!call.noCache) {
      const cached = this.options.cache.get(key);
      if (cached) return { ...cached, fromCache: true, tookMs: Math.round(this.now() - startedAt) };
    }

    const shown = this.shownBefore(request, engines, call.firstPageOnly ?? false, sourcesKey);
    const engineCall: EngineCall = {
      ...call,
      ...(shown.size > 0 ? { shown } : {}),
      ...(filter.inactive ? {} : { admits: (url: string) => filter.admits(url) }),
    };
    const answer =
      choice === 'all'
        ? await this.searchAll(order, request, engineCall)
        : await this.searchInOrder(order, request, engineCall);
    const response: SearchResponse = {
      searchId: randomUUID(),
      query: request.query,
      engine: answer.engine,
      ...(answer.failures.length > 0 ? { fallbacks: answer.failures } : {}),
      results: filter.order(answer.results),
      ...pageFeatures(answer.features),
      tookMs: Math.max(0, Math.round(this.now() - startedAt)),
    };
    this.options.cache.set(key, response);
    return response;
  }

  /**
   * What the request's earlier pages showed, as far as the cache still holds them (with
   * `noCache` too: nothing cached is served, it only says what was shown): page N starts at the
   * engine's page N, which page N-1 may have read from to fill its limit.
   */
  private shownBefore(
    request: SearchRequest,
    engines: string,
    firstPageOnly: boolean,
    sourcesKey: string,
  ): Set<string> {
    const shown = new Set<string>();
    for (let page = 1; page < request.page; page++) {
      const earlier = this.options.cache.get(searchCacheKey({ ...request, page }, engines, firstPageOnly, sourcesKey));
      for (const result of earlier?.results ?? []) shown.add(dedupeKey(result.url));
    }
    return shown;
  }

  /**
   * Fills what the request left out: lang from the request, else the setting, else the query's
   * script (none for Latin script); region from the request, else the setting, else none.
   */
  private complete(request: SearchRequest): SearchRequest {
    const lang = request.lang ?? this.options.lang ?? detectQueryLanguage(request.query);
    const region = request.region ?? this.options.region;
    return { ...request, ...(lang === undefined ? {} : { lang }), ...(region === undefined ? {} : { region }) };
  }

  /** Tries each engine in order; a blocked, suspended or unreachable one hands over to the next. */
  private async searchInOrder(order: readonly SearchEngine[], request: SearchRequest, call: EngineCall) {
    const failures: EngineFailure[] = [];
    const errors: LanternError[] = [];
    for (const engine of order) {
      const suspended = this.suspendedError(engine.id);
      if (suspended) {
        failures.push(failureOf(engine.id, suspended));
        errors.push(suspended);
        continue;
      }
      let answer: EngineAnswer;
      try {
        answer = await this.runEngine(engine, request, call);
      } catch (error) {
        if (!(error instanceof LanternError) || !ENGINE_FAILURE_CODES.has(error.code)) throw error;
        const paused = this.blocked(engine.id, error, request);
        failures.push(failureOf(engine.id, paused));
        errors.push(paused);
        if (!FALLBACK_CODES.has(error.code)) break;
        continue;
      }
      const { laterPageBlock, ...found } = answer;
      if (laterPageBlock) failures.push(failureOf(engine.id, this.blocked(engine.id, laterPageBlock, request)));
      return { engine: engine.id as EngineChoice, failures, ...found };
    }
    throw noEngineAnswered(errors, failures);
  }

  /**
   * Every engine in parallel, fused by reciprocal rank; fails only when none answers. Each engine
   * reads its first page; while the fused list is short of `limit` (several engines' first pages
   * usually fill it), every engine that may have more reads one more page, in parallel.
   */
  private async searchAll(order: readonly SearchEngine[], request: SearchRequest, call: EngineCall) {
    const failures: EngineFailure[] = [];
    const errors: LanternError[] = [];
    const answered: Array<{ engine: EngineId; pages: EnginePages }> = [];
    const firstPages = await Promise.allSettled(
      order.map(async (engine) => {
        const suspended = this.suspendedError(engine.id);
        if (suspended) throw suspended;
        const pages = new EnginePages(engine, request, this.engineContext(engine, call));
        await pages.readNext();
        return pages;
      }),
    );
    firstPages.forEach((outcome, i) => {
      const engine = order[i]!;
      if (outcome.status === 'fulfilled') {
        answered.push({ engine: engine.id, pages: outcome.value });
        return;
      }
      const error =
        outcome.reason instanceof LanternError
          ? outcome.reason
          : new LanternError('INTERNAL', toErrorInfo(outcome.reason).message);
      if (error.code === 'CANCELLED' || error.code === 'INVALID_INPUT' || error.code === 'BROWSER_NOT_FOUND')
        throw error;
      const paused = this.suspendAfter(engine.id, error);
      failures.push(failureOf(engine.id, paused));
      errors.push(paused);
    });
    if (answered.length === 0) throw noEngineAnswered(errors, failures);
    const fuse = () =>
      fuseByReciprocalRank(
        answered.map(({ engine, pages }) => ({ engine, results: pages.results })),
        request.limit,
      );
    let results = fuse();
    for (;;) {
      const more = answered.filter(({ pages }) => !pages.exhausted && pages.results.length < request.limit);
      if (call.firstPageOnly || results.length >= request.limit || more.length === 0) break;
      // Once an engine has results, its later pages throw only when the search is cancelled.
      await Promise.all(more.map(({ pages }) => pages.readNext()));
      results = fuse();
    }
    for (const { engine, pages } of answered) {
      if (pages.laterPageBlock) failures.push(failureOf(engine, this.blocked(engine, pages.laterPageBlock, request)));
    }
    return { engine: 'all' as const, failures, results, features: answered[0]?.pages.features };
  }

  /**
   * A person solves an engine's block on demand (the UI's "Solve now"): the search it blocked is
   * made again with the person at hand, which shows the block in a visible window of the same
   * session; once solved, the suspension is lifted and the caller repeats what was blocked.
   */
  async solveBlock(engineId: EngineId, signal?: AbortSignal): Promise<void> {
    const engine = this.options.engines[engineId];
    const suspension = this.suspensions.get(engineId);
    if (!engine || !suspension)
      throw new LanternError('NOT_FOUND', `${engineName(engineId)} is not blocked; there is nothing to solve.`);
    const request = this.blockedRequests.get(engineId) ?? parseSearchRequest({ query: 'weather' });
    try {
      await this.runEngine(engine, request, { interactive: true, noCache: true, ...(signal ? { signal } : {}) });
    } catch (error) {
      // Still blocked (window closed, nobody acted): the engine stays paused as it was.
      if (
        error instanceof LanternError &&
        (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CONSENT_REQUIRED' || error.code === 'CANCELLED')
      )
        throw error;
      // It answered something else (a timeout, another failure): the block itself is gone.
    }
    this.blockedRequests.delete(engineId);
    if (this.suspensions.get(engineId)) this.suspensions.lift(engineId);
  }

  /**
   * The search session was reset (new cookies: a new visitor to every engine): the pauses its
   * blocks set are over, and there is no blocked search left to repeat.
   */
  forgetBlocks(): void {
    this.blockedRequests.clear();
    this.suspensions.liftAll();
  }

  private runEngine(engine: SearchEngine, request: SearchRequest, call: EngineCall): Promise<EngineAnswer> {
    return searchOneEngine(engine, request, this.engineContext(engine, call), call.firstPageOnly);
  }

  private engineContext(engine: SearchEngine, call: EngineCall): EngineSearchContext {
    return {
      loader: this.options.loader,
      pacer: this.pacerFor(engine.id),
      origin: this.options.origins?.[engine.id],
      pageTimeoutMs: this.options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS,
      signal: call.signal,
      ...(call.startedAt === undefined ? {} : { startedAt: call.startedAt }),
      ...(this.options.consent ? { consent: this.options.consent } : {}),
      ...(call.shown ? { shown: call.shown } : {}),
      ...(call.admits ? { admits: call.admits } : {}),
      ...(call.interactive
        ? {
            person: {
              inactivityMs: this.options.inactivityMs ?? DEFAULT_INACTIVITY_MS,
              onSolved: () => this.suspensions.lift(engine.id),
            },
          }
        : {}),
    };
  }

  private engineOrder(choice: EngineChoice | 'auto'): SearchEngine[] {
    const available = this.options.engines;
    if (choice !== 'auto' && choice !== 'all') {
      const engine = available[choice];
      if (!engine)
        throw new LanternError(
          'INVALID_INPUT',
          `The engine "${choice}" is not available; use one of: ${Object.keys(available).join(', ')}.`,
        );
      return [engine];
    }
    const ids = this.options.engineOrder ?? ['google'];
    const order = ids.map((id) => available[id]).filter((engine): engine is SearchEngine => engine !== undefined);
    if (order.length === 0)
      throw new LanternError('INVALID_INPUT', `None of the configured engines (${ids.join(', ')}) is available.`);
    return order;
  }

  private suspendedError(engine: EngineId): LanternError | undefined {
    const suspension = this.suspensions.get(engine);
    if (!suspension) return undefined;
    const retryAfterMs = Math.max(0, suspension.until - this.now());
    return new LanternError(
      'ENGINE_BLOCKED',
      `${engineName(engine)} is paused for ${Math.ceil(retryAfterMs / 60_000)} more min after ${suspension.code}: ${suspension.message}`,
      { retryAfterMs, details: { engine, blockedBy: suspension.code, pausedUntil: suspension.until } },
    );
  }

  /**
   * An engine's failure, on its first page or (results kept) a later one: a block pauses the
   * engine, and a CAPTCHA or consent wall keeps the search for a person to repeat (solveBlock).
   */
  private blocked(engine: EngineId, error: LanternError, request: SearchRequest): LanternError {
    if (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CONSENT_REQUIRED')
      this.blockedRequests.set(engine, request);
    return this.suspendAfter(engine, error);
  }

  /**
   * A block keeps the engine out for a while so the next searches do not provoke it again. The
   * error is returned with the pause's end (epoch ms) in `details.pausedUntil`, so a caller can
   * say until when, and with its own engine named; an error that pauses nothing comes back as it was.
   */
  private suspendAfter(engine: EngineId, error: LanternError): LanternError {
    // RATE_LIMITED is Lantern's own queue being full, not the engine refusing: no suspension.
    const durationMs =
      error.code === 'CAPTCHA_REQUIRED' || error.code === 'CONSENT_REQUIRED'
        ? (error.retryAfterMs ?? SUSPENSION_MS.captcha)
        : error.code === 'ENGINE_BLOCKED'
          ? (error.retryAfterMs ?? SUSPENSION_MS.tooManyRequests)
          : 0;
    if (durationMs > 0 && !this.suspensions.get(engine))
      this.suspensions.suspend(engine, durationMs, error.code, error.message);
    const suspension = durationMs > 0 ? this.suspensions.get(engine) : undefined;
    if (!suspension) return error;
    return new LanternError(error.code, error.message, {
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
      details: { ...error.details, engine, pausedUntil: suspension.until },
      cause: error.cause,
    });
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
  if (!parsed.success) throw validationError('search request', parsed.error, input);
  const request = parsed.data;
  if (!request.query.isWellFormed()) {
    throw new LanternError(
      'INVALID_INPUT',
      'The query contains invalid Unicode (a lone surrogate); send valid UTF-8 text.',
    );
  }
  // Control characters never belong in a query; treat them as the spaces they usually were.
  const query = request.query
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (query.length === 0) throw new LanternError('INVALID_INPUT', 'The query is empty; type what to search for.');
  return { ...request, query };
}

/** The person's lists in force, short enough for a cache key ('' when there are none). */
function sourcesFingerprint(sources: SourceLists | undefined): string {
  if (!sources || Object.values(sources).every((list) => list.length === 0)) return '';
  return createHash('sha256').update(JSON.stringify(sources)).digest('base64url').slice(0, 16);
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

function failureOf(engine: EngineId, error: LanternError): EngineFailure {
  return { engine, code: error.code, message: error.message };
}

/**
 * What a person can act on comes first: a CAPTCHA or consent wall on any engine can be solved
 * (in a browser window), where a timeout or an unreachable engine can only be waited out.
 */
const MOST_ACTIONABLE: readonly string[] = ['CAPTCHA_REQUIRED', 'CONSENT_REQUIRED'];

/**
 * The error of a search no engine answered: the most actionable engine's error (else the first
 * engine's), naming what every engine said; `details.fallbacks` lists each engine's code and reason.
 */
function noEngineAnswered(errors: LanternError[], failures: EngineFailure[]): LanternError {
  const lead =
    MOST_ACTIONABLE.map((code) => errors.find((error) => error.code === code)).find((error) => error !== undefined) ??
    errors[0];
  if (!lead) return new LanternError('INTERNAL', 'No engine was tried.');
  if (failures.length <= 1) return lead;
  const all = failures.map((f) => `${engineName(f.engine)}: ${f.code}`).join('; ');
  return new LanternError(lead.code, `No engine answered (${all}). ${lead.message}`, {
    ...(lead.retryAfterMs === undefined ? {} : { retryAfterMs: lead.retryAfterMs }),
    details: { ...lead.details, fallbacks: failures },
  });
}
