import type Database from 'better-sqlite3';
import type { ErrorInfo } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import type { Clock } from './clock';
import { toIndexText } from './fts-text';
import { statementCache } from './statements';

/** A source an answer drew on, as shown to the person and listed in exports. */
export interface TurnSource {
  url: string;
  title: string;
  [extra: string]: unknown;
}

/** One question and what Lantern gave back. */
export interface TurnInput {
  question: string;
  /** What the turn did (ResearchService records 'search'); stored as given. */
  mode: string;
  /** Markdown; citations appear in it as [n], n a source's number (from 1; a follow-up keeps the numbers its thread gave). */
  answer?: string;
  /** Citation records, stored as JSON as given (ResearchService records none). */
  citations?: unknown[];
  sources?: TurnSource[];
  /** Phase durations in ms, e.g. { search: 820, fetch: 2100, compose: 300 }. */
  timings?: Record<string, number>;
  /** The query searched for when it differs from the question (a follow-up made to stand alone). */
  searchedFor?: string;
  /** A question that failed: kept in its thread with its error, to be retried. */
  error?: ErrorInfo;
  /** A search turn: what its results page suggested searching next. */
  suggestions?: TurnSuggestions;
}

export interface TurnSuggestions {
  peopleAlsoAsk: string[];
  relatedSearches: string[];
}

export interface Turn {
  id: number;
  threadId: number;
  /** 0-based order within the thread. */
  position: number;
  question: string;
  mode: string;
  answer: string;
  citations: unknown[];
  sources: TurnSource[];
  timings: Record<string, number>;
  createdAt: number;
  searchedFor?: string | undefined;
  error?: ErrorInfo | undefined;
  suggestions?: TurnSuggestions | undefined;
}

export interface ThreadSummary {
  id: number;
  title: string;
  createdAt: number;
  updatedAt: number;
  turnCount: number;
}

export interface Thread extends ThreadSummary {
  turns: Turn[];
}

interface TurnRow {
  id: number;
  thread_id: number;
  position: number;
  question: string;
  mode: string;
  answer: string;
  citations: string;
  sources: string;
  timings: string;
  created_at: number;
  searched_for: string | null;
  error: string | null;
  suggestions: string | null;
}

interface ThreadRow {
  id: number;
  title: string;
  created_at: number;
  updated_at: number;
  turn_count: number;
}

const MAX_TITLE_LENGTH = 200;

