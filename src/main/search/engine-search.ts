import type { EngineId, SearchRequest, SearchResult } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import type { PageAction, PageActionOutcome, PageLoader } from '../browser/page-loader';
import type { PageSnapshot } from '../browser/page-snapshot';
import { toEngineQuery, type Classification, type ParsedPage, type SearchEngine } from './engine';
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

/** Never load more than this many extra engine pages for one search, however few results they hold. */
const MAX_EXTRA_PAGES = 2;
/**
 * A results page rarely holds a full page of ordinary results: Google's first page usually has
 * 8 or 9 besides its boxes. Once the pages that `limit` calls for are read, another page (a paced
 * wait, one more request the engine counts against the session) is loaded only when more than
 * this share of a page is still missing — not to make 9 results into 10.
 */
const TOLERATED_SHORTFALL_SHARE = 0.5;

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
}

export interface EngineAnswer {
  results: SearchResult[];
  /** Features of the first page (featured snippet, people also ask, …). */
  features: ParsedPage | undefined;
}

/**
 * One engine, one request: loads engine pages (paced) until up to `limit` results are collected —
 * the pages `limit` calls for, then more only while a large part of a page is missing — the engine
 * runs out, or a page fails; maps every page that is not results to a typed error.
 */
export async function searchOneEngine(engine: SearchEngine, request: SearchRequest, context: EngineSearchContext): Promise<EngineAnswer> {
  const firstOffset = (request.page - 1) * engine.pageSize;
  const pagesAsked = Math.ceil(request.limit / engine.pageSize);
  const maxPages = pagesAsked + MAX_EXTRA_PAGES;
  const toleratedShortfall = Math.floor(engine.pageSize * TOLERATED_SHORTFALL_SHARE);
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  let features: ParsedPage | undefined;

  for (let pageNumber = 0; pageNumber < maxPages && results.length < request.limit; pageNumber++) {
    if (pageNumber >= pagesAsked && request.limit - results.length <= toleratedShortfall) break;
    let page: ParsedPage | 'no-more';
    try {
      const pageContext = pageNumber === 0 ? context : { ...context, startedAt: undefined };
      page = await loadPage(engine, request, firstOffset + pageNumber * engine.pageSize, pageContext);
    } catch (error) {
      // A later page failing must not throw away the real results already collected.
      if (pageNumber > 0 && results.length > 0 && !(error instanceof LanternError && error.code === 'CANCELLED')) break;
      throw error;
    }
    if (page === 'no-more') break;
    features ??= page;
    const before = results.length;
    for (const result of page.results) {
      const key = dedupeKey(result.url);
      if (seen.has(key) || results.length >= request.limit) continue;
      seen.add(key);
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

async function loadPage(engine: SearchEngine, request: SearchRequest, offset: number, context: EngineSearchContext): Promise<ParsedPage | 'no-more'> {
  const url = engine.buildRequest(toEngineQuery(request, offset), context.origin);
  const { loader, pageTimeoutMs: timeoutMs, signal, person, startedAt } = context;
  // The whole exchange holds the engine's turn: searches queued behind a CAPTCHA wait for the person.
  const consent = consentAnswer(engine, context.consent ?? 'reject');
  const { snapshot, classification } = await context.pacer.run(async () => {
    const loaded = await loader.load(url, {
      readySelectors: engine.readySelectors,
      ...(engine.completeSelectors ? { completeSelectors: engine.completeSelectors } : {}),
      timeoutMs,
      ...(startedAt === undefined ? {} : { deadline: startedAt + timeoutMs }),
      ...(signal ? { signal } : {}),
      ...(consent ? { followUp: consent.followUp } : {}),
    });
    const state = classifyOnce(engine, loaded);
    if (!person || !loader.reveal || (state.state !== 'captcha' && state.state !== 'consent')) return { snapshot: loaded, classification: state };
    const isSolved = (page: PageSnapshot): boolean => ['results', 'no-results'].includes(engine.classify(page).state);
    const solved = await loader.reveal(loaded.finalUrl, { isSolved, inactivityMs: person.inactivityMs, ...(signal ? { signal } : {}) });
    person.onSolved();
    return { snapshot: solved, classification: engine.classify(solved) };
  }, signal);
  if (classification.state === 'no-results') return 'no-more';
  if (classification.state !== 'results') {
    throw blockError(engine, classification, snapshot.finalUrl, snapshot.status, snapshot.retryAfterMs, consent?.attempt());
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

function consentError(name: string, classification: Classification, attempt: ConsentAttempt | undefined, details: Record<string, unknown>): LanternError {
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
        return new LanternError('ENGINE_UNREACHABLE', `${name} answered HTTP ${status} instead of results. Try again later.`, { details, ...retry });
      }
      return new LanternError('ENGINE_LAYOUT_CHANGED', `${name} returned a page Lantern does not recognise (${classification.reason}). Try again, or use another engine.`, {
        details,
      });
  }
}

export function engineName(engine: EngineId): string {
  const names: Record<EngineId, string> = { google: 'Google', bing: 'Bing', duckduckgo: 'DuckDuckGo', baidu: 'Baidu', brave: 'Brave Search' };
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
