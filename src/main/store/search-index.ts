import type Database from 'better-sqlite3';
import type { SearchResponse } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import type { Clock } from './clock';
import { statementCache } from './statements';
import { plural } from '../../shared/format/plural';

export interface SearchIndexOptions {
  /** How long a session's results stay resolvable (default 24 h). */
  resultTtlMs?: number;
  /** Most results kept per session; the oldest go first (default 1,000). */
  maxResultsPerSession?: number;
  /**
   * How long a search's record (query, engine, counts) outlives its results (default 7 days),
   * so that resolving an index of an old search says "expired" instead of "no such search".
   */
  searchLogRetentionMs?: number;
}

/** Extra facts about a search that the response does not carry. */
export interface SearchMeta {
  /** The request as validated (limit, page, lang…), kept as JSON. */
  request?: unknown;
}

export interface ResolvedResult {
  url: string;
  title: string;
  searchId: string;
  index: number;
}

interface SearchRow {
  id: number;
  search_id: string;
  query: string;
  engine: string;
  result_count: number;
  created_at: number;
  expires_at: number;
}

export const DEFAULT_RESULT_TTL_MS = 24 * 3_600_000;
export const DEFAULT_MAX_RESULTS_PER_SESSION = 1_000;
export const DEFAULT_SEARCH_LOG_RETENTION_MS = 7 * 24 * 3_600_000;
/** How far a repeat of the latest search must move its expiry before the move is written. */
const REFRESH_GRANULARITY_MS = 1_000;

/**
 * The agents' numbered results: every answered search per session, so that "fetch result 2"
 * works across requests and processes (the CLI's session is "cli").
 */
export class SearchIndex {
  private readonly sql: (sql: string) => Database.Statement;
  private readonly resultTtlMs: number;
  private readonly maxResultsPerSession: number;
  private readonly searchLogRetentionMs: number;

  constructor(
    private readonly db: Database.Database,
    private readonly now: Clock,
    options: SearchIndexOptions = {},
  ) {
    this.sql = statementCache(db);
    this.resultTtlMs = options.resultTtlMs ?? DEFAULT_RESULT_TTL_MS;
    this.maxResultsPerSession = options.maxResultsPerSession ?? DEFAULT_MAX_RESULTS_PER_SESSION;
    this.searchLogRetentionMs = options.searchLogRetentionMs ?? DEFAULT_SEARCH_LOG_RETENTION_MS;
  }

