import type * as z from 'zod';
import type { HistoryApi } from '../../shared/api';
import type { SearchResponse } from '../../shared/contract';
import { searchResultsMarkdown } from '../../shared/format/markdown';
import {
  EXPORT_MEDIA_TYPES,
  HistoryExportRequestSchema,
  HistoryListRequestSchema,
  HistorySearchRequestSchema,
  ThreadRequestSchema,
  type FullTextHit,
  type HistoryDeleteResponse,
  type HistoryExportRequest,
  type HistoryExportResponse,
  type HistoryListRequest,
  type HistorySearchRequest,
  type Thread,
  type ThreadRequest,
  type ThreadSummary,
} from '../../shared/history-contract';
import { LanternError } from '../../shared/errors';
import type { PrintPdf } from '../common/pdf-printer';
import { threadToMarkdown, type Store } from '../store';
import { threadNotFound, type TurnSuggestions } from '../store/history';
import { validationError } from '../common/validation';
import { documentToDocx } from './export-docx';
import { threadToDocument } from './export-document';
import { exportFileName } from './export-file-name';
import { documentToPrintable } from './export-html';
import { plural } from '../../shared/format/plural';

export interface HistoryServiceOptions {
  /** Prints an export to PDF; without it a PDF export is refused. */
  printPdf?: PrintPdf;
}

/** The person's research history over the store: validates each request, then asks the store. */
export class HistoryService implements HistoryApi {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
    private readonly options: HistoryServiceOptions = {},
  ) {}

  async list(input: HistoryListRequest = {}): Promise<ThreadSummary[]> {
    return this.store.history.listThreads(parse(HistoryListRequestSchema, input, 'history.list'));
  }

  async get(input: ThreadRequest): Promise<Thread> {
    return this.requireThread(parse(ThreadRequestSchema, input, 'history.get').id);
  }

  async search(input: HistorySearchRequest): Promise<FullTextHit[]> {
    const { text, scope, limit } = parse(HistorySearchRequestSchema, input, 'history.search');
    return this.store.fullText.search(text, { scope, limit });
  }

  async delete(input: ThreadRequest): Promise<HistoryDeleteResponse> {
    const { id } = parse(ThreadRequestSchema, input, 'history.delete');
    const thread = this.requireThread(id);
    this.store.history.deleteThread(id);
    return { deleted: id, title: thread.title, turnCount: thread.turnCount };
  }

  async export(input: HistoryExportRequest): Promise<HistoryExportResponse> {
    const { id, format, turn } = parse(HistoryExportRequestSchema, input, 'history.export');
    const thread = turn === undefined ? this.requireThread(id) : oneTurn(this.requireThread(id), turn);
    if (format === 'markdown')
      return { id, title: thread.title, format, markdown: threadToMarkdown(thread, this.now()) };
    const doc = threadToDocument(thread, this.now());
    const data: Uint8Array =
      format === 'docx' ? await documentToDocx(doc) : await this.printPdf()(documentToPrintable(doc));
    return {
      id,
      title: thread.title,
      format,
      mediaType: EXPORT_MEDIA_TYPES[format],
      fileName: exportFileName(thread, format),
      data,
    };
  }

  private printPdf(): PrintPdf {
    if (this.options.printPdf) return this.options.printPdf;
    throw new LanternError(
      'UNSUPPORTED_CONTENT',
      "PDF export needs a browser to print with, and this runtime has none; export as 'markdown' or 'docx'.",
    );
  }

  /**
   * A search becomes a thread of one turn: its results are the sources, listed as the answer, each
   * with its snippet, site and date so the thread shows them as the search did.
   */
  recordSearch(response: SearchResponse): void {
    const thread = this.store.history.createThread(response.query);
    this.store.history.appendTurn(thread.id, {
      question: response.query,
      mode: 'search',
      answer: searchResultsMarkdown(response),
      sources: response.results.map((r) => ({
        url: r.url,
        title: r.title,
        snippet: r.snippet,
        source: r.source,
        ...(r.date ? { date: r.date } : {}),
      })),
      timings: { search: response.tookMs },
      ...suggestionsOf(response),
    });
  }

  private requireThread(id: number): Thread {
    const thread = this.store.history.getThread(id);
    if (!thread) throw threadNotFound(id);
    return thread;
  }
}

/** The thread with only its turn `n` (from 1), titled by that turn's question. */
function oneTurn(thread: Thread, n: number): Thread {
  const turn = thread.turns[n - 1];
  if (!turn)
    throw new LanternError(
      'NOT_FOUND',
      `Thread #${thread.id} has ${plural(thread.turns.length, 'turn')}; there is no turn ${n}.`,
    );
  return { ...thread, title: turn.question, turnCount: 1, turns: [turn] };
}

function parse<S extends z.ZodType>(schema: S, input: unknown, operation: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(`${operation} request`, parsed.error);
  return parsed.data;
}

/** What the results page suggested, when it suggested anything. */
function suggestionsOf(response: SearchResponse): { suggestions?: TurnSuggestions } {
  const peopleAlsoAsk = response.peopleAlsoAsk ?? [];
  const relatedSearches = response.relatedSearches ?? [];
  return peopleAlsoAsk.length + relatedSearches.length === 0 ? {} : { suggestions: { peopleAlsoAsk, relatedSearches } };
}