/** The person's research history: threads of turns, indexed for full-text search. */
export class HistoryRepository {
  private readonly sql: (sql: string) => Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly now: Clock,
  ) {
    this.sql = statementCache(db);
  }

  /** A new, empty thread; the title defaults to the first question when left empty. */
  createThread(title = ''): ThreadSummary {
    const at = this.now();
    const result = this.sql('INSERT INTO threads (title, created_at, updated_at) VALUES (?, ?, ?)').run(
      cleanTitle(title),
      at,
      at,
    );
    return { id: Number(result.lastInsertRowid), title: cleanTitle(title), createdAt: at, updatedAt: at, turnCount: 0 };
  }

  /** Adds a turn at the end of the thread (NOT_FOUND when the thread does not exist). */
  appendTurn(threadId: number, input: TurnInput): Turn {
    return this.db.transaction((): Turn => {
      const thread = this.sql('SELECT title FROM threads WHERE id = ?').get(threadId) as { title: string } | undefined;
      if (!thread) throw threadNotFound(threadId);
      const at = this.now();
      const position = (this.sql('SELECT COUNT(*) AS n FROM turns WHERE thread_id = ?').get(threadId) as { n: number })
        .n;
      const turn: Omit<Turn, 'id'> = {
        threadId,
        position,
        question: input.question,
        mode: input.mode,
        answer: input.answer ?? '',
        citations: input.citations ?? [],
        sources: input.sources ?? [],
        timings: input.timings ?? {},
        createdAt: at,
        ...(input.searchedFor === undefined ? {} : { searchedFor: input.searchedFor }),
        ...(input.error === undefined ? {} : { error: input.error }),
        ...(input.suggestions === undefined ? {} : { suggestions: input.suggestions }),
      };
      const id = Number(
        this.sql(
          `INSERT INTO turns (thread_id, position, question, mode, answer, citations, sources, timings, created_at, searched_for, error, suggestions)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          threadId,
          position,
          turn.question,
          turn.mode,
          turn.answer,
          JSON.stringify(turn.citations),
          JSON.stringify(turn.sources),
          JSON.stringify(turn.timings),
          at,
          turn.searchedFor ?? null,
          turn.error === undefined ? null : JSON.stringify(turn.error),
          turn.suggestions === undefined ? null : JSON.stringify(turn.suggestions),
        ).lastInsertRowid,
      );
      this.index(id, turn.question, turn.answer);
      const title = thread.title === '' ? cleanTitle(input.question) : thread.title;
      this.sql('UPDATE threads SET updated_at = ?, title = ? WHERE id = ?').run(at, title, threadId);
      return { id, ...turn };
    })();
  }

  /** Most recently active first. */
  listThreads(options: { limit?: number; offset?: number } = {}): ThreadSummary[] {
    const rows = this.sql(
      `SELECT t.id, t.title, t.created_at, t.updated_at,
                (SELECT COUNT(*) FROM turns WHERE thread_id = t.id) AS turn_count
         FROM threads t ORDER BY t.updated_at DESC, t.id DESC LIMIT ? OFFSET ?`,
    ).all(options.limit ?? 50, options.offset ?? 0) as ThreadRow[];
    return rows.map(toSummary);
  }

  getThread(threadId: number): Thread | undefined {
    const row = this.sql(
      `SELECT t.id, t.title, t.created_at, t.updated_at,
                (SELECT COUNT(*) FROM turns WHERE thread_id = t.id) AS turn_count
         FROM threads t WHERE t.id = ?`,
    ).get(threadId) as ThreadRow | undefined;
    if (!row) return undefined;
    const turns = this.sql('SELECT * FROM turns WHERE thread_id = ? ORDER BY position').all(threadId) as TurnRow[];
    return { ...toSummary(row), turns: turns.map(toTurn) };
  }

  getTurn(turnId: number): Turn | undefined {
    const row = this.sql('SELECT * FROM turns WHERE id = ?').get(turnId) as TurnRow | undefined;
    return row && toTurn(row);
  }

  /** True when the thread existed. Its turns and their index entries go with it. */
  deleteThread(threadId: number): boolean {
    return this.db.transaction((): boolean => {
      this.sql('DELETE FROM turns_fts WHERE rowid IN (SELECT id FROM turns WHERE thread_id = ?)').run(threadId);
      return this.sql('DELETE FROM threads WHERE id = ?').run(threadId).changes > 0;
    })();
  }

  private index(turnId: number, question: string, answer: string): void {
    this.sql('INSERT INTO turns_fts (rowid, question, answer) VALUES (?, ?, ?)').run(
      turnId,
      toIndexText(question),
      toIndexText(answer),
    );
  }
}

export function threadNotFound(threadId: number): LanternError {
  return new LanternError(
    'NOT_FOUND',
    `No thread ${threadId} in the history; list the threads with \`lantern history list\`.`,
  );
}

function cleanTitle(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= MAX_TITLE_LENGTH ? oneLine : `${oneLine.slice(0, MAX_TITLE_LENGTH - 1)}…`;
}

function toSummary(row: ThreadRow): ThreadSummary {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    turnCount: row.turn_count,
  };
}

function toTurn(row: TurnRow): Turn {
  return {
    id: row.id,
    threadId: row.thread_id,
    position: row.position,
    question: row.question,
    mode: row.mode,
    answer: row.answer,
    citations: JSON.parse(row.citations) as unknown[],
    sources: JSON.parse(row.sources) as TurnSource[],
    timings: JSON.parse(row.timings) as Record<string, number>,
    createdAt: row.created_at,
    ...(row.searched_for === null ? {} : { searchedFor: row.searched_for }),
    ...(row.error === null ? {} : { error: JSON.parse(row.error) as ErrorInfo }),
    ...(row.suggestions === null ? {} : { suggestions: JSON.parse(row.suggestions) as TurnSuggestions }),
  };
}
