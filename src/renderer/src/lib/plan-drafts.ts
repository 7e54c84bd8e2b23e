/**
 * Deep-research plans not started yet, kept in this browser (localStorage) by the thread they
 * were made in ('new' before the thread exists), with the person's edits: a reload, or the thread
 * reopened from the history, shows the plan as it was left. A plan started, or replaced by another
 * question in its thread, is dropped; so is the 'new' one when "New" clears the screen.
 */
import type { AnswerScope } from '../../../shared/answer-contract';
import type { EngineChoice, TimeRange } from '../../../shared/contract';
import type { ResearchPlan } from '../../../shared/research-contract';

const KEY = 'lantern.plans';
/** Plans kept at most; the oldest go first. */
const MAX_PLANS = 20;

export interface PlanDraft {
  question: string;
  plan: ResearchPlan;
  /** The sub-questions as the person left them (an empty line is a row still being written). */
  edited?: string[] | undefined;
  engine: EngineChoice | 'auto';
  timeRange: TimeRange | 'any';
  /** Where it looks (absent in drafts kept before scopes: the person's pick then). */
  scope?: AnswerScope | 'auto' | undefined;
  savedAt: number;
}

export type PlanKey = number | 'new';

function readAll(): Record<string, PlanDraft> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, PlanDraft>)
      : {};
  } catch {
    return {};
  }
}

function writeAll(plans: Record<string, PlanDraft>): void {
  const kept = Object.entries(plans)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, MAX_PLANS);
  try {
    if (kept.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: the plan stays on screen, only a reload loses it.
  }
}

export function loadPlanDraft(key: PlanKey): PlanDraft | undefined {
  const draft = readAll()[String(key)];
  return draft && typeof draft.question === 'string' && Array.isArray(draft.plan?.subQuestions) ? draft : undefined;
}

export function savePlanDraft(key: PlanKey, draft: Omit<PlanDraft, 'savedAt'>): void {
  writeAll({ ...readAll(), [String(key)]: { ...draft, savedAt: Date.now() } });
}

export function dropPlanDraft(key: PlanKey): void {
  const plans = readAll();
  if (!(String(key) in plans)) return;
  delete plans[String(key)];
  writeAll(plans);
}
