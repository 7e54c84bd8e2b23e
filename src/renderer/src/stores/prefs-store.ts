/**
 * How the person likes to ask: mode, engine, time range and where answers look (the web, the
 * library, both; 'auto': both once the library holds a document). Kept in this browser (localStorage):
 * they shape requests and are no server setting. Search language and region are server settings
 * (`search.lang`, `search.region` in settings-store.ts), shared with the CLI and agents.
 */
import { create } from 'zustand';
import type { AnswerScope } from '../../../shared/answer-contract';
import type { EngineChoice, TimeRange } from '../../../shared/contract';

/** 'deep': a research report (planned, gathered from several searches, written and checked). */
export type AskMode = 'answer' | 'deep' | 'results';

export interface Prefs {
  mode: AskMode;
  engine: EngineChoice | 'auto';
  timeRange: TimeRange | 'any';
  scope: AnswerScope | 'auto';
}

const KEY = 'lantern.prefs';
const DEFAULTS: Prefs = { mode: 'answer', engine: 'auto', timeRange: 'any', scope: 'auto' };

function load(): Prefs {
  try {
    // Only the keys still kept here (older versions also kept lang and region).
    const { mode, engine, timeRange, scope } = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Prefs>;
    return {
      mode: mode ?? DEFAULTS.mode,
      engine: engine ?? DEFAULTS.engine,
      timeRange: timeRange ?? DEFAULTS.timeRange,
      scope: scope ?? DEFAULTS.scope,
    };
  } catch {
    return DEFAULTS;
  }
}

interface PrefsStore extends Prefs {
  set(change: Partial<Prefs>): void;
}

export const usePrefs = create<PrefsStore>((set, get) => ({
  ...load(),
  set(change) {
    set(change);
    const { mode, engine, timeRange, scope } = get();
    localStorage.setItem(KEY, JSON.stringify({ mode, engine, timeRange, scope }));
  },
}));
