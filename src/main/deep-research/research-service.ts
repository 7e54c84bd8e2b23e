/**
 * Deep research (DeepResearchApi): plan → gather → write → check → history, each step told as a
 * ResearchEvent while it happens; the doors only relay them. The request's scope says where it
 * gathers: the web, the person's library (no search at all), or both (gatherer.ts). A cancelled run is not an error: the
 * report is written from what was gathered (`stopped: 'cancelled'`).
 */
import type { CallOptions, CaptchaApi, DeepResearchApi, LlmOverride, ResearchOptions } from '../../shared/api';
import type { SearchRequestInput, SearchResponse } from '../../shared/contract';
import { definedFields } from '../../shared/defined-fields';
import { LanternError } from '../../shared/errors';
import { markdownText } from '../../shared/format/markdown';
import {
  ResearchPlanRequestSchema,
  ResearchRequestSchema,
  type ResearchEvent,
  type ResearchPlan,
  type ResearchPlanRequest,
  type ResearchPlanRequestInput,
  type ResearchReport,
  type ResearchRequestInput,
} from '../../shared/research-contract';
import { chooseComposer } from '../answer/choose-composer';
import type { Composer } from '../answer/composer';
import { tellingErrors } from '../answer/error-event';
import { noLibraryMatch, readLibrary } from '../answer/library-sources';
import { standaloneQuestion } from '../answer/standalone-question';
import { appendTurn, earlierNumbers, earlierTurns, recordFailedTurn } from '../answer/thread-turns';
import type { FetchService } from '../fetch';
import type { Store } from '../store';
import type { TurnInput } from '../store/history';
import { validInput } from '../common/validation';
import { gather, type Gathered } from './gatherer';
import type { SubQuestionWriter } from './llm-planner';
import { searchWithPerson } from './person-search';
import { DEFAULT_PLAN_BUDGET_MS, planResearch } from './planner';
import { reportMarkdown } from './report-markdown';
import { writeReport } from './writer';
import type { SupportJudge } from '../answer/support-judge';

export interface ResearchServiceDeps {
  /** The search service: its engine queue and pacing apply to every search of a run. */
  search: (
    request: SearchRequestInput,
    options: { signal?: AbortSignal; firstPageOnly?: boolean },
  ) => Promise<SearchResponse>;
  fetch: () => Promise<FetchService>;
  store: Store;
  /** Shows a blocked engine's page to a person (interactive runs). */
  captcha: Pick<CaptchaApi, 'solve'>;
  /** The LLM composer in force, asked at each run (as AnswerServiceDeps.llmComposer). */
  llmComposer?: (override?: LlmOverride) => Composer | undefined;
  /** Reads the quotes under the model's sentences (as AnswerServiceDeps.llmSupport), asked at each run. */
  llmSupport?: (override?: LlmOverride) => SupportJudge | undefined;
  /** The model's sub-questions, asked at each plan. */
  llmPlanner?: (override?: LlmOverride) => SubQuestionWriter | undefined;
  planBudgetMs?: () => number;
  now?: () => number;
}

export class ResearchRunService implements DeepResearchApi {
  constructor(private readonly deps: ResearchServiceDeps) {}

  async plan(input: ResearchPlanRequestInput, options: CallOptions = {}): Promise<ResearchPlan> {
    const request = validInput(ResearchPlanRequestSchema, input, 'research plan request');
    return this.makePlan(request, this.chooseComposer(request, undefined) !== undefined, options);
  }

  async run(input: ResearchRequestInput, options: ResearchOptions = {}): Promise<ResearchReport> {
    return tellingErrors(options.onEvent, (emit) => this.research(input, options, emit));
  }

