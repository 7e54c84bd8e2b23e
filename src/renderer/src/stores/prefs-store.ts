/**
 * How the person likes to ask: mode, engine, time range, language and region. Kept in this
 * browser (localStorage): they shape requests and are no server setting (settings-store.ts holds
 * those).
 */
import { create } from 'zustand';
import type { EngineChoice, TimeRange } from '../../../shared/contract';

export type AskMode = 'answer' | 'results';

export interface Prefs {
  mode: AskMode;
  engine: EngineChoice | 'auto';
  timeRange: TimeRange | 'any';
  lang: string;
  region: string;
}

const KEY = 'lantern.prefs';
const DEFAULTS: Prefs = { mode: 'answer', engine: 'auto', timeRange: 'any', lang: '', region: '' };

function load(): Prefs {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Prefs>;
    return { ...DEFAULTS, ...saved };
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
    const { mode, engine, timeRange, lang, region } = get();
    localStorage.setItem(KEY, JSON.stringify({ mode, engine, timeRange, lang, region }));
  },
}));
