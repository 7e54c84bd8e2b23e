import type { SearchRequest, SearchResponse } from '../../shared/contract';
import { requestDomains } from '../../shared/search-scope';

/** Where recent search responses are kept (the store's SqliteResultCache; the service needs only this). */
export interface ResultCache {
  get(key: string): SearchResponse | undefined;
  set(key: string, response: SearchResponse): void;
}

/**
 * Cache key: the request normalised so that equivalent requests share an entry. A first-page-only
 * search (SearchCallOptions) is kept apart: it may hold fewer results than the same request read
 * in full, which must not be served for it. `sources` names the person's lists in force (a change
 * of them is a different search: other results are filtered out or reordered).
 */
export function searchCacheKey(request: SearchRequest, engine: string, firstPageOnly = false, sources = ''): string {
  const domains = requestDomains(request);
  return JSON.stringify([
    engine,
    firstPageOnly,
    request.query.trim().replace(/\s+/g, ' ').toLowerCase(),
    request.limit,
    request.page,
    request.lang?.toLowerCase() ?? null,
    request.region?.toLowerCase() ?? null,
    request.timeRange ?? null,
    request.safe ?? null,
    [...domains.include].sort(),
    [...domains.exclude].sort(),
    sources,
  ]);
}