  private async research(
    input: ResearchRequestInput,
    options: ResearchOptions,
    emit: (event: ResearchEvent) => void,
  ): Promise<ResearchReport> {
    const now = this.deps.now ?? (() => performance.now());
    const started = now();
    const request = validInput(ResearchRequestSchema, input, 'research request');
    const llm = this.chooseComposer(request, options.llm);
    // Before anything is searched: a thread that does not exist is the caller's mistake. A page
    // the thread cited keeps its number in the report.
    const numbers =
      request.threadId === undefined ? undefined : earlierNumbers(this.deps.store.history, request.threadId);
    const signal = options.signal;

    emit({ type: 'step', step: 'plan' });
    let plan: ResearchPlan;
    try {
      plan = request.subQuestions
        ? { question: request.question, subQuestions: request.subQuestions, plannedBy: 'person' }
        : await this.makePlan(request, llm !== undefined, options, emit);
    } catch (error) {
      if (!isCancel(error, signal)) throw this.recorded(error, request.question, request.threadId, options);
      plan = { question: request.question, subQuestions: [], plannedBy: 'facets' };
    }
    const planMs = now() - started;
    emit({ type: 'plan', plan });

    emit({ type: 'step', step: 'search' });
    const gathered: Gathered = signal?.aborted
      ? { pages: [], sources: [], searchErrors: [], stopped: 'cancelled' }
      : await gather(
          {
            subQuestions: plan.subQuestions,
            request,
            emit,
            ...definedFields({ signal, allowPrivateNetworks: options.allowPrivateNetworks || undefined, numbers }),
            ...(options.interactive ? { person: { captcha: this.deps.captcha } } : {}),
          },
          {
            search: (search, searchSignal) =>
              this.deps.search(search, { firstPageOnly: true, ...definedFields({ signal: searchSignal }) }),
            fetch: this.deps.fetch,
            library: (question, limit) => readLibrary(this.deps.store.library, question, 1, limit),
          },
        );
    const gatherMs = now() - started - planMs;
    // Nothing read and the person did not stop it: a report of nothing would hide why.
    if (gathered.pages.length === 0 && gathered.stopped !== 'cancelled') {
      throw this.recorded(
        request.scope === 'library'
          ? noLibraryMatch(plan.searchedFor ?? request.question)
          : nothingRead(gathered, plan.subQuestions.length, request.timeBudgetMs),
        request.question,
        request.threadId,
        options,
      );
    }

    emit({ type: 'step', step: 'write' });
    let firstSectionMs: number | undefined;
    // A cancelled run is written from what was read, extractively: the person asked it to end now.
    const written = await writeReport({
      question: plan.searchedFor ?? plan.question,
      subQuestions: plan.subQuestions,
      pages: gathered.pages,
      sources: gathered.sources,
      llm: gathered.stopped === 'cancelled' ? undefined : llm,
      ...definedFields({ judge: llm ? this.deps.llmSupport?.(options.llm) : undefined }),
      onSection: (index, section) => {
        firstSectionMs ??= now() - started;
        emit({ type: 'section', index, section });
      },
    });
    emit({ type: 'step', step: 'check' });
    const timings = {
      planMs: round(planMs),
      gatherMs: round(gatherMs),
      ...(firstSectionMs === undefined ? {} : { firstSectionMs: round(firstSectionMs) }),
      totalMs: round(now() - started),
    };
    const { llmError: writeError, ...body } = written;
    const llmError = plan.llmError ?? writeError;
    const report: Omit<ResearchReport, 'markdown'> = {
      question: request.question,
      ...definedFields({ searchedFor: plan.searchedFor, llmError, stopped: gathered.stopped }),
      plan,
      ...body,
      timings,
    };
    const full: ResearchReport = { ...report, markdown: reportMarkdown(report) };
    if (options.recordHistory) full.threadId = appendTurn(this.deps.store.history, request.threadId, this.turnOf(full));
    else if (request.threadId !== undefined) full.threadId = request.threadId;
    emit({ type: 'done', timings });
    return full;
  }

  private async makePlan(
    request: ResearchPlanRequest,
    withLlm: boolean,
    options: CallOptions & Pick<ResearchOptions, 'llm' | 'interactive'>,
    emit: (event: ResearchEvent) => void = () => undefined,
  ): Promise<ResearchPlan> {
    const thread = request.threadId === undefined ? [] : earlierTurns(this.deps.store.history, request.threadId);
    const question = thread.length > 0 ? standaloneQuestion(request.question, thread) : request.question;
    const writer = withLlm ? this.deps.llmPlanner?.(options.llm) : undefined;
    const search = searchWithPerson(
      (search, signal) => this.deps.search(search, { firstPageOnly: true, ...definedFields({ signal }) }),
      options.interactive ? { captcha: this.deps.captcha, emit } : undefined,
    );
    return planResearch(
      request,
      question,
      { search, budgetMs: this.deps.planBudgetMs?.() ?? DEFAULT_PLAN_BUDGET_MS, ...definedFields({ writer }) },
      options.signal,
    );
  }

  private chooseComposer(request: ResearchPlanRequest, override: LlmOverride | undefined): Composer | undefined {
    return chooseComposer(request.composer, this.deps.llmComposer, override);
  }

  /** The report as a turn: its text with [n] markers over its sources, so the thread's export gives them as footnotes. */
  private turnOf(report: ResearchReport): TurnInput {
    const parts = [report.summary.text];
    for (const section of report.sections) parts.push(`### ${markdownText(section.title)}`, section.text);
    if (report.disagreements.length > 0) {
      const lines = report.disagreements.map(
        (d) => `- ${markdownText(d.topic)}: ${d.claims.map((c) => `${markdownText(c.value)} [${c.n}]`).join('; ')}`,
      );
      parts.push('### Where the sources disagree', lines.join('\n'));
    }
    if (report.notAnswered.length > 0)
      parts.push('### Not answered by the sources', report.notAnswered.map((q) => `- ${markdownText(q)}`).join('\n'));
    return {
      question: report.question,
      mode: 'research',
      answer: parts.join('\n\n'),
      citations: [report.summary, ...report.sections].flatMap((s) => s.sentences),
      sources: report.sources.map((s) => ({ ...s })),
      timings: report.timings,
      ...definedFields({ searchedFor: report.searchedFor }),
    };
  }

  /** A run that failed stays in its thread (as a failed quick answer does) when the history is kept. */
  private recorded(error: unknown, question: string, threadId: number | undefined, options: ResearchOptions): unknown {
    if (!options.recordHistory) return error;
    return recordFailedTurn(this.deps.store.history, threadId, { question, mode: 'research' }, error);
  }
}

/**
 * Why nothing could be read: the searches' own error when every one failed (a CAPTCHA, an engine
 * unreachable…), TIMEOUT naming the budget when it ran out first, else NOT_FOUND.
 */
function nothingRead(gathered: Gathered, searches: number, timeBudgetMs: number): unknown {
  const [first] = gathered.searchErrors;
  if (first !== undefined && gathered.searchErrors.length === searches) return first;
  if (gathered.stopped === 'time')
    return new LanternError(
      'TIMEOUT',
      `No page was read within the research's ${timeBudgetMs} ms time budget; raise timeBudgetMs, or try again.`,
    );
  return new LanternError(
    'NOT_FOUND',
    'The searches found no page that could be read, so there is no report to write; try other words or another engine.',
    {
      details: { reason: 'nothing-read' },
    },
  );
}

function isCancel(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof LanternError && error.code === 'CANCELLED');
}

function round(ms: number): number {
  return Math.round(ms);
}
