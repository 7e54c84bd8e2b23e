/**
 * The answer pipeline: question (made to stand alone when it leans on its thread) → search → read
 * the top pages in parallel within a time budget → passages → rank → compose → check every
 * citation → store the turn (a failed one too, with its error). Each step is told to the caller
 * as an AnswerEvent while it happens; the doors only relay them.
 */
import type { AnswerOptions, LlmOverride } from '../../shared/api';
import {
  AnswerRequestSchema,
  type AnswerEvent,
  type AnswerRequest,
  type AnswerRequestInput,
  type AnswerResponse,
  type AnswerSource,
} from '../../shared/answer-contract';
import type { ErrorInfo, SearchRequestInput, SearchResponse } from '../../shared/contract';
import { definedFields } from '../../shared/defined-fields';
import { searchScopeOf } from '../../shared/search-scope';
import { LanternError, toErrorInfo } from '../../shared/errors';
import { isFetchBatch, type FetchPage } from '../../shared/fetch-contract';
import type { FetchCallOptions, FetchService } from '../fetch';
import { sourceOf } from '../search/source';
import type { Store } from '../store';
import { threadNotFound } from '../store/history';
import { validInput } from '../common/validation';
import { READING_BUDGET_MS, withModelReading, type SupportJudge } from './support-judge';
import { checkCitations, type CheckedAnswer } from './check-citations';
import { chooseComposer } from './choose-composer';
import { appendTurn, recordFailedTurn } from './thread-turns';
import { composeWith, NOT_IN_SOURCES, type ComposedAnswer, type Composer } from './composer';
import { tellingErrors } from './error-event';
import type { FollowUpWriter } from './llm-follow-ups';
import { noLibraryMatch, readLibrary, type SourceText } from './library-sources';
import type { QuestionRewriter } from './llm-standalone';
import { pagePassages, type Passage } from './passages';
import { composerPassages } from './rank';
import { standaloneQuestion, type EarlierTurn } from './standalone-question';
import { NO_NUMBERS, threadNumbers, turnNumbers, type ThreadNumbers } from './thread-numbers';

/** Characters read of each page. */
const PAGE_CHARS = 100_000;
const MAX_FOLLOW_UPS = 8;
/** How long the model may take over the follow-up questions, after its answer; without them the answer is complete. */
const FOLLOW_UP_BUDGET_MS = 10_000;
const DEFAULT_READ_BUDGET_MS = 12_000;
/** How long the model may take to make a follow-up stand alone before the rule does it instead: the search waits for it. */
const DEFAULT_REWRITE_BUDGET_MS = 4_000;

export interface AnswerServiceDeps {
  search: (
    request: SearchRequestInput,
    options: { signal?: AbortSignal; firstPageOnly?: boolean },
  ) => Promise<SearchResponse>;
  fetch: () => Promise<FetchService>;
  store: Store;
  /**
   * The LLM composer in force, asked at each answer (settings can change while the app runs);
   * undefined when no LLM is configured, and composer 'auto' then answers extractively.
   */
  llmComposer?: (override?: LlmOverride) => Composer | undefined;
  /** Writes follow-up questions after an answer the LLM wrote (asked at each answer, as llmComposer). */
  llmFollowUps?: (override?: LlmOverride) => FollowUpWriter | undefined;
  /** Reads whether each quote says its model-written sentence, the hard facts holding (asked at each answer, as llmComposer). */
  llmSupport?: (override?: LlmOverride) => SupportJudge | undefined;
  /** Makes a follow-up stand alone with the model in force (asked at each answer, as llmComposer). */
  llmRewriter?: (override?: LlmOverride) => QuestionRewriter | undefined;
  /** How long pages may take to arrive, from the start of reading; late pages are dropped. */
  readBudgetMs?: () => number;
  /** How long the model may take to rewrite a follow-up (default 4 s); then the rule's rewrite is used. */
  rewriteBudgetMs?: () => number;
  /** How long the model may take to read its answer's quotes (default 20 s); then the rules' check stands. */
  readingBudgetMs?: () => number;
  now?: () => number;
}

interface ReadPage {
  n: number;
  page: FetchPage;
}

/**
 * A library section is a page's part (a PDF page, a heading's text): an answer reads this many for
 * each web page it would read, so it weighs as much text (bench:answer --library, tuning half: the
 * gold in 75.0 % of answers with one a page, 79.8 % with three, as the web's 79.8 %).
 */
