import type Database from 'better-sqlite3';
import { FTS_TOKENIZER, toIndexText } from './fts-text';

/**
 * One schema step. `version` is the `user_version` the database has after `up`; versions are
 * 1, 2, 3… with no gaps. A released migration is never edited: add the next one instead.
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/** v1: the tables. Timestamps are integer milliseconds since the epoch; JSON columns hold text. */
const coreTables: Migration = {
  version: 1,
  name: 'history, searches and their results, page cache, result cache',
  up(db) {
    db.exec(`
      -- The person's research history: a thread groups turns (one question and its answer each).
      -- AUTOINCREMENT so a deleted thread's id is never given to a new one ("show 5" stays unambiguous).
      CREATE TABLE threads (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        title       TEXT    NOT NULL,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
      );
      CREATE INDEX threads_by_updated ON threads (updated_at DESC, id DESC);

      CREATE TABLE turns (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        thread_id   INTEGER NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
        position    INTEGER NOT NULL,
        question    TEXT    NOT NULL,
        mode        TEXT    NOT NULL,
        answer      TEXT    NOT NULL DEFAULT '',
        citations   TEXT    NOT NULL DEFAULT '[]',
        sources     TEXT    NOT NULL DEFAULT '[]',
        timings     TEXT    NOT NULL DEFAULT '{}',
        created_at  INTEGER NOT NULL,
        UNIQUE (thread_id, position)
      );

      -- Every answered search, from which session. The row outlives its results (see
      -- searchLogRetentionMs) so that resolving an index can say "expired" rather than "unknown".
      CREATE TABLE searches (
        id            INTEGER PRIMARY KEY,
        search_id     TEXT    NOT NULL,
        session       TEXT    NOT NULL,
        query         TEXT    NOT NULL,
        engine        TEXT    NOT NULL,
        request       TEXT,
        features      TEXT,
        took_ms       INTEGER NOT NULL,
        from_cache    INTEGER NOT NULL DEFAULT 0,
        result_count  INTEGER NOT NULL,
        created_at    INTEGER NOT NULL,
        expires_at    INTEGER NOT NULL,
        UNIQUE (session, search_id)
      );
      CREATE INDEX searches_by_session ON searches (session, id);
      CREATE INDEX searches_by_expiry ON searches (expires_at);
      CREATE INDEX searches_by_created ON searches (created_at);

      -- The agents' numbered results. id orders insertion: the per-session cap drops the lowest.
      CREATE TABLE search_results (
        id          INTEGER PRIMARY KEY,
        search_row  INTEGER NOT NULL REFERENCES searches (id) ON DELETE CASCADE,
        session     TEXT    NOT NULL,
        idx         INTEGER NOT NULL,
        title       TEXT    NOT NULL,
        url         TEXT    NOT NULL,
        snippet     TEXT    NOT NULL,
        source      TEXT    NOT NULL,
        date        TEXT,
        UNIQUE (search_row, idx)
      );
      CREATE INDEX search_results_by_session ON search_results (session, id);

      -- Fetched pages, as extracted markdown: a cache with its own TTL, and searchable.
      CREATE TABLE pages (
        id             INTEGER PRIMARY KEY,
        url            TEXT    NOT NULL UNIQUE,
        final_url      TEXT    NOT NULL,
        status         INTEGER NOT NULL,
        content_type   TEXT    NOT NULL,
        title          TEXT    NOT NULL,
        byline         TEXT,
        published_at   TEXT,
        site_name      TEXT,
        lang           TEXT,
        markdown       TEXT    NOT NULL,
        fetched_at     INTEGER NOT NULL,
        etag           TEXT,
        last_modified  TEXT
      );
      CREATE INDEX pages_by_final_url ON pages (final_url);
      CREATE INDEX pages_by_fetched_at ON pages (fetched_at);

      -- Whole search responses by request key (see searchCacheKey), short-lived.
      CREATE TABLE result_cache (
        key         TEXT    PRIMARY KEY,
        response    TEXT    NOT NULL,
        stored_at   INTEGER NOT NULL,
        expires_at  INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX result_cache_by_expiry ON result_cache (expires_at);
    `);
  },
};

/**
 * v2: full-text search over turns and pages. The FTS tables keep their own copy of the prepared
 * text (see fts-text.ts: it differs from the stored text, so FTS5 cannot read it from the source
 * tables for snippets). Rows are written by the repositories in the same transaction as their
 * source row, not by triggers: the preparation is JavaScript.
 */
