import type { EngineId, SearchRequest, SearchResult } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import type { PageAction, PageActionOutcome, PageLoader } from '../browser/page-loader';
import type { PageSnapshot } from '../browser/page-snapshot';
import { hasReadableResults, toEngineQuery, type Classification, type ParsedPage, type SearchEngine } from './engine';
import { dedupeKey } from './fusion';
import type { EnginePacer } from './pacer';
import { sourceOf } from './source';

/** How a cookie-consent wall is answered without asking (the `consent` setting). */
export type ConsentChoice = 'reject' | 'accept';

/**
 * Each page's classification, kept per snapshot: the consent check after settling and the verdict
 * after the load look at the same page, and classifying a results page means parsing its results.
 */
const classifications = new WeakMap<PageSnapshot, Classification>();

function classifyOnce(engine: SearchEngine, page: PageSnapshot): Classification {
  let classification = classifications.get(page);
  if (classification === undefined) {
    classification = engine.classify(page);
    classifications.set(page, classification);
  }
  return classification;
}

/**
 * Never load more than this many engine pages beyond those `limit` fills when full, however few
 * new results they hold: a page of 10 often holds 8 or 9 ordinary results besides the engine's
 * boxes, and some of a later page repeat an earlier one's.
 */
const MAX_EXTRA_PAGES = 2;

/**
 * More pages when results are filtered (a request's domains, the person's block list): a page
 * may hold few results that pass, and a filtered-out result never counts against `limit`.
 */
const FILTERED_EXTRA_PAGES = 3;

export interface EngineSearchContext {
  loader: PageLoader;
  pacer: EnginePacer;
  origin: string | undefined;
  pageTimeoutMs: number;
  /** When the caller's clock for the first page started (epoch ms); default: when the page starts. */
  startedAt?: number | undefined;
  signal: AbortSignal | undefined;
  /** How to answer a consent wall before giving up on it (default: reject all). */
  consent?: ConsentChoice;
  /** Set when a person is at hand: a CAPTCHA or consent wall is shown to them instead of failing. */
  person?: { inactivityMs: number; onSolved: () => void };
  /**
   * Results the request's earlier pages showed (dedupeKey of each URL): a page 2 never repeats
   * what page 1 took from the engine's page 2 to fill its limit.
   */
  shown?: ReadonlySet<string>;
  /** Whether a result may be shown (source-filter.ts); absent when nothing is filtered. */
  admits?: (url: string) => boolean;
}

export interface EngineAnswer {
  results: SearchResult[];
  /** Features of the first page (featured snippet, people also ask, …). */
  features: ParsedPage | undefined;
  /** The block (CAPTCHA, consent wall, 429) a later page met after earlier ones gave results. */
  laterPageBlock?: LanternError;
}

/**
 * What an engine says when it wants Lantern to stop: on a later page as on the first, the engine
 * is paused (search-service.ts), and the results already found are kept.
 */
const BLOCK_CODES: ReadonlySet<string> = new Set(['CAPTCHA_REQUIRED', 'CONSENT_REQUIRED', 'ENGINE_BLOCKED']);

/**
 * One engine's results for one request, read one engine page at a time (each through the engine's
 * pacer): every page adds the results no earlier page had. The caller decides when it has enough;
 * the engine is `exhausted` when it has no more to give — a "no results" page, a page with nothing
 * new, a later page that failed, or the page cap.
 */
export class EnginePages {
  readonly results: SearchResult[] = [];
  /** Features of the first page (featured snippet, people also ask, …). */
  features: ParsedPage | undefined;
  exhausted = false;
  /**
   * The block a later page met, once earlier pages had results: the paging ends there with
   * what was found, and the caller pauses the engine as for a first-page block.
   */
  laterPageBlock: LanternError | undefined;
  private pagesRead = 0;
  private readonly seen = new Set<string>();
  private readonly shown: ReadonlySet<string>;
  private readonly maxPages: number;

  constructor(
    private readonly engine: SearchEngine,
    private readonly request: SearchRequest,
    private readonly context: EngineSearchContext,
  ) {
    this.maxPages =
      Math.ceil(request.limit / engine.pageSize) + MAX_EXTRA_PAGES + (context.admits ? FILTERED_EXTRA_PAGES : 0);
    this.shown = context.shown ?? new Set();
  }