const SECTIONS_PER_PAGE = 3;

export class AnswerService {
  constructor(private readonly deps: AnswerServiceDeps) {}

  async answer(input: AnswerRequestInput, options: AnswerOptions = {}): Promise<AnswerResponse> {
    return tellingErrors(options.onEvent, (emit) => this.run(input, options, emit));
  }

  private async run(
    input: AnswerRequestInput,
    options: AnswerOptions,
    emit: (event: AnswerEvent) => void,
  ): Promise<AnswerResponse> {
    const now = this.deps.now ?? (() => performance.now());
    const started = now();
    const request = validInput(AnswerRequestSchema, input, 'answer request');
    const composer = this.chooseComposer(request, options.llm);
    const threadId = threadOf(request, options);
    const { thread, numbers } =
      threadId === undefined ? { thread: [], numbers: NO_NUMBERS } : this.earlierTurns(threadId);
    let searchedFor: string | undefined;
    try {
      const query = await this.standalone(request.question, thread, composer !== undefined, options);
      // Part of the time to the first sources, told apart since the model's rewrite may take up to its budget.
      const standaloneMs = now() - started;
      if (query !== request.question) searchedFor = query;
      const answered = await this.work({ ...request, question: query }, composer, { thread, numbers }, options, emit, {
        started,
        now,
      });
      // The person's own words stay the question; what stood in for them is told beside it.
      const response: AnswerResponse = { ...answered, question: request.question, ...definedFields({ searchedFor }) };
      if (thread.length > 0) response.timings = { ...response.timings, standaloneMs: round(standaloneMs) };
      if (options.recordHistory) response.threadId = this.record(response, threadId);
      else if (threadId !== undefined) response.threadId = threadId;
      emit({ type: 'done', timings: response.timings });
      return response;
    } catch (error) {
      if (!options.recordHistory || (error instanceof LanternError && error.code === 'CANCELLED')) throw error;
      throw this.recordFailure(request.question, searchedFor, threadId, error);
    }
  }

  /**
   * From the search to the checked answer, for the question as it stands alone (`request.question`):
   * what is searched for, what ranks the passages and what the composer answers.
   */
  private async work(
    request: AnswerRequest,
    composer: Composer | undefined,
    { thread, numbers }: { thread: EarlierTurn[]; numbers: ThreadNumbers },
    options: AnswerOptions,
    emit: (event: AnswerEvent) => void,
    clock: { started: number; now: () => number },
  ): Promise<AnswerResponse> {
    const { started, now } = clock;
    const searched =
      request.scope === 'library'
        ? { sources: [], followUps: [], titlesFromPages: false }
        : await this.findSources(request, options.signal);
    // The library's sections are numbered after the web's sources and rank with them below.
    const read =
      request.scope === 'web' ? { sources: [], texts: [] } : this.readLibrary(request, searched.sources.length + 1);
    // Then every source takes its number in the thread: a page an earlier turn cited keeps its number.
    const provisional = [...searched.sources, ...read.sources];
    const stable = turnNumbers(provisional, numbers);
    const numberOf = new Map(provisional.map((s, i) => [s.n, stable[i]!]));
    const renumbered = <T extends { n: number }>(item: T): T => ({ ...item, n: numberOf.get(item.n) ?? item.n });
    const found = { ...searched, sources: searched.sources.map(renumbered) };
    const library = { sources: read.sources.map(renumbered), texts: read.texts.map(renumbered) };
    const firstSourcesMs = now() - started;
    emit({ type: 'sources', sources: [...found.sources, ...library.sources] });

    const readStarted = now();
    const pages = await this.readPages(found.sources, options, emit);
    const readMs = now() - readStarted;
    const webSources = found.sources.map((source) => {
      const read = pages.find((p) => p.n === source.n);
      return read && found.titlesFromPages ? { ...source, title: read.page.title || source.title } : source;
    });
    const sources = [...webSources, ...library.sources];
    const texts: SourceText[] = [
      ...pages.map(({ n, page }) => ({ n, url: page.finalUrl, title: page.title, markdown: page.markdown })),
      ...library.texts,
    ];

    const passages: Passage[] = [];
    for (const text of texts) passages.push(...pagePassages(text, passages.length));
    const forComposer = composerPassages(request.question, passages);

    const composeStarted = now();
    const composed = await this.compose(
      composer,
      { question: request.question, passages: forComposer, thread },
      options.signal,
      emit,
    );
    const composeMs = now() - composeStarted;

    const checkStarted = now();
    const ruled = checkCitations(composed.answer, passages, new Set(sources.map((s) => s.n)));
    emit({ type: 'citations', sentences: ruled.sentences, supportedShare: ruled.supportedShare });
    const checkMs = now() - checkStarted;
    const readingStarted = now();
    const checked = composed.composer === 'llm' ? await this.readQuotes(ruled, options) : ruled;
    if (checked !== ruled)
      emit({
        type: 'citations',
        sentences: checked.sentences,
        supportedShare: checked.supportedShare,
        readBy: 'model',
      });
    const readingMs = now() - readingStarted;

    const answered = texts.length > 0 && !checked.answer.trimStart().startsWith(NOT_IN_SOURCES);
    const generated =
      composed.composer === 'llm' && answered
        ? await this.writeFollowUps(request.question, checked.answer, options)
        : [];

    const quotes = new Map<number, string[]>();
    for (const citation of checked.sentences.flatMap((s) => s.citations)) {
      if (!citation.supported) continue;
      const list = quotes.get(citation.n) ?? [];
      if (!list.includes(citation.quote)) list.push(citation.quote);
      quotes.set(citation.n, list);
    }
    const timings = {
      firstSourcesMs: round(firstSourcesMs),
      readMs: round(readMs),
      composeMs: round(composeMs),
      checkMs: round(checkMs),
      ...(checked !== ruled ? { modelReadingMs: round(readingMs) } : {}),
      totalMs: round(now() - started),
    };
    const response: AnswerResponse = {
      question: request.question,
      answer: checked.answer,
      sentences: checked.sentences,
      sources: sources.map((s) => ({ ...s, quotes: quotes.get(s.n) ?? [] })),
      followUps: [...new Set([...generated, ...found.followUps])].slice(0, MAX_FOLLOW_UPS),
      supportedShare: checked.supportedShare,
      answered,
      composer: composed.composer,
      ...(composed.llmError ? { llmError: composed.llmError } : {}),
      timings,
    };
    return response;
  }

