import type Database from 'better-sqlite3';
import type { Clock } from './clock';
import { fromIndexText, toIndexText, toMatchQuery } from './fts-text';
import { statementCache } from './statements';

/** What identifies a library file and tells whether it changed since it was indexed. */
interface LibraryFileFacts {
  path: string;
  kind: string;
  title: string;
  lang?: string;
  pageCount?: number;
  size: number;
  mtimeMs: number;
  sha256: string;
}

/** A part of a file's text, with the page or heading it stands under where the file has one. */
export interface LibrarySection {
  page?: number;
  heading?: string;
  text: string;
}

/** A file of the library as indexed: its facts and its text in sections. */
export interface LibraryDocumentInput extends LibraryFileFacts {
  sections: readonly LibrarySection[];
}

/** A file of the library as the index holds it: its facts, how many sections, when indexed. */
export interface LibraryDocumentRecord extends LibraryFileFacts {
  id: number;
  sections: number;
  indexedAt: number;
}

export interface UnreadableFile {
  path: string;
  reason: string;
  size: number;
  mtimeMs: number;
}

/** One section that matched, with the document it belongs to. */
export interface LibraryHit {
  documentId: number;
  sectionId: number;
  path: string;
  kind: string;
  title: string;
  page?: number;
  heading?: string;
  /** The section's whole text. */
  text: string;
  /** Matching words in context, wrapped in the highlight marks. */
  snippet: string;
  /** bm25: lower is better; comparable within one query. */
  score: number;
}

/**
 * What to look for: `all`, text a person typed (every word must occur, as the history search);
 * `anyOf`, words of which any may occur (a question's content words), each also as a prefix so
 * "open" finds "opened" (see anyWordQuery). Ranked by bm25 either way.
 */
export type LibraryQuery = { all: string } | { anyOf: readonly string[] };

const SNIPPET_TOKENS = 24;

interface DocumentRow {
  id: number;
  path: string;
  kind: string;
  title: string;
  lang: string | null;
  page_count: number | null;
  size: number;
  mtime_ms: number;
  sha256: string;
  sections: number;
  indexed_at: number;
}

/** The library's documents, sections and full-text index (migration v5). Writes are one transaction per document. */
export class LibraryIndex {
  private readonly sql: (sql: string) => Database.Statement;
  private readonly writeDocument: (input: LibraryDocumentInput) => number;
  private readonly deleteDocument: (id: number) => void;

