import type Database from 'better-sqlite3';
import { LanternError } from '../../shared/errors';
import { fromIndexText, toMatchQuery } from './fts-text';
import { statementCache } from './statements';

export type FullTextScope = 'all' | 'history' | 'pages';

export interface TurnHit {
  kind: 'turn';
  threadId: number;
  turnId: number;
  threadTitle: string;
  question: string;
  /** Matching passage; matches wrapped in the highlight marks. */
  snippet: string;
  createdAt: number;
  /** bm25: lower is better; comparable within one query. */
  score: number;
}

export interface PageHit {
  kind: 'page';
  url: string;
  finalUrl: string;
  title: string;
  snippet: string;
  fetchedAt: number;
  score: number;
}

export type FullTextHit = TurnHit | PageHit;

export interface FullTextOptions {
  scope?: FullTextScope;
  /** Most hits returned (default 20). */
  limit?: number;
  /** Marks around matched words in snippets (default Markdown bold). */
  highlight?: { open: string; close: string };
}

/** Above this many matching pages, results come newest first instead of ranked by bm25. */
const RANKING_LIMIT = 5000;

/** Tokens of context in a snippet; CJK characters count one each, so keep it generous. */
const SNIPPET_TOKENS = 24;

/**
 * Ranked full-text search over the history (questions, answers) and fetched pages (titles, text).
 * Every word typed must occur; a question or title match counts more than one in the body.
 */
export class FullTextSearch {
  private readonly sql: (sql: string) => Database.Statement;

  constructor(db: Database.Database) {
    this.sql = statementCache(db);
  }

  search(text: string, options: FullTextOptions = {}): FullTextHit[] {
    const match = toMatchQuery(text);
    if (match === undefined) {
      throw new LanternError('INVALID_INPUT', `Nothing to search for in "${text}": type at least one word.`);
    }
    const scope = options.scope ?? 'all';
    const limit = options.limit ?? 20;
    const { open, close } = options.highlight ?? { open: '**', close: '**' };
    const hits: FullTextHit[] = [];
    if (scope !== 'pages') hits.push(...this.searchTurns(match, limit, open, close));
    if (scope !== 'history') hits.push(...this.searchPages(match, limit, open, close));
    return hits.sort((a, b) => a.score - b.score).slice(0, limit);
  }

  /*
   * The FTS query stands alone in a subquery with "ORDER BY rank LIMIT": FTS5 then ranks over the
   * index and computes snippets only for the rows it returns. Joined or ordered by an explicit
   * bm25() in one query, SQLite builds a snippet for every matching row before sorting — a
   * hundred times slower for a common word over thousands of pages. (Nor can snippets be fetched
   * afterwards with "MATCH ? AND rowid = ?": better-sqlite3 binds JS numbers as REAL, and FTS5
   * 3.53 then ignores the rowid constraint and returns every match.)
   */

  private searchTurns(match: string, limit: number, open: string, close: string): TurnHit[] {
    const rows = this.sql(
      `SELECT f.rowid AS turn_id, f.rank AS score, f.snippet, t.thread_id, th.title AS thread_title, t.question,
              t.created_at
       FROM (SELECT rowid, rank, snippet(turns_fts, -1, ?, ?, '…', ${SNIPPET_TOKENS}) AS snippet
             FROM turns_fts WHERE turns_fts MATCH ? ORDER BY rank LIMIT ?) AS f
       JOIN turns t ON t.id = f.rowid JOIN threads th ON th.id = t.thread_id
       ORDER BY f.rank`,
    ).all(open, close, match, limit) as {
      turn_id: number;
      score: number;
      snippet: string;
      thread_id: number;
      thread_title: string;
      question: string;
      created_at: number;
    }[];
    return rows.map((row) => ({
      kind: 'turn',
      threadId: row.thread_id,
      turnId: row.turn_id,
      threadTitle: row.thread_title,
      question: row.question,
      snippet: fromIndexText(row.snippet),
      createdAt: row.created_at,
      score: row.score,
    }));
  }

  /**
   * True when more than RANKING_LIMIT rows match: bm25 would score every one of them (a lone
   * "the" over 10,000 pages takes ~130 ms), and a term that common says nothing about relevance.
   */
  private tooCommonToRank(table: 'pages_fts' | 'turns_fts', match: string): boolean {
    const row = this.sql(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`).get(
      match,
      RANKING_LIMIT + 1,
    ) as { n: number };
    return row.n > RANKING_LIMIT;
  }

  private searchPages(match: string, limit: number, open: string, close: string): PageHit[] {
    // Too common to rank: the newest matching pages first (rowid order is the index's own order)
    // — ranking 5,000 matches stays under ~20 ms here, ranking 10,000 takes 130 ms.
    const order = this.tooCommonToRank('pages_fts', match) ? 'rowid DESC' : 'rank';
    const rows = this.sql(
      `SELECT f.rank AS score, f.snippet, p.url, p.final_url, p.title, p.fetched_at
       FROM (SELECT rowid, ${order === 'rank' ? 'rank' : '0 AS rank'}, snippet(pages_fts, 1, ?, ?, '…', ${SNIPPET_TOKENS}) AS snippet
             FROM pages_fts WHERE pages_fts MATCH ? ORDER BY ${order} LIMIT ?) AS f
       JOIN pages p ON p.id = f.rowid
       ORDER BY ${order === 'rank' ? 'f.rank' : 'f.rowid DESC'}`,
    ).all(open, close, match, limit) as {
      score: number;
      snippet: string;
      url: string;
      final_url: string;
      title: string;
      fetched_at: number;
    }[];
    return rows.map((row) => ({
      kind: 'page',
      url: row.url,
      finalUrl: row.final_url,
      title: row.title,
      snippet: fromIndexText(row.snippet),
      fetchedAt: row.fetched_at,
      score: row.score,
    }));
  }
}