  /**
   * The thread's turns so far, as a rewrite and the LLM read them, and the numbers its sources
   * were given (NOT_FOUND when there is no such thread).
   */
  private earlierTurns(threadId: number): { thread: EarlierTurn[]; numbers: ThreadNumbers } {
    const thread = this.deps.store.history.getThread(threadId);
    if (!thread) throw threadNotFound(threadId);
    return {
      thread: thread.turns.map((turn) => ({
        question: turn.question,
        answer: turn.answer,
        ...definedFields({ searchedFor: turn.searchedFor }),
      })),
      numbers: threadNumbers(thread.turns.map((turn) => turn.sources)),
    };
  }

  /**
   * The question as it stands alone on its thread: the model's rewrite when an LLM answers (within
   * its time budget), else, or when the model fails, is late or replies with nothing usable, the
   * rule's. Outside a thread, the question itself. A cancelled answer stays cancelled.
   */
  private async standalone(
    question: string,
    thread: EarlierTurn[],
    withLlm: boolean,
    { signal, llm }: AnswerOptions,
  ): Promise<string> {
    if (thread.length === 0) return question;
    const rewrite = withLlm ? this.deps.llmRewriter?.(llm) : undefined;
    if (rewrite) {
      const budget = AbortSignal.timeout(this.deps.rewriteBudgetMs?.() ?? DEFAULT_REWRITE_BUDGET_MS);
      try {
        return await rewrite({ question, thread, signal: signal ? AbortSignal.any([signal, budget]) : budget });
      } catch (error) {
        if (signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled.');
        if (!(error instanceof LanternError)) throw error;
      }
    }
    return standaloneQuestion(question, thread);
  }

  /** The library's sections for the question (scope 'library' or 'both'); NOT_FOUND when scope 'library' finds none. */
  private readLibrary(request: AnswerRequest, firstN: number): ReturnType<typeof readLibrary> {
    if (request.scope === 'library' && request.urls)
      throw new LanternError(
        'INVALID_INPUT',
        'scope: "library" answers from the library and reads no urls; use scope "web" or "both" to read them.',
      );
    const reading = readLibrary(this.deps.store.library, request.question, firstN, request.pages * SECTIONS_PER_PAGE);
    if (request.scope === 'library' && reading.sources.length === 0) throw noLibraryMatch(request.question);
    return reading;
  }

  private chooseComposer(request: AnswerRequest, override: LlmOverride | undefined): Composer | undefined {
    return chooseComposer(request.composer, this.deps.llmComposer, override);
  }

  private async findSources(
    request: AnswerRequest,
    signal: AbortSignal | undefined,
  ): Promise<{ sources: AnswerSource[]; followUps: string[]; titlesFromPages: boolean }> {
    if (request.urls) {
      const urls = [...new Set(request.urls.map((u) => u.trim()))];
      const sources = urls.map((url, i): AnswerSource => ({
        n: i + 1,
        title: url,
        url,
        source: sourceOf(url),
        quotes: [],
      }));
      return { sources, followUps: [], titlesFromPages: true };
    }
    // Only the results to be read are asked for, from the first results page alone: a second
    // page costs the engine's pacing gap and another load (~1 s before the first source shows)
    // for the few sources a first page of 8 or 9 lacks.
    const search: SearchRequestInput = { query: request.question, limit: request.pages, ...searchScopeOf(request) };
    const response = await this.deps.search(search, { firstPageOnly: true, ...(signal ? { signal } : {}) });
    if (response.results.length === 0)
      throw new LanternError(
        'NOT_FOUND',
        `The search for "${request.question}" found no results to read; try other words, or pass the pages as urls.`,
        {
          details: { reason: 'no-results' },
        },
      );
    const sources = response.results.slice(0, request.pages).map((r, i): AnswerSource => ({
      n: i + 1,
      title: r.title,
      url: r.url,
      source: r.source,
      ...(r.date ? { date: r.date } : {}),
      quotes: [],
    }));
    const followUps = [
      ...new Set([...(response.peopleAlsoAsk ?? []), ...(response.relatedSearches ?? [])].map((s) => s.trim())),
    ]
      .filter((s) => s !== '' && s.toLowerCase() !== request.question.trim().toLowerCase())
      .slice(0, MAX_FOLLOW_UPS);
    return { sources, followUps, titlesFromPages: false };
  }

  /**
   * Reads every source in parallel; what has not arrived when the budget runs out is dropped
   * (reported failed with TIMEOUT and aborted), not waited for.
   */
  private async readPages(
    sources: AnswerSource[],
    options: AnswerOptions,
    emit: (event: AnswerEvent) => void,
  ): Promise<ReadPage[]> {
    if (sources.length === 0) return [];
    const fetchService = await this.deps.fetch();
    const budgetMs = this.deps.readBudgetMs?.() ?? DEFAULT_READ_BUDGET_MS;
    const abort = new AbortController();
    const signal = options.signal ? AbortSignal.any([abort.signal, options.signal]) : abort.signal;
    const fetchOptions: FetchCallOptions = {
      signal,
      ...(options.allowPrivateNetworks ? { allowPrivateNetworks: true } : {}),
    };
    const of = sources.length;
    const pages: ReadPage[] = [];
    let open = true;
    const settled = new Set<number>();
    const failures: { n: number; url: string; error: ErrorInfo }[] = [];
    const fail = (n: number, url: string, error: ErrorInfo): void => {
      failures.push({ n, url, error });
      emit({ type: 'page', n, of, url, state: 'failed', code: error.code, message: error.message });
    };
    const reads = sources.map(async ({ n, url }) => {
      try {
        const response = await fetchService.fetch({ url, maxChars: PAGE_CHARS }, fetchOptions);
        if (!open) return;
        if (isFetchBatch(response)) throw new LanternError('INTERNAL', 'one URL gave a batch');
        pages.push({ n, page: response });
        emit({ type: 'page', n, of, url, state: 'read' });
      } catch (error) {
        if (open) fail(n, url, toErrorInfo(error));
      } finally {
        settled.add(n);
      }
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(reads), new Promise<void>((resolve) => (timer = setTimeout(resolve, budgetMs)))]);
    clearTimeout(timer);
    open = false;
    for (const { n, url } of sources.filter((s) => !settled.has(s.n)))
      fail(n, url, {
        code: 'TIMEOUT',
        message: `Not read within the answer's ${budgetMs} ms reading budget; left out.`,
      });
    abort.abort();
    if (options.signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled.');
    if (pages.length === 0) throw noPageRead(failures);
    return pages.sort((a, b) => a.n - b.n);
  }

  private async compose(
    llm: Composer | undefined,
    asked: { question: string; passages: Passage[]; thread: EarlierTurn[] },
    signal: AbortSignal | undefined,
    emit: (event: AnswerEvent) => void,
  ): Promise<ComposedAnswer> {
    const onText = (delta: string): void => emit({ type: 'text', delta });
    const { thread, ...rest } = asked;
    return composeWith(llm, {
      ...rest,
      onText,
      ...(thread.length > 0 ? { thread } : {}),
      ...(signal ? { signal } : {}),
    });
  }

  /**
   * The model's follow-up questions, within FOLLOW_UP_BUDGET_MS; none when it fails or is late
   * (they are a suggestion: the answer stands without them). A cancelled answer stays cancelled.
   */
  private async writeFollowUps(question: string, answer: string, { signal, llm }: AnswerOptions): Promise<string[]> {
    const write = this.deps.llmFollowUps?.(llm);
    if (!write) return [];
    const budget = AbortSignal.timeout(FOLLOW_UP_BUDGET_MS);
    try {
      return await write({ question, answer, signal: signal ? AbortSignal.any([signal, budget]) : budget });
    } catch (error) {
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled.');
      if (error instanceof LanternError) return [];
      throw error;
    }
  }

  /**
   * The model's reading of the quotes under its own answer (support-judge.ts), within
   * its budget; the rules' check when there is no model to read, or it fails or is late.
   * A cancelled answer stays cancelled.
   */
  private async readQuotes(ruled: CheckedAnswer, { signal, llm }: AnswerOptions): Promise<CheckedAnswer> {
    const judge = ruled.contentQuestions.length > 0 ? this.deps.llmSupport?.(llm) : undefined;
    if (!judge) return ruled;
    const budget = AbortSignal.timeout(this.deps.readingBudgetMs?.() ?? READING_BUDGET_MS);
    const read = await withModelReading(ruled, judge, signal ? AbortSignal.any([signal, budget]) : budget);
    if (signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled.');
    return read;
  }

  /** The answer as a turn: of the given thread (a follow-up), else of a new one. */
  private record(response: AnswerResponse, threadId: number | undefined): number {
    return appendTurn(this.deps.store.history, threadId, {
      question: response.question,
      mode: 'answer',
      answer: response.answer,
      citations: response.sentences,
      sources: response.sources.map((s) => ({ ...s })),
      timings: response.timings,
      ...definedFields({ searchedFor: response.searchedFor }),
    });
  }

  private recordFailure(
    question: string,
    searchedFor: string | undefined,
    threadId: number | undefined,
    error: unknown,
  ): unknown {
    return recordFailedTurn(
      this.deps.store.history,
      threadId,
      { question, mode: 'answer', ...definedFields({ searchedFor }) },
      error,
    );
  }
}

/** The thread a question is asked in: the request's threadId or the caller's option (the HTTP query, IPC), never two different ones. */
function threadOf(request: AnswerRequest, options: AnswerOptions): number | undefined {
  if (request.threadId !== undefined && options.threadId !== undefined && request.threadId !== options.threadId)
    throw new LanternError(
      'INVALID_INPUT',
      `Two threads were given (${request.threadId} and ${options.threadId}): give threadId once.`,
    );
  return request.threadId ?? options.threadId;
}

/**
 * Nothing to answer from: the failures' own code when they share one (BLOCKED_URL without the
 * private-network permission, TIMEOUT…), else FETCH_FAILED, naming each page and why.
 */
function noPageRead(failures: { n: number; url: string; error: ErrorInfo }[]): LanternError {
  const codes = new Set(failures.map((f) => f.error.code));
  const [only] = codes;
  const code = codes.size === 1 && only !== undefined ? only : 'FETCH_FAILED';
  const reasons = failures
    .sort((a, b) => a.n - b.n)
    .map((f) => `[${f.n}] ${f.url}: ${f.error.code}: ${f.error.message}`)
    .join('; ');
  return new LanternError(
    code,
    `None of the ${failures.length} pages could be read, so there is nothing to answer from. ${reasons}`,
    {
      details: { pages: failures.map((f) => ({ n: f.n, url: f.url, ...f.error })) },
    },
  );
}

function round(ms: number): number {
  return Math.round(ms);
}