  constructor(
    private readonly db: Database.Database,
    private readonly now: Clock,
  ) {
    this.sql = statementCache(db);
    this.deleteDocument = db.transaction((id: number) => {
      this.sql('DELETE FROM library_fts WHERE rowid IN (SELECT id FROM library_sections WHERE document_id = ?)').run(
        id,
      );
      this.sql('DELETE FROM library_documents WHERE id = ?').run(id);
    });
    this.writeDocument = db.transaction((input: LibraryDocumentInput) => {
      const previous = this.sql('SELECT id FROM library_documents WHERE path = ?').get(input.path) as
        { id: number } | undefined;
      if (previous) this.deleteDocument(previous.id);
      const { lastInsertRowid } = this.sql(
        `INSERT INTO library_documents (path, kind, title, lang, page_count, size, mtime_ms, sha256, indexed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        input.path,
        input.kind,
        input.title,
        input.lang ?? null,
        input.pageCount ?? null,
        input.size,
        Math.round(input.mtimeMs),
        input.sha256,
        this.now(),
      );
      const documentId = Number(lastInsertRowid);
      const insertSection = this.sql(
        'INSERT INTO library_sections (document_id, position, page, heading, text) VALUES (?, ?, ?, ?, ?)',
      );
      const insertText = this.sql('INSERT INTO library_fts (rowid, title, heading, text) VALUES (?, ?, ?, ?)');
      const title = toIndexText(input.title);
      for (const [position, section] of input.sections.entries()) {
        const row = insertSection.run(
          documentId,
          position,
          section.page ?? null,
          section.heading ?? null,
          section.text,
        );
        insertText.run(row.lastInsertRowid, title, toIndexText(section.heading ?? ''), toIndexText(section.text));
      }
      this.sql('DELETE FROM library_unreadable WHERE path = ?').run(input.path);
      return documentId;
    });
  }

  /** Indexes a document, replacing what was indexed of the same path; returns its id. */
  put(input: LibraryDocumentInput): number {
    return this.writeDocument(input);
  }

  /** A file whose bytes did not change though its mtime did: only the mtime is kept. */
  touch(path: string, mtimeMs: number): void {
    this.sql('UPDATE library_documents SET mtime_ms = ? WHERE path = ?').run(Math.round(mtimeMs), path);
  }

  get(path: string): LibraryDocumentRecord | undefined {
    const row = this.sql(`${DOCUMENT_SELECT} WHERE d.path = ?`).get(path) as DocumentRow | undefined;
    return row && toRecord(row);
  }

  byId(id: number): LibraryDocumentRecord | undefined {
    const row = this.sql(`${DOCUMENT_SELECT} WHERE d.id = ?`).get(id) as DocumentRow | undefined;
    return row && toRecord(row);
  }

  /** A document's sections in order (undefined when the path is not in the library). */
  sections(path: string): LibrarySection[] | undefined {
    const document = this.sql('SELECT id FROM library_documents WHERE path = ?').get(path) as
      { id: number } | undefined;
    if (!document) return undefined;
    const rows = this.sql(
      'SELECT page, heading, text FROM library_sections WHERE document_id = ? ORDER BY position',
    ).all(document.id) as SectionRow[];
    return rows.map(toSection);
  }

  /** Every document, or those under a folder (its path with a trailing separator), by path. */
  list(under?: string): LibraryDocumentRecord[] {
    const rows = (
      under === undefined
        ? this.sql(`${DOCUMENT_SELECT} ORDER BY d.path`).all()
        : this.sql(`${DOCUMENT_SELECT} WHERE substr(d.path, 1, length(?)) = ? ORDER BY d.path`).all(under, under)
    ) as DocumentRow[];
    return rows.map(toRecord);
  }

  /** The first `limit` documents by path: what a list unfiltered shows, without reading every row. */
  first(limit: number): LibraryDocumentRecord[] {
    return (this.sql(`${DOCUMENT_SELECT} ORDER BY d.path LIMIT ?`).all(limit) as DocumentRow[]).map(toRecord);
  }

  /** Removes a document, its sections and their index rows; false when there was none. */
  remove(path: string): boolean {
    const row = this.sql('SELECT id FROM library_documents WHERE path = ?').get(path) as { id: number } | undefined;
    if (row) this.deleteDocument(row.id);
    const unreadable = this.sql('DELETE FROM library_unreadable WHERE path = ?').run(path).changes > 0;
    return row !== undefined || unreadable;
  }

  /** A file that could not be read, with why (replacing what was indexed of it). */
  putUnreadable(file: UnreadableFile): void {
    const row = this.sql('SELECT id FROM library_documents WHERE path = ?').get(file.path) as
      { id: number } | undefined;
    if (row) this.deleteDocument(row.id);
    this.sql(
      'INSERT OR REPLACE INTO library_unreadable (path, reason, size, mtime_ms, seen_at) VALUES (?, ?, ?, ?, ?)',
    ).run(file.path, file.reason, file.size, Math.round(file.mtimeMs), this.now());
  }

  unreadable(under?: string): UnreadableFile[] {
    const select = 'SELECT path, reason, size, mtime_ms FROM library_unreadable';
    const rows = (
      under === undefined
        ? this.sql(`${select} ORDER BY path`).all()
        : this.sql(`${select} WHERE substr(path, 1, length(?)) = ? ORDER BY path`).all(under, under)
    ) as { path: string; reason: string; size: number; mtime_ms: number }[];
    return rows.map((row) => ({ path: row.path, reason: row.reason, size: row.size, mtimeMs: row.mtime_ms }));
  }

  addFolder(path: string): void {
    this.sql('INSERT OR IGNORE INTO library_folders (path, added_at) VALUES (?, ?)').run(path, this.now());
  }

  folders(): string[] {
    return (this.sql('SELECT path FROM library_folders ORDER BY path').all() as { path: string }[]).map(
      (row) => row.path,
    );
  }

  /** How many documents the library holds. */
  count(): number {
    return (this.sql('SELECT count(*) AS n FROM library_documents').get() as { n: number }).n;
  }

  /** True when the library holds no document at all. */
  isEmpty(): boolean {
    return this.sql('SELECT 1 FROM library_documents LIMIT 1').get() === undefined;
  }

  /**
   * Ranked sections. As in FullTextSearch, the FTS query stands alone in a subquery ordered by
   * rank with its limit, so snippets are made only for the rows returned.
   */
  search(
    query: LibraryQuery,
    options: { limit?: number; highlight?: { open: string; close: string } } = {},
  ): LibraryHit[] {
    const match = 'all' in query ? toMatchQuery(query.all) : anyWordQuery(query.anyOf);
    if (match === undefined) return [];
    const { open, close } = options.highlight ?? { open: '**', close: '**' };
    const rows = this.sql(
      `SELECT f.rowid AS section_id, f.rank AS score, f.snippet, s.document_id, s.page, s.heading, s.text, d.path, d.kind, d.title
       FROM (SELECT rowid, rank, snippet(library_fts, 2, ?, ?, '…', ${SNIPPET_TOKENS}) AS snippet
             FROM library_fts WHERE library_fts MATCH ? ORDER BY rank LIMIT ?) AS f
       JOIN library_sections s ON s.id = f.rowid JOIN library_documents d ON d.id = s.document_id
       ORDER BY f.rank`,
    ).all(open, close, match, options.limit ?? 20) as (SectionRow & {
      section_id: number;
      score: number;
      snippet: string;
      document_id: number;
      path: string;
      kind: string;
      title: string;
    })[];
    return rows.map((row) => ({
      documentId: row.document_id,
      sectionId: row.section_id,
      path: row.path,
      kind: row.kind,
      title: row.title,
      ...toSection(row),
      snippet: fromIndexText(row.snippet),
      score: row.score,
    }));
  }
}

/** A row of library_sections: NULL where the file gives the section no page or heading. */
interface SectionRow {
  page: number | null;
  heading: string | null;
  text: string;
}

function toSection(row: SectionRow): LibrarySection {
  return {
    ...(row.page === null ? {} : { page: row.page }),
    ...(row.heading === null ? {} : { heading: row.heading }),
    text: row.text,
  };
}

const DOCUMENT_SELECT = `SELECT d.id, d.path, d.kind, d.title, d.lang, d.page_count, d.size, d.mtime_ms, d.sha256, d.indexed_at,
  (SELECT count(*) FROM library_sections s WHERE s.document_id = d.id) AS sections FROM library_documents d`;

function toRecord(row: DocumentRow): LibraryDocumentRecord {
  return {
    id: row.id,
    path: row.path,
    kind: row.kind,
    title: row.title,
    ...(row.lang === null ? {} : { lang: row.lang }),
    ...(row.page_count === null ? {} : { pageCount: row.page_count }),
    size: row.size,
    mtimeMs: row.mtime_ms,
    sha256: row.sha256,
    sections: row.sections,
    indexedAt: row.indexed_at,
  };
}

/** The shortest last token matched as a prefix. */
const MIN_PREFIX_CHARS = 3;
/** A phrase's last token, as unicode61 cuts it (a run of letters, marks and digits; U+200B separates). */
const LAST_TOKEN = /[\p{L}\p{M}\p{N}]+(?=[^\p{L}\p{M}\p{N}]*$)/u;

/**
 * An FTS5 expression matching any of the words, each as a phrase (quotes and operators stay
 * text), and as a prefix when its last token is a word of three characters or more ("open"
 * finds "opened"). A shorter last token is matched as it is: the "s" of "Trump's" (tokenized
 * "trump" "s") or a French "à" as a prefix stands for every word beginning so, which matched
 * rows the question does not name and made such a query take up to 0.8 s over 21,000 sections
 * (bench/library).
 */
function anyWordQuery(words: readonly string[]): string | undefined {
  const phrases = [
    ...new Set(
      words.map((word) => toIndexText(word).replace(/"/g, '""').trim()).filter((word) => /[\p{L}\p{N}]/u.test(word)),
    ),
  ];
  return phrases.length === 0
    ? undefined
    : phrases
        .map((word) => ((LAST_TOKEN.exec(word)?.[0].length ?? 0) >= MIN_PREFIX_CHARS ? `"${word}"*` : `"${word}"`))
        .join(' OR ');
}
