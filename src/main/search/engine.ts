import type { EngineId, FeaturedSnippet, SearchRequest, TimeRange, TopStory } from '../../shared/contract';
import type { PageSnapshot } from '../browser/page-snapshot';
import { requestDomains } from '../../shared/search-scope';

/** What the engine is asked for: one page of one query. */
export interface EngineQuery {
  query: string;
  /** 0-based offset of the first result of this page (Google's `start`). */
  offset: number;
  lang?: string;
  region?: string;
  timeRange?: TimeRange;
  safe?: boolean;
  /** Only these domains (site: where the engine has it); results are filtered on them in any case. */
  includeDomains?: string[];
  /** Not these domains (-site: where the engine has it); filtered in any case. */
  excludeDomains?: string[];
}

export type PageState = 'results' | 'no-results' | 'captcha' | 'consent' | 'js-shell' | 'unexpected';

export interface Classification {
  state: PageState;
  /** Short human reason, e.g. "URL is /sorry/index" or "no #rso and no block marker". */
  reason: string;
  /**
   * Consent only: the wall is a dialog over a results page whose results are in the document.
   * The dialog is still answered (once, so later pages come without it), but if it stays, the
   * results under it are read as they are, not reported as a wall.
   */
  resultsUnder?: true;
}

/** A page whose results can be read: results, or a consent dialog over them. */
export function hasReadableResults(classification: Classification): boolean {
  return (
    classification.state === 'results' || (classification.state === 'consent' && classification.resultsUnder === true)
  );
}

/** One organic result before indexing and source attribution. */
export interface ParsedResult {
  title: string;
  url: string;
  snippet: string;
  date?: string;
}

export interface ParsedPage {
  results: ParsedResult[];
  featuredSnippet?: FeaturedSnippet;
  peopleAlsoAsk?: string[];
  relatedSearches?: string[];
  topStories?: TopStory[];
}

export interface SearchEngine {
  id: EngineId;
  /** Default origin, replaced by LANTERN_ENGINE_URL_<ID> for tests, mirrors, regional domains. */
  defaultOrigin: string;
  /** Results per page the engine serves, used to compute offsets. */
  pageSize: number;
  /** CSS selectors whose presence means the page has settled (results or a block marker). */
  readySelectors: readonly string[];
  /**
   * Elements that hold all of a page's results (never a single result): once the browser's parser
   * is past the end of one, the page is read without waiting for the rest of the document and
   * its scripts. Without one, a page is read when the document is parsed.
   */
  completeSelectors?: readonly string[];
  /** What follows the results with more to read, waited for a moment (LoadOptions.trailingSelectors). */
  trailingSelectors?: readonly string[];
  /**
   * Buttons that answer the engine's cookie-consent wall, each list tried in order. Lantern
   * clicks one once when a page is classified `consent` (reject unless the settings say accept).
   */
  consentButtons?: { reject: readonly string[]; accept: readonly string[] };
  /** Pure: the URL to load for one page of a query. */
  buildRequest(query: EngineQuery, origin?: string): string;
  /** Pure: what kind of page this is. */
  classify(page: PageSnapshot): Classification;
  /** Pure: organic results and page features. Call only when classify says results/no-results. */
  parse(page: PageSnapshot): ParsedPage;
}

/** Request fields that shape which engine page is loaded (used by the cache key too). */
export function toEngineQuery(request: SearchRequest, offset: number): EngineQuery {
  const query: EngineQuery = { query: request.query.trim(), offset };
  if (request.lang !== undefined) query.lang = request.lang;
  if (request.region !== undefined) query.region = request.region;
  if (request.timeRange !== undefined) query.timeRange = request.timeRange;
  if (request.safe !== undefined) query.safe = request.safe;
  const domains = requestDomains(request);
  if (domains.include.length > 0) query.includeDomains = domains.include;
  if (domains.exclude.length > 0) query.excludeDomains = domains.exclude;
  return query;
}
