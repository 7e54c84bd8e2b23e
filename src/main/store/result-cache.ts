import type Database from 'better-sqlite3';
import type { SearchResponse } from '../../shared/contract';
import type { ResultCache } from '../search/result-cache';
import type { Clock } from './clock';
import { statementCache } from './statements';

export const DEFAULT_RESULT_CACHE_TTL_MS = 10 * 60_000;

/**
 * The search service's response cache, in the store so that it holds across processes (a CLI
 * search then the same search again) and restarts. Keys come from `searchCacheKey`. Bypassing
 * it (`--no-cache`) is the caller's choice: it simply does not ask.
 */
export class SqliteResultCache implements ResultCache {
  private readonly sql: (sql: string) => Database.Statement;

  constructor(
    db: Database.Database,
    private readonly now: Clock,
    /** Read at every write, so a changed setting applies to the next search stored. */
    private readonly ttlMs: () => number = () => DEFAULT_RESULT_CACHE_TTL_MS,
  ) {
    this.sql = statementCache(db);
  }

  get(key: string): SearchResponse | undefined {
    const row = this.sql('SELECT response FROM result_cache WHERE key = ? AND expires_at > ?').get(key, this.now()) as
      { response: string } | undefined;
    return row && (JSON.parse(row.response) as SearchResponse);
  }

  set(key: string, response: SearchResponse): void {
    const at = this.now();
    // The stored copy is the engine's answer; the service marks fromCache when serving it.
    const { fromCache: _ignored, ...stored } = response;
    this.sql(
      `INSERT INTO result_cache (key, response, stored_at, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET response = excluded.response, stored_at = excluded.stored_at,
                                       expires_at = excluded.expires_at`,
    ).run(key, JSON.stringify(stored), at, at + this.ttlMs());
  }

  /** Drops expired entries (they are never served; this only reclaims space). */
  purgeExpired(): number {
    return this.sql('DELETE FROM result_cache WHERE expires_at <= ?').run(this.now()).changes;
  }
}
