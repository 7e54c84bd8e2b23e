import type Database from 'better-sqlite3';
import { systemClock, type Clock } from './clock';
import { FullTextSearch } from './full-text';
import { HistoryRepository } from './history';
import { LibraryIndex } from './library-index';
import { LibraryWatches } from './library-watches';
import type { MigrationReport } from './migrate';
import { MIGRATIONS, type Migration } from './migrations';
import { openDatabase, type RecoveryReport } from './open-database';
import { PageCache } from './page-cache';
import { DEFAULT_RESULT_CACHE_TTL_MS, SqliteResultCache } from './result-cache';
import { SearchIndex } from './search-index';

export interface OpenStoreOptions {
  /** `<dataDir>/lantern.db` (the caller resolves the data dir), or ':memory:'. */
  path: string;
  /** Path of a separately compiled better_sqlite3.node (the Electron build). */
  nativeBinding?: string;
  /** Injected in tests to move time; defaults to Date.now. */
  now?: Clock;
  busyTimeoutMs?: number;
  /** Search response cache TTL (default 10 min); a function is read at every write. */
  resultCacheTtlMs?: number | (() => number);
  /** Session result index: TTL (24 h), cap per session (1,000), search record retention (7 days). */
  sessionResultTtlMs?: number;
  maxResultsPerSession?: number;
  searchLogRetentionMs?: number;
  /** Fetched pages: freshness TTL (24 h) and how long stale pages are kept (30 days). */
  pageTtlMs?: number;
  pageRetentionMs?: number;
  /** How often expired rows are purged while open (default hourly; 0 = only at open). */
  purgeIntervalMs?: number;
  /** Schema steps; tests pass a prefix to build an older schema. */
  migrations?: readonly Migration[];
}

export interface PurgeReport {
  sessionResults: number;
  searches: number;
  pages: number;
  cachedResponses: number;
}

/** Everything Lantern keeps, in one SQLite file. Make one per process, in a composition root. */
export interface Store {
  readonly path: string;
  readonly db: Database.Database;
  /** Set when the file was found damaged at open and moved aside; the caller tells the person. */
  readonly recovery: RecoveryReport | undefined;
  readonly migration: MigrationReport;
  readonly history: HistoryRepository;
  readonly searches: SearchIndex;
  readonly pages: PageCache;
  readonly resultCache: SqliteResultCache;
  readonly fullText: FullTextSearch;
  /** The person's own documents (src/main/library/ reads them). */
  readonly library: LibraryIndex;
  /** The library's folders followed whenever Lantern runs. */
  readonly libraryWatches: LibraryWatches;
  purgeExpired(): PurgeReport;
  /** Stops the purge timer, runs `PRAGMA optimize`, closes. Safe to call twice. */
  close(): void;
}

const HOUR_MS = 3_600_000;

export function openStore(options: OpenStoreOptions): Store {
  const now = options.now ?? systemClock;
  const { db, migration, recovery } = openDatabase({
    path: options.path,
    migrations: options.migrations ?? MIGRATIONS,
    now,
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
  });
  const searches = new SearchIndex(db, now, {
    ...(options.sessionResultTtlMs === undefined ? {} : { resultTtlMs: options.sessionResultTtlMs }),
    ...(options.maxResultsPerSession === undefined ? {} : { maxResultsPerSession: options.maxResultsPerSession }),
    ...(options.searchLogRetentionMs === undefined ? {} : { searchLogRetentionMs: options.searchLogRetentionMs }),
  });
  const pages = new PageCache(db, now, {
    ...(options.pageTtlMs === undefined ? {} : { ttlMs: options.pageTtlMs }),
    ...(options.pageRetentionMs === undefined ? {} : { retentionMs: options.pageRetentionMs }),
  });
  const ttl = options.resultCacheTtlMs ?? DEFAULT_RESULT_CACHE_TTL_MS;
  const resultCache = new SqliteResultCache(db, now, typeof ttl === 'function' ? ttl : () => ttl);

  const purgeExpired = (): PurgeReport => {
    const { results, searches: searchRecords } = searches.purgeExpired();
    return {
      sessionResults: results,
      searches: searchRecords,
      pages: pages.purgeExpired(),
      cachedResponses: resultCache.purgeExpired(),
    };
  };
  purgeExpired();
  const purgeIntervalMs = options.purgeIntervalMs ?? HOUR_MS;
  const purgeInBackground = (): void => {
    try {
      purgeExpired();
    } catch {
      // Retried at the next tick: a database busy in another process must not crash this one.
    }
  };
  const timer = purgeIntervalMs > 0 ? setInterval(purgeInBackground, purgeIntervalMs) : undefined;
  // The timer must not keep a CLI process alive.
  timer?.unref();

  let closed = false;
  return {
    path: options.path,
    db,
    recovery,
    migration,
    history: new HistoryRepository(db, now),
    searches,
    pages,
    resultCache,
    fullText: new FullTextSearch(db),
    library: new LibraryIndex(db, now),
    libraryWatches: new LibraryWatches(db, now),
    purgeExpired,
    close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      // Updates the planner's statistics where they changed; cheap, and recommended on close.
      db.pragma('optimize');
      db.close();
    },
  };
}