  /**
   * Loads the next engine page. Throws what the first page (or any page, before a result was
   * found) failed with; a later page failing only ends the paging, keeping the results found
   * (a block it met is kept in `laterPageBlock`).
   */
  async readNext(): Promise<void> {
    if (this.exhausted) return;
    const { engine, request } = this;
    const pageNumber = this.pagesRead++;
    if (this.pagesRead >= this.maxPages) this.exhausted = true;
    let page: ParsedPage | 'no-more';
    try {
      // The caller's clock (the CLI's start) bounds the first page; each later page has its own budget.
      const context = pageNumber === 0 ? this.context : { ...this.context, startedAt: undefined };
      page = await loadPage(engine, request, (request.page - 1 + pageNumber) * engine.pageSize, context);
    } catch (error) {
      this.exhausted = true;
      if (this.results.length > 0 && !(error instanceof LanternError && error.code === 'CANCELLED')) {
        if (error instanceof LanternError && BLOCK_CODES.has(error.code))
          this.laterPageBlock = laterPageError(error, pageNumber + 1);
        return;
      }
      throw error;
    }
    if (page === 'no-more') {
      this.exhausted = true;
      return;
    }
    this.features ??= page;
    let fresh = 0;
    let shownBefore = false;
    for (const result of page.results) {
      const key = dedupeKey(result.url);
      if (this.shown.has(key)) shownBefore = true;
      if (this.seen.has(key) || this.shown.has(key) || this.results.length >= request.limit) continue;
      this.seen.add(key);
      fresh++;
      // Filtered out: not shown, not counted against the limit; the next page fills its place.
      if (this.context.admits && !this.context.admits(result.url)) continue;
      this.results.push({
        index: this.results.length,
        title: result.title,
        url: result.url,
        snippet: result.snippet,
        source: sourceOf(result.url),
        ...(result.date === undefined ? {} : { date: result.date }),
      });
    }
    // The engine repeats itself; a page an earlier request page read to its end is no sign of that.
    // A page whose new results were all filtered out is no sign of that either.
    if (fresh === 0 && !shownBefore) this.exhausted = true;
  }
}

/**
 * One engine, one request: `limit` results whenever the engine has them — its pages are read
 * (paced, never a burst) until they hold `limit` new results or the engine has no more; or,
 * `firstPageOnly`, up to `limit` of what its first page holds.
 */
export async function searchOneEngine(
  engine: SearchEngine,
  request: SearchRequest,
  context: EngineSearchContext,
  firstPageOnly = false,
): Promise<EngineAnswer> {
  const pages = new EnginePages(engine, request, context);
  do await pages.readNext();
  while (!firstPageOnly && !pages.exhausted && pages.results.length < request.limit);
  return {
    results: pages.results,
    features: pages.features,
    ...(pages.laterPageBlock ? { laterPageBlock: pages.laterPageBlock } : {}),
  };
}

/** A later page's block, said as such: the results before it are the search's, the rest were not read. */
function laterPageError(error: LanternError, pageOfSearch: number): LanternError {
  return new LanternError(
    error.code,
    `Stopped at page ${pageOfSearch} of this search, keeping the results of the pages before it: ${error.message}`,
    {
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
      ...(error.details === undefined ? {} : { details: error.details }),
      cause: error,
    },
  );
}

async function loadPage(
  engine: SearchEngine,
  request: SearchRequest,
  offset: number,
  context: EngineSearchContext,
): Promise<ParsedPage | 'no-more'> {
  const url = engine.buildRequest(toEngineQuery(request, offset), context.origin);
  const { loader, pageTimeoutMs: timeoutMs, signal, person, startedAt } = context;
  // The whole exchange holds the engine's turn: searches queued behind a CAPTCHA wait for the person.
  const consent = consentAnswer(engine, context.consent ?? 'reject');
  const { snapshot, classification } = await context.pacer.run(async () => {
    const loaded = await loader.load(url, {
      readySelectors: engine.readySelectors,
      ...(engine.completeSelectors ? { completeSelectors: engine.completeSelectors } : {}),
      ...(engine.trailingSelectors ? { trailingSelectors: engine.trailingSelectors } : {}),
      timeoutMs,
      ...(startedAt === undefined ? {} : { deadline: startedAt + timeoutMs }),
      ...(signal ? { signal } : {}),
      ...(consent ? { followUp: consent.followUp } : {}),
    });
    const state = classifyOnce(engine, loaded);
    // A wall over readable results is not worth a person's time: the results are read.
    if (
      !person ||
      !loader.reveal ||
      hasReadableResults(state) ||
      (state.state !== 'captcha' && state.state !== 'consent')
    )
      return { snapshot: loaded, classification: state };
    const isSolved = (page: PageSnapshot): boolean => ['results', 'no-results'].includes(engine.classify(page).state);
    const solved = await loader.reveal(loaded.finalUrl, {
      isSolved,
      inactivityMs: person.inactivityMs,
      ...(signal ? { signal } : {}),
    });
    person.onSolved();
    return { snapshot: solved, classification: engine.classify(solved) };
  }, signal);
  if (classification.state === 'no-results') return 'no-more';
  if (!hasReadableResults(classification)) {
    throw blockError(
      engine,
      classification,
      snapshot.finalUrl,
      snapshot.status,
      snapshot.retryAfterMs,
      consent?.attempt(),
    );
  }
  const parsed = engine.parse(snapshot);
  if (parsed.results.length === 0) {
    throw new LanternError(
      'ENGINE_LAYOUT_CHANGED',
      `${engineName(engine.id)} returned a results page but Lantern found no results in it; its layout may have changed. Try another engine and report this.`,
      { details: { engine: engine.id, url: redactQuery(snapshot.finalUrl) } },
    );
  }
  return parsed;
}