  /**
   * Records an answered search and its results under their 0-based index. Recording the same
   * searchId again in a session replaces it (and makes it the latest), unless it already is the
   * latest with the same results: then only its expiry moves (refreshLatest). Past the session cap, the session's oldest results
   * are dropped in the same transaction.
   */
  recordSearch(session: string, response: SearchResponse, meta: SearchMeta = {}): void {
    const request = meta.request === undefined ? null : JSON.stringify(meta.request);
    if (this.refreshLatest(session, response, request)) return;
    this.db.transaction(() => {
      const at = this.now();
      this.sql('DELETE FROM searches WHERE session = ? AND search_id = ?').run(session, response.searchId);
      const features = pageFeatures(response);
      const searchRow = Number(
        this.sql(
          `INSERT INTO searches (search_id, session, query, engine, request, features, took_ms, from_cache,
                                 result_count, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          response.searchId,
          session,
          response.query,
          response.engine,
          request,
          features === undefined ? null : JSON.stringify(features),
          response.tookMs,
          response.fromCache === true ? 1 : 0,
          response.results.length,
          at,
          at + this.resultTtlMs,
        ).lastInsertRowid,
      );
      const insertResult = this.sql(
        `INSERT INTO search_results (search_row, session, idx, title, url, snippet, source, date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const result of response.results) {
        insertResult.run(
          searchRow,
          session,
          result.index,
          result.title,
          result.url,
          result.snippet,
          result.source,
          result.date ?? null,
        );
      }
      this.enforceSessionCap(session);
    })();
  }

  /**
   * A repeat of the session's latest search (a cached answer carries the searchId it was first
   * given, and an id names one engine answer, so the same id, request and count are the same
   * result set): its numbers are already recorded, so only their expiry moves, 24 h from now as
   * for a new record. A read and at most one single-row UPDATE a second, instead of deleting and
   * re-inserting the search and its results and counting the session's results for the cap in a
   * write transaction — which was most of a cached search's cost (docs/lab/benchmarks-history.md, "Local API"). Not when the record has expired: its results may be purged.
   */
  private refreshLatest(session: string, response: SearchResponse, request: string | null): boolean {
    const at = this.now();
    const latest = this.sql(
      'SELECT id, search_id, request, result_count, expires_at FROM searches WHERE session = ? ORDER BY id DESC LIMIT 1',
    ).get(session) as
      { id: number; search_id: string; request: string | null; result_count: number; expires_at: number } | undefined;
    if (
      !latest ||
      latest.search_id !== response.searchId ||
      latest.request !== request ||
      latest.result_count !== response.results.length ||
      latest.expires_at <= at
    ) {
      return false;
    }
    // Within a second of the last move it stays put: a burst of repeats (an agent's loop, a load
    // test) costs one write a second, and the numbers stay valid 24 h from the latest repeat to
    // within that second.
    const expiresAt = at + this.resultTtlMs;
    if (expiresAt - latest.expires_at >= REFRESH_GRANULARITY_MS) {
      this.sql('UPDATE searches SET expires_at = ? WHERE id = ?').run(expiresAt, latest.id);
    }
    return true;
  }

  /**
   * The URL of result `index` of a search (default: the session's latest). NOT_FOUND says which
   * of these it is: no such search, the search expired, the result was dropped by the session
   * cap, or the index is out of range — with the figures.
   */
  resolveResult(session: string, searchId: string | undefined, index: number): ResolvedResult {
    const search = this.findSearch(session, searchId);
    const label = `search ${search.search_id} ("${search.query}")`;
    if (search.expires_at <= this.now()) {
      throw new LanternError(
        'NOT_FOUND',
        `Result ${index} is gone: ${label} expired at ${iso(search.expires_at)} ` +
          `(results are kept ${hours(this.resultTtlMs)} h). Run the search again, or fetch the URL itself.`,
        { details: { reason: 'expired', searchId: search.search_id, expiredAt: iso(search.expires_at) } },
      );
    }
    if (!Number.isInteger(index) || index < 0 || index >= search.result_count) {
      const range = search.result_count === 0 ? 'no results' : `results 0–${search.result_count - 1}`;
      throw new LanternError(
        'NOT_FOUND',
        `Index ${index} is out of range: ${label} has ${plural(search.result_count, 'result')} (${range}).`,
        { details: { reason: 'out-of-range', searchId: search.search_id, resultCount: search.result_count, index } },
      );
    }
    const row = this.sql('SELECT title, url FROM search_results WHERE search_row = ? AND idx = ?').get(
      search.id,
      index,
    ) as { title: string; url: string } | undefined;
    if (!row) {
      throw new LanternError(
        'NOT_FOUND',
        `Result ${index} of ${label} was dropped: a session keeps at most ${this.maxResultsPerSession} results, ` +
          `oldest first, and session "${session}" has had more since. Run the search again.`,
        { details: { reason: 'evicted', searchId: search.search_id, index } },
      );
    }
    return { url: row.url, title: row.title, searchId: search.search_id, index };
  }

  /** Drops results past their TTL and search records past their retention; returns the counts. */
  purgeExpired(): { results: number; searches: number } {
    return this.db.transaction(() => {
      const at = this.now();
      const results = this.sql(
        'DELETE FROM search_results WHERE search_row IN (SELECT id FROM searches WHERE expires_at <= ?)',
      ).run(at).changes;
      const searches = this.sql('DELETE FROM searches WHERE created_at <= ?').run(
        at - this.resultTtlMs - this.searchLogRetentionMs,
      ).changes;
      return { results, searches };
    })();
  }

  private findSearch(session: string, searchId: string | undefined): SearchRow {
    const columns = 'id, search_id, query, engine, result_count, created_at, expires_at';
    const row = (
      searchId === undefined
        ? this.sql(`SELECT ${columns} FROM searches WHERE session = ? ORDER BY id DESC LIMIT 1`).get(session)
        : this.sql(`SELECT ${columns} FROM searches WHERE session = ? AND search_id = ?`).get(session, searchId)
    ) as SearchRow | undefined;
    if (row) return row;
    const retention = `searches are remembered ${Math.round((this.resultTtlMs + this.searchLogRetentionMs) / 86_400_000)} days`;
    throw new LanternError(
      'NOT_FOUND',
      searchId === undefined
        ? `Session "${session}" has no searches to take a result from (${retention}). Search first, then fetch by index.`
        : `No search ${searchId} in session "${session}" (${retention}; search ids are per session). Search again, or fetch the URL itself.`,
      { details: { reason: 'no-such-search', session, ...(searchId === undefined ? {} : { searchId }) } },
    );
  }

  private enforceSessionCap(session: string): void {
    const { n } = this.sql('SELECT COUNT(*) AS n FROM search_results WHERE session = ?').get(session) as { n: number };
    const excess = n - this.maxResultsPerSession;
    if (excess <= 0) return;
    this.sql(
      `DELETE FROM search_results WHERE id IN
         (SELECT id FROM search_results WHERE session = ? ORDER BY id LIMIT ?)`,
    ).run(session, excess);
  }
}

function pageFeatures(response: SearchResponse): Record<string, unknown> | undefined {
  const features: Record<string, unknown> = {};
  if (response.featuredSnippet) features.featuredSnippet = response.featuredSnippet;
  if (response.peopleAlsoAsk) features.peopleAlsoAsk = response.peopleAlsoAsk;
  if (response.relatedSearches) features.relatedSearches = response.relatedSearches;
  if (response.topStories) features.topStories = response.topStories;
  return Object.keys(features).length === 0 ? undefined : features;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function hours(ms: number): string {
  return String(Math.round((ms / 3_600_000) * 10) / 10);
}
