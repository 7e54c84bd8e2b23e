import type { SearchRequest, SearchResponse } from '../../shared/contract';

/**
 * Where recent search responses are kept. In-memory today; the SQLite store implements the same
 * interface so the service does not change when it takes over.
 */
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

/** TTL cache in memory (default 10 minutes), bounded so a long-running server cannot grow without end. */
export class MemoryResultCache implements ResultCache {
  private readonly entries = new Map<string, { response: SearchResponse; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): SearchResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.response;
  }

  set(key: string, response: SearchResponse): void {
    this.entries.delete(key);
    this.entries.set(key, { response, expiresAt: this.now() + this.ttlMs });
    // Map keeps insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