const fullTextSearch: Migration = {
  version: 2,
  name: 'full-text search over turns and pages',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE turns_fts USING fts5 (question, answer, tokenize = "${FTS_TOKENIZER}");
      CREATE VIRTUAL TABLE pages_fts USING fts5 (title, markdown, tokenize = "${FTS_TOKENIZER}");
      -- Ranking kept in the tables, so "ORDER BY rank" (FTS5's fast path) weighs a match in the
      -- question or title above one in the body.
      INSERT INTO turns_fts (turns_fts, rank) VALUES ('rank', 'bm25(3.0, 1.0)');
      INSERT INTO pages_fts (pages_fts, rank) VALUES ('rank', 'bm25(5.0, 1.0)');
    `);
    backfill(db, 'SELECT id, question AS a, answer AS b FROM turns', 'turns_fts (rowid, question, answer)');
    backfill(db, 'SELECT id, title AS a, markdown AS b FROM pages', 'pages_fts (rowid, title, markdown)');
  },
};

/** Indexes existing rows in batches (better-sqlite3 cannot write while a query is being iterated). */
function backfill(db: Database.Database, select: string, target: string): void {
  const readBatch = db.prepare(`${select} WHERE id > ? ORDER BY id LIMIT 500`);
  const insert = db.prepare(`INSERT INTO ${target} VALUES (?, ?, ?)`);
  let lastId = 0;
  for (;;) {
    const rows = readBatch.all(lastId) as { id: number; a: string; b: string }[];
    for (const row of rows) insert.run(row.id, toIndexText(row.a), toIndexText(row.b));
    const last = rows.at(-1);
    if (!last) return;
    lastId = last.id;
  }
}

/**
 * v3: what a turn searched for when its question leaned on the thread (the question made to
 * stand alone), and the error of a question that failed (JSON of ErrorInfo), kept in its thread
 * so it can be retried. Both NULL on every turn before.
 */
const turnSearchAndError: Migration = {
  version: 3,
  name: "a turn's standalone query and its error",
  up(db) {
    db.exec(`
      ALTER TABLE turns ADD COLUMN searched_for TEXT;
      ALTER TABLE turns ADD COLUMN error TEXT;
    `);
  },
};

/**
 * v4: what a results page suggested beside a search turn's results (people also ask, related
 * searches; JSON of TurnSuggestions), so the thread shows them again as the live search did.
 * NULL on every turn before and on answers.
 */
const turnSuggestions: Migration = {
  version: 4,
  name: "a search turn's suggestions",
  up(db) {
    db.exec('ALTER TABLE turns ADD COLUMN suggestions TEXT;');
  },
};

/**
 * v5: the library, the person's own files. A document is one file (its path, size, mtime and
 * SHA-256 tell whether it changed); its sections are its PDF pages, EPUB chapters or heading
 * parts, each a row of library_fts (written by the repository, as pages_fts is). The folders
 * added are kept so they can be watched again, and the files found unreadable with why.
 */
const library: Migration = {
  version: 5,
  name: 'the library: documents, their sections and full-text index, folders, unreadable files',
  up(db) {
    db.exec(`
      CREATE TABLE library_folders (
        path        TEXT    PRIMARY KEY,
        added_at    INTEGER NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE library_documents (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        path        TEXT    NOT NULL UNIQUE,
        kind        TEXT    NOT NULL,
        title       TEXT    NOT NULL,
        lang        TEXT,
        page_count  INTEGER,
        size        INTEGER NOT NULL,
        mtime_ms    INTEGER NOT NULL,
        sha256      TEXT    NOT NULL,
        indexed_at  INTEGER NOT NULL
      );

      CREATE TABLE library_sections (
        id           INTEGER PRIMARY KEY,
        document_id  INTEGER NOT NULL REFERENCES library_documents (id) ON DELETE CASCADE,
        position     INTEGER NOT NULL,
        page         INTEGER,
        heading      TEXT,
        text         TEXT    NOT NULL,
        UNIQUE (document_id, position)
      );

      CREATE TABLE library_unreadable (
        path        TEXT    PRIMARY KEY,
        reason      TEXT    NOT NULL,
        size        INTEGER NOT NULL,
        mtime_ms    INTEGER NOT NULL,
        seen_at     INTEGER NOT NULL
      ) WITHOUT ROWID;

      CREATE VIRTUAL TABLE library_fts USING fts5 (title, heading, text, tokenize = "${FTS_TOKENIZER}");
      INSERT INTO library_fts (library_fts, rank) VALUES ('rank', 'bm25(3.0, 2.0, 1.0)');
    `);
  },
};

/**
 * v6: the library's folders followed whenever Lantern runs (added with watch, until stopped),
 * so a runtime that starts again follows them again. A folder's watch goes with the folder.
 */
const libraryWatches: Migration = {
  version: 6,
  name: "the library's watched folders",
  up(db) {
    db.exec(`
      CREATE TABLE library_watches (
        path        TEXT    PRIMARY KEY REFERENCES library_folders (path) ON DELETE CASCADE,
        since       INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};

/** Every schema step, in order. The app's schema version is the last one's. */
export const MIGRATIONS: readonly Migration[] = [
  coreTables,
  fullTextSearch,
  turnSearchAndError,
  turnSuggestions,
  library,
  libraryWatches,
];