interface ConsentAttempt {
  choice: ConsentChoice;
  outcome: PageActionOutcome | undefined;
}

/**
 * Answers the engine's consent wall in the live page, once per load: the cookie it sets keeps
 * the wall away for the rest of the session (and, being persistent, later ones). When the wall
 * is still there afterwards, the search fails with CONSENT_REQUIRED; it never clicks again.
 */
function consentAnswer(engine: SearchEngine, choice: ConsentChoice) {
  const buttons = engine.consentButtons?.[choice];
  if (!buttons || buttons.length === 0) return undefined;
  let attempt: ConsentAttempt | undefined;
  return {
    followUp: (page: PageSnapshot): PageAction | undefined => {
      if (classifyOnce(engine, page).state !== 'consent') return undefined;
      attempt = { choice, outcome: undefined };
      const tried = attempt;
      return { click: buttons, done: (outcome) => (tried.outcome = outcome) };
    },
    attempt: (): ConsentAttempt | undefined => attempt,
  };
}

function consentError(
  name: string,
  classification: Classification,
  attempt: ConsentAttempt | undefined,
  details: Record<string, unknown>,
): LanternError {
  const wall = `${name} shows a cookie-consent wall instead of results (${classification.reason}).`;
  const handOver = `Answer it once in a browser window (lantern search --interactive, or the Lantern app); the choice is kept for later searches.`;
  if (!attempt) return new LanternError('CONSENT_REQUIRED', `${wall} ${handOver}`, { details });
  const what = attempt.choice === 'reject' ? 'reject all' : 'accept all';
  const outcome = attempt.outcome;
  const tried =
    outcome === undefined
      ? `Lantern could not answer it (${what}) in this browser.`
      : 'clicked' in outcome
        ? `Lantern answered it (${what}, clicked ${outcome.clicked}) but the wall came back.`
        : `Lantern could not answer it (${what}): ${outcome.failed}.`;
  return new LanternError('CONSENT_REQUIRED', `${wall} ${tried} ${handOver}`, {
    details: { ...details, consent: attempt.choice, ...(outcome ? { consentOutcome: outcome } : {}) },
  });
}

function blockError(
  engine: SearchEngine,
  classification: Classification,
  finalUrl: string,
  status: number,
  retryAfterMs: number | undefined,
  consentAttempt?: ConsentAttempt,
): LanternError {
  const name = engineName(engine.id);
  const details = { engine: engine.id, url: redactQuery(finalUrl), status, reason: classification.reason };
  const retry = retryAfterMs === undefined ? {} : { retryAfterMs };
  switch (classification.state) {
    case 'captcha':
      return new LanternError(
        'CAPTCHA_REQUIRED',
        `${name} wants a person to solve a CAPTCHA before it answers more searches (${classification.reason}). Solve it in a browser window (lantern search --interactive, or the Lantern app); the pass it earns is kept for later searches. Or wait a while before searching again, or use another engine.`,
        { details, ...retry },
      );
    case 'consent':
      return consentError(name, classification, consentAttempt, details);
    case 'js-shell':
      return new LanternError(
        'ENGINE_BLOCKED',
        `${name} answered with its "enable JavaScript" page instead of results (${classification.reason}); the browser session looks cold or flagged. Try again in a few minutes.`,
        { details, ...retry },
      );
    default:
      if (status === 429) {
        // The engine itself says "too many requests": a block, suspended for its Retry-After (or 5 min).
        return new LanternError(
          'ENGINE_BLOCKED',
          `${name} answered HTTP 429 (too many requests)${retryAfterMs === undefined ? '' : ` and asks to wait ${Math.ceil(retryAfterMs / 1000)} s`}. Lantern leaves it alone meanwhile; use another engine or try again later.`,
          { details, ...retry },
        );
      }
      if (status >= 400) {
        return new LanternError(
          'ENGINE_UNREACHABLE',
          `${name} answered HTTP ${status} instead of results. Try again later.`,
          { details, ...retry },
        );
      }
      return new LanternError(
        'ENGINE_LAYOUT_CHANGED',
        `${name} returned a page Lantern does not recognise (${classification.reason}). Try again, or use another engine.`,
        {
          details,
        },
      );
  }
}

export function engineName(engine: EngineId): string {
  const names: Record<EngineId, string> = {
    google: 'Google',
    bing: 'Bing',
    duckduckgo: 'DuckDuckGo',
    baidu: 'Baidu',
    brave: 'Brave Search',
  };
  return names[engine];
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
