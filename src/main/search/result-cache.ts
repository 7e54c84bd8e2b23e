import type { SearchRequest, SearchResponse } from '../../shared/contract';

/** Where recent search responses are kept (the store's SqliteResultCache; the service needs only this). */
export interface ResultCache {
  get(key: string): SearchResponse | undefined;
  set(key: string, response: SearchResponse): void;
}

/** Cache key: the request normalised so that equivalent requests share an entry. */
export function searchCacheKey(request: SearchRequest, engine: string): string {
  return JSON.stringify([
    engine,
    request.query.trim().replace(/\s+/g, ' ').toLowerCase(),
    request.limit,
    request.page,
    request.lang?.toLowerCase() ?? null,
    request.region?.toLowerCase() ?? null,
    request.timeRange ?? null,
    request.safe ?? null,
  ]);
}
