import type { SearchRequest, SearchResponse } from '../../shared/contract';

/** Where recent search responses are kept (the store's SqliteResultCache; the service needs only this). */
export interface ResultCache {
  get(key: string): SearchResponse | undefined;
  set(key: string, response: SearchResponse): void;
}

/**
 * Cache key: the request normalised so that equivalent requests share an entry. A first-page-only
 * search (SearchCallOptions) is kept apart: it may hold fewer results than the same request read
 * in full, which must not be served for it.
 */
export function searchCacheKey(request: SearchRequest, engine: string, firstPageOnly = false): string {
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
  ]);
}
