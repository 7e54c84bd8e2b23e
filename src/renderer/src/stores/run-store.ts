/**
 * The thread on screen: the turns it already had (opened from the history or its address), the
 * questions asked here since, and the one asked last. Each question asked here keeps what was
 * asked and its events and response as they came; everything a screen shows of it (stages,
 * sources, citations) is derived from these by the selectors in lib/run-view.ts, never copied
 * into more state.
 */
import { create } from 'zustand';
import type { AnswerEvent, AnswerResponse, AnswerScope } from '../../../shared/answer-contract';
import type { EngineChoice, ErrorInfo, SearchResponse, TimeRange } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import type { Thread } from '../../../shared/history-contract';
import type { ResearchEvent, ResearchPlan, ResearchReport } from '../../../shared/research-contract';
import { client } from '../client';
import { dropPlanDraft, loadPlanDraft, savePlanDraft, type PlanDraft, type PlanKey } from '../lib/plan-drafts';
import { usePrefs, type AskMode } from './prefs-store';

export interface Run {
  id: number;
  question: string;
  mode: AskMode;
  /** The engine and time range it was asked with (the person's picks, or an error's way out). */
  engine: EngineChoice | 'auto';
  timeRange: TimeRange | 'any';
  /** Where an answer looks: the web, the library, both; 'auto': both once the library holds a document. */
  scope: AnswerScope | 'auto';
  /** The thread this question continues (a follow-up), or the one its answer started. */
  threadId?: number | undefined;
  /** 'planned': a deep research's plan is on screen, waiting for the person's "Start research". */
  status: 'running' | 'planned' | 'done' | 'failed' | 'cancelled';
  events: AnswerEvent[];
  /** Deep research: the plan as proposed, the sub-questions it was started with (as edited), its events and its report. */
  plan?: ResearchPlan | undefined;
  subQuestions?: string[] | undefined;
  /** A plan's sub-questions as the person is editing them, before "Start research" (kept across reloads: lib/plan-drafts.ts). */
  edited?: string[] | undefined;
  research?: ResearchEvent[] | undefined;
  report?: ResearchReport | undefined;
  response?: AnswerResponse | undefined;
  results?: SearchResponse | undefined;
  error?: ErrorInfo | undefined;
  /** performance.now() when the person pressed Enter, and when the first sources arrived. */
  startedAt: number;
  firstSourcesAt?: number | undefined;
}

export type StoredTurn = Thread['turns'][number];

/** A turn of the thread on screen: kept in the history before it was opened, or asked here. */
export type ScreenTurn = { kind: 'stored'; turn: StoredTurn } | { kind: 'live'; run: Run };

/**
 * What a question is asked with besides its text; the person's picks fill what is left out.
 * No thread: the store knows the one on screen.
 */
export interface AskOptions {
  mode?: AskMode;
  engine?: EngineChoice | 'auto';
  timeRange?: TimeRange | 'any';
  scope?: AnswerScope | 'auto';
}

interface RunStore {
  /** The thread on screen, once known: opened by its id, or started by the first answer. */
  threadId?: number | undefined;
  /** The thread's turns before `run`, oldest first. */
  earlier: ScreenTurn[];
  /** The question asked last on this screen. */
  run?: Run | undefined;
  /** True while an opened thread's turns are being read. */
  opening: boolean;
  /** Why the thread asked for could not be opened. */
  openError?: ErrorInfo | undefined;
  /** Shows a thread of the history: its turns, ready for a follow-up. */
  open(id: number): Promise<void>;
  /**
   * Asks a question in the thread on screen (a new thread when there is none). Results only
   * start a screen of their own: a search is a thread of its own in the history.
   */
  ask(question: string, options?: AskOptions): Promise<void>;
  /**
   * Asks the last question again in its place (after a CAPTCHA was solved, or from an error's
   * "Try again"), as it was asked, or with another engine or time range (an error's way out).
   */
  retry(change?: Pick<AskOptions, 'engine' | 'timeRange'>): Promise<void>;
  /** Runs the planned deep research on screen with the sub-questions as the person left them. */
  startResearch(subQuestions: string[]): Promise<void>;
  /** Keeps the planned research's sub-questions as the person edits them (a reload shows them so). */
  editPlan(subQuestions: string[]): void;
  cancel(): void;
  clear(): void;
}

let controller: AbortController | undefined;
let nextId = 1;
let openGeneration = 0;

/**
 * The thread a failed question was kept in (the core names it in the error's details), so the
 * retry, a follow-up and the address go on in that thread rather than starting another.
 */
