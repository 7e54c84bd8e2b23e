import type Database from 'better-sqlite3';
import type { PageMetadata } from '../../shared/fetch-contract';
import type { Clock } from './clock';
import { toIndexText } from './fts-text';
import { statementCache } from './statements';

/** A fetched page as extracted, with what HTTP revalidation needs. */
export interface PageRecord extends PageMetadata {
  /** The URL asked for (the cache key). */
  url: string;
  /** Where redirects ended. */
  finalUrl: string;
  status: number;
  contentType: string;
  markdown: string;
  /** Milliseconds since the epoch. */
  fetchedAt: number;
  etag?: string;
  lastModified?: string;
}

/** putPage's argument: fetchedAt defaults to now. */
export type PageRecordInput = Omit<PageRecord, 'fetchedAt'> & { fetchedAt?: number };

export interface PageCacheEntry {
  page: PageRecord;
  /** Younger than the page TTL: use as is. */
  fresh: boolean;
  ageMs: number;
}

export interface PageCacheOptions {
  /** How long a fetched page is served without asking the site again (default 24 h). */
  ttlMs?: number;
  /** How long a page is kept at all — stale pages stay searchable and revalidatable (default 30 days). */
  retentionMs?: number;
}

interface PageRow {
  url: string;
  final_url: string;
  status: number;
  content_type: string;
  title: string;
  byline: string | null;
  published_at: string | null;
  site_name: string | null;
  lang: string | null;
  markdown: string;
  fetched_at: number;
  etag: string | null;
  last_modified: string | null;
}

export const DEFAULT_PAGE_TTL_MS = 24 * 3_600_000;
export const DEFAULT_PAGE_RETENTION_MS = 30 * 24 * 3_600_000;

/** Fetched pages: a cache for the fetch module and a corpus for full-text search. */
export class PageCache {
  private readonly sql: (sql: string) => Database.Statement;
  readonly ttlMs: number;
  private readonly retentionMs: number;

  constructor(
    private readonly db: Database.Database,
    private readonly now: Clock,
    options: PageCacheOptions = {},
  ) {
    this.sql = statementCache(db);
    this.ttlMs = options.ttlMs ?? DEFAULT_PAGE_TTL_MS;
    this.retentionMs = options.retentionMs ?? DEFAULT_PAGE_RETENTION_MS;
  }

  /** The page stored for `url` (asked for, or reached after redirects), with its freshness. */
  getPage(url: string): PageCacheEntry | undefined {
    const row = (this.sql('SELECT * FROM pages WHERE url = ?').get(url) ??
      this.sql('SELECT * FROM pages WHERE final_url = ? ORDER BY fetched_at DESC LIMIT 1').get(url)) as
      PageRow | undefined;
    if (!row) return undefined;
    const page = toRecord(row);
    const ageMs = Math.max(0, this.now() - page.fetchedAt);
    return { page, fresh: ageMs < this.ttlMs, ageMs };
  }

  /** Stores (or replaces) the page for its URL and indexes its title and text. */
  putPage(input: PageRecordInput): PageRecord {
    const page: PageRecord = { ...input, fetchedAt: input.fetchedAt ?? this.now() };
    this.db.transaction(() => {
      const { id } = this.sql(
        `INSERT INTO pages (url, final_url, status, content_type, title, byline, published_at, site_name, lang,
                            markdown, fetched_at, etag, last_modified)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (url) DO UPDATE SET
           final_url = excluded.final_url, status = excluded.status, content_type = excluded.content_type,
           title = excluded.title, byline = excluded.byline, published_at = excluded.published_at,
           site_name = excluded.site_name, lang = excluded.lang, markdown = excluded.markdown,
           fetched_at = excluded.fetched_at, etag = excluded.etag, last_modified = excluded.last_modified
         RETURNING id`,
      ).get(
        page.url,
        page.finalUrl,
        page.status,
        page.contentType,
        page.title,
        page.byline ?? null,
        page.publishedAt ?? null,
        page.siteName ?? null,
        page.lang ?? null,
        page.markdown,
        page.fetchedAt,
        page.etag ?? null,
        page.lastModified ?? null,
      ) as { id: number };
      this.sql('DELETE FROM pages_fts WHERE rowid = ?').run(id);
      this.sql('INSERT INTO pages_fts (rowid, title, markdown) VALUES (?, ?, ?)').run(
        id,
        toIndexText(page.title),
        toIndexText(page.markdown),
      );
    })();
    return page;
  }

  /** Drops pages older than the retention; returns how many. */
  purgeExpired(): number {
    return this.db.transaction(() => {
      const cutoff = this.now() - this.retentionMs;
      this.sql('DELETE FROM pages_fts WHERE rowid IN (SELECT id FROM pages WHERE fetched_at <= ?)').run(cutoff);
      return this.sql('DELETE FROM pages WHERE fetched_at <= ?').run(cutoff).changes;
    })();
  }
}

function toRecord(row: PageRow): PageRecord {
  const page: PageRecord = {
    url: row.url,
    finalUrl: row.final_url,
    status: row.status,
    contentType: row.content_type,
    title: row.title,
    markdown: row.markdown,
    fetchedAt: row.fetched_at,
  };
  if (row.byline !== null) page.byline = row.byline;
  if (row.published_at !== null) page.publishedAt = row.published_at;
  if (row.site_name !== null) page.siteName = row.site_name;
  if (row.lang !== null) page.lang = row.lang;
  if (row.etag !== null) page.etag = row.etag;
  if (row.last_modified !== null) page.lastModified = row.last_modified;
  return page;
}
