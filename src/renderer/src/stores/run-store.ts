/**
 * The question being answered (or searched) now: what was asked, and the events and response as
 * they came. Everything a screen shows of it (stages, sources, citations) is derived from these
 * by the selectors in lib/run-view.ts, never copied into more state.
 */
import { create } from 'zustand';
import type { AnswerEvent, AnswerResponse } from '../../../shared/answer-contract';
import type { EngineChoice, ErrorInfo, SearchResponse, TimeRange } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import { client } from '../client';
import { usePrefs, type AskMode } from './prefs-store';

export interface Run {
  id: number;
  question: string;
  mode: AskMode;
  /** The engine and time range it was asked with (the person's picks, or an error's way out). */
  engine: EngineChoice | 'auto';
  timeRange: TimeRange | 'any';
  /** The thread this question continues (a follow-up). */
  threadId?: number | undefined;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  events: AnswerEvent[];
  response?: AnswerResponse | undefined;
  results?: SearchResponse | undefined;
  error?: ErrorInfo | undefined;
  /** performance.now() when the person pressed Enter, and when the first sources arrived. */
  startedAt: number;
  firstSourcesAt?: number | undefined;
}

/** What a question is asked with besides its text; the person's picks fill what is left out. */
export interface AskOptions {
  threadId?: number;
  mode?: AskMode;
  engine?: EngineChoice | 'auto';
  timeRange?: TimeRange | 'any';
}

interface RunStore {
  run?: Run | undefined;
  ask(question: string, options?: AskOptions): Promise<void>;
  /**
   * Asks the last question again (after a CAPTCHA was solved, or from an error's "Try again"),
   * as it was asked, or with another engine or time range (an error's way out).
   */
  retry(change?: Pick<AskOptions, 'engine' | 'timeRange'>): Promise<void>;
  cancel(): void;
  clear(): void;
}

let controller: AbortController | undefined;
let nextId = 1;

export const useRun = create<RunStore>((set, get) => {
  const update = (id: number, change: Partial<Run> | ((run: Run) => Partial<Run>)): void =>
    set((state) => {
      // A cancelled or replaced run must not be written over by its late events.
      if (!state.run || state.run.id !== id) return state;
      const patch = typeof change === 'function' ? change(state.run) : change;
      return { run: { ...state.run, ...patch } };
    });

  return {
    async ask(question, options = {}) {
      const trimmed = question.trim();
      if (!trimmed) return;
      controller?.abort();
      const own = new AbortController();
      controller = own;
      const prefs = usePrefs.getState();
      const mode = options.mode ?? prefs.mode;
      const engine = options.engine ?? prefs.engine;
      const timeRange = options.timeRange ?? prefs.timeRange;
      const id = nextId++;
      set({
        run: {
          id,
          question: trimmed,
          mode,
          engine,
          timeRange,
          status: 'running',
          events: [],
          startedAt: performance.now(),
          ...(options.threadId === undefined ? {} : { threadId: options.threadId }),
        },
      });
      const common = {
        ...(engine === 'auto' ? {} : { engine }),
        ...(timeRange === 'any' ? {} : { timeRange }),
        // No lang or region: the server completes them from its settings (search.lang, search.region).
      };
      try {
        if (mode === 'results') {
          const results = await client.search({ query: trimmed, ...common }, { signal: own.signal });
          update(id, { results, status: 'done', firstSourcesAt: performance.now() });
        } else {
          const response = await client.answer(
            { question: trimmed, ...common },
            {
              signal: own.signal,
              ...(options.threadId === undefined ? {} : { threadId: options.threadId }),
              onEvent: (event) =>
                update(id, (run) => ({
                  events: [...run.events, event],
                  ...(event.type === 'sources' && run.firstSourcesAt === undefined ? { firstSourcesAt: performance.now() } : {}),
                })),
            },
          );
          update(id, { response, status: 'done', ...(response.threadId === undefined ? {} : { threadId: response.threadId }) });
        }
      } catch (error) {
        if (own.signal.aborted) update(id, { status: 'cancelled' });
        else update(id, { status: 'failed', error: toErrorInfo(error) });
      } finally {
        if (controller === own) controller = undefined;
      }
    },
    async retry(change = {}) {
      const run = get().run;
      if (!run) return;
      await get().ask(run.question, {
        mode: run.mode,
        engine: change.engine ?? run.engine,
        timeRange: change.timeRange ?? run.timeRange,
        ...(run.threadId === undefined ? {} : { threadId: run.threadId }),
      });
    },
    cancel() {
      controller?.abort();
    },
    clear() {
      controller?.abort();
      set({ run: undefined });
    },
  };
});