function threadOfFailure(error: ErrorInfo): number | undefined {
  const id = error.details?.['threadId'];
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The scope an answer is asked with: as picked, or for 'auto' both the web and the library once
 * the library holds a document (the web alone, the core's default, otherwise or when the library
 * cannot be read).
 */
async function scopeOf(scope: AnswerScope | 'auto'): Promise<{ scope?: AnswerScope }> {
  if (scope !== 'auto') return { scope };
  try {
    return (await client.library.list({ limit: 1 })).total > 0 ? { scope: 'both' } : {};
  } catch {
    return {};
  }
}

/** The question that opened the thread on screen (its title). */
export function firstQuestionOf(state: Pick<RunStore, 'earlier' | 'run'>): string | undefined {
  const first = state.earlier[0];
  if (first) return first.kind === 'stored' ? first.turn.question : first.run.question;
  return state.run?.question;
}

/** Where a plan not started is kept: by its thread, or as the new thread's. */
const planKeyOf = (run: Pick<Run, 'threadId'>): PlanKey => run.threadId ?? 'new';

/** A kept plan on screen again, waiting for "Start research" as it was left. */
function plannedRun(draft: PlanDraft, threadId: number | undefined): Run {
  return {
    id: nextId++,
    question: draft.question,
    mode: 'deep',
    engine: draft.engine,
    timeRange: draft.timeRange,
    scope: draft.scope ?? 'auto',
    status: 'planned',
    events: [],
    plan: draft.plan,
    ...(draft.edited ? { edited: draft.edited } : {}),
    startedAt: performance.now(),
    ...(threadId === undefined ? {} : { threadId }),
  };
}

/** The new thread's plan kept from before a reload, when the page opens on no thread. */
function restoredNewPlan(): Run | undefined {
  if (typeof window === 'undefined' || window.location.pathname !== '/') return undefined;
  const draft = loadPlanDraft('new');
  return draft && plannedRun(draft, undefined);
}

export const useRun = create<RunStore>((set, get) => {
  const update = (id: number, change: Partial<Run> | ((run: Run) => Partial<Run>)): void =>
    set((state) => {
      // A cancelled or replaced run must not be written over by its late events.
      if (!state.run || state.run.id !== id) return state;
      const patch = typeof change === 'function' ? change(state.run) : change;
      const run = { ...state.run, ...patch };
      // The first answer of a new thread gives the thread its id (and so its address).
      return { run, ...(state.threadId === undefined && run.threadId !== undefined ? { threadId: run.threadId } : {}) };
    });

  /** Runs `run` (already on screen as state.run) to its end. */
  const execute = async (run: Run): Promise<void> => {
    const own = new AbortController();
    controller = own;
    const { id, question, engine, timeRange, scope, threadId } = run;
    const common = {
      ...(engine === 'auto' ? {} : { engine }),
      ...(timeRange === 'any' ? {} : { timeRange }),
      // No lang or region: the server completes them from its settings (search.lang, search.region).
    };
    try {
      if (run.mode === 'results') {
        const results = await client.search({ query: question, ...common }, { signal: own.signal });
        update(id, { results, status: 'done', firstSourcesAt: performance.now() });
      } else if (run.mode === 'deep' && run.subQuestions === undefined) {
        // First the plan, shown to be edited; the person starts the research from it.
        const plan = await client.research.plan(
          { question, ...common, ...(await scopeOf(scope)), ...(threadId === undefined ? {} : { threadId }) },
          { signal: own.signal },
        );
        update(id, { plan, status: 'planned' });
        if (get().run?.id === id) savePlanDraft(planKeyOf(run), { question, plan, engine, timeRange, scope });
      } else if (run.mode === 'deep') {
        const report = await client.research.run(
          {
            question,
            ...common,
            ...(await scopeOf(scope)),
            subQuestions: run.subQuestions,
            ...(threadId === undefined ? {} : { threadId }),
          },
          {
            signal: own.signal,
            onEvent: (event) => update(id, (current) => ({ research: [...(current.research ?? []), event] })),
          },
        );
        // A cancelled run resolves with what was gathered: the report stays, said to be partial.
        update(id, {
          report,
          status: report.stopped === 'cancelled' ? 'cancelled' : 'done',
          ...(report.threadId === undefined ? {} : { threadId: report.threadId }),
        });
        // A report is written: the next question in the thread is a follow-up, so the box is back to Answer (its button no longer "Plan").
        if (get().run?.id === id && usePrefs.getState().mode === 'deep') usePrefs.getState().set({ mode: 'answer' });
      } else {
        const response = await client.answer(
          { question, ...common, ...(await scopeOf(scope)) },
          {
            signal: own.signal,
            ...(threadId === undefined ? {} : { threadId }),
            onEvent: (event) =>
              update(id, (current) => ({
                events: [...current.events, event],
                ...(event.type === 'sources' && current.firstSourcesAt === undefined
                  ? { firstSourcesAt: performance.now() }
                  : {}),
              })),
          },
        );
        update(id, {
          response,
          status: 'done',
          ...(response.threadId === undefined ? {} : { threadId: response.threadId }),
        });
      }
    } catch (error) {
      if (own.signal.aborted) update(id, { status: 'cancelled' });
      else {
        const info = toErrorInfo(error);
        const keptIn = threadOfFailure(info);
        update(id, { status: 'failed', error: info, ...(keptIn === undefined ? {} : { threadId: keptIn }) });
      }
    } finally {
      if (controller === own) controller = undefined;
    }
  };

  const fresh = (question: string, asked: Required<AskOptions>, threadId: number | undefined): Run => ({
    id: nextId++,
    question,
    ...asked,
    status: 'running',
    events: [],
    startedAt: performance.now(),
    ...(threadId === undefined ? {} : { threadId }),
  });

  const initial = restoredNewPlan();
  return {
    earlier: [],
    opening: false,
    ...(initial ? { run: initial } : {}),
    async open(id) {
      controller?.abort();
      const own = ++openGeneration;
      set({ threadId: id, earlier: [], run: undefined, opening: true, openError: undefined });
      try {
        const thread = await client.history.get({ id });
        if (own !== openGeneration) return;
        // A plan made in this thread and not started yet: below its turns, as it was left.
        const draft = loadPlanDraft(id);
        set({
          earlier: thread.turns.map((turn) => ({ kind: 'stored', turn })),
          opening: false,
          ...(draft ? { run: plannedRun(draft, id) } : {}),
        });
      } catch (error) {
        if (own === openGeneration) set({ opening: false, openError: toErrorInfo(error) });
      }
    },
    async ask(question, options = {}) {
      const trimmed = question.trim();
      if (!trimmed) return;
      controller?.abort();
      openGeneration++;
      const prefs = usePrefs.getState();
      // A plan left unstarted for another question is given up.
      const left = get().run;
      if (left?.status === 'planned') dropPlanDraft(planKeyOf(left));
      const asked = {
        mode: options.mode ?? prefs.mode,
        engine: options.engine ?? prefs.engine,
        timeRange: options.timeRange ?? prefs.timeRange,
        scope: options.scope ?? prefs.scope,
      };
      const state = get();
      const follows =
        asked.mode !== 'results' && state.threadId !== undefined && !state.opening && state.openError === undefined;
      const run = fresh(trimmed, asked, follows ? state.threadId : undefined);
      if (follows) {
        // The question asked before stays on screen above this one (as it ended, or stopped now).
        const before = state.run && {
          ...state.run,
          ...(state.run.status === 'running' || state.run.status === 'planned' ? { status: 'cancelled' as const } : {}),
        };
        set({ earlier: before ? [...state.earlier, { kind: 'live', run: before }] : state.earlier, run });
      } else {
        set({ threadId: undefined, earlier: [], run, opening: false, openError: undefined });
      }
      await execute(run);
    },
    async retry(change = {}) {
      const last = get().run;
      if (!last) return;
      controller?.abort();
      const asked = {
        mode: last.mode,
        engine: change.engine ?? last.engine,
        timeRange: change.timeRange ?? last.timeRange,
        scope: last.scope,
      };
      const run = fresh(last.question, asked, last.threadId ?? (last.mode !== 'results' ? get().threadId : undefined));
      // A failure the core kept in its thread stays on screen above its retry, as the history has both.
      const kept = last.status === 'failed' && last.error !== undefined && threadOfFailure(last.error) !== undefined;
      set((state) => ({ run, ...(kept ? { earlier: [...state.earlier, { kind: 'live' as const, run: last }] } : {}) }));
      await execute(run);
    },
    async startResearch(subQuestions) {
      const planned = get().run;
      if (planned?.status !== 'planned') return;
      const run: Run = { ...planned, subQuestions, status: 'running', research: [] };
      dropPlanDraft(planKeyOf(planned));
      set({ run });
      await execute(run);
    },
    editPlan(subQuestions) {
      const planned = get().run;
      if (planned?.status !== 'planned' || !planned.plan) return;
      set({ run: { ...planned, edited: subQuestions } });
      savePlanDraft(planKeyOf(planned), {
        question: planned.question,
        plan: planned.plan,
        edited: subQuestions,
        engine: planned.engine,
        timeRange: planned.timeRange,
        scope: planned.scope,
      });
    },
    cancel() {
      controller?.abort();
    },
    clear() {
      // Leaving the new thread's plan ("New"): it is not shown again.
      const left = get().run;
      if (left?.status === 'planned' && left.threadId === undefined) dropPlanDraft('new');
      controller?.abort();
      openGeneration++;
      set({ threadId: undefined, earlier: [], run: undefined, opening: false, openError: undefined });
    },
  };
});
