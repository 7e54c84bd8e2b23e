/**
 * What a deep research looks like on screen, derived from its events and report (run-store.ts
 * keeps only those, as for an answer): the steps with their counts, the sections written so far in
 * plan order, the sources and each page's state, and whether an engine has paused it.
 */
import type { AnswerSource } from '../../../shared/answer-contract';
import type {
  ReportSection,
  ResearchEvent,
  ResearchPlan,
  ResearchReport,
  ResearchStep,
} from '../../../shared/research-contract';
import { DEFAULT_RESEARCH_PAGES } from '../../../shared/research-limits';
import type { PageState, StageState } from './progress-types';
import { plural } from '../../../shared/format/plural';

/** What a deep research's view is derived from: the run-store's Run of a deep research. */
export interface ResearchRunState {
  status: 'running' | 'planned' | 'done' | 'failed' | 'cancelled';
  plan?: ResearchPlan | undefined;
  subQuestions?: string[] | undefined;
  research?: ResearchEvent[] | undefined;
  report?: ResearchReport | undefined;
}

export interface ResearchStage {
  id: ResearchStep;
  label: string;
  state: StageState;
}

const STEPS: readonly ResearchStep[] = ['plan', 'search', 'read', 'write', 'check'];

/**
 * How far an event shows the run has got, as an index of STEPS: searching and reading go on
 * together (pages are read while the next search runs), so both count as the gathering.
 */
function stepOf(event: ResearchEvent): number {
  switch (event.type) {
    case 'step':
      return event.step === 'read' ? 1 : STEPS.indexOf(event.step);
    case 'plan':
      return 0;
    case 'search':
    case 'paused':
    case 'resumed':
    case 'page':
    case 'sources':
      return 1;
    case 'section':
      return 3;
    case 'done':
      return STEPS.length;
    case 'error':
      return -1;
  }
}

function eventsOf(run: ResearchRunState): ResearchEvent[] {
  return run.research ?? [];
}

/** The sub-questions the run searches for: as started (perhaps edited), else as planned. */
export function subQuestionsOf(run: ResearchRunState): string[] {
  return run.subQuestions ?? run.report?.plan.subQuestions ?? run.plan?.subQuestions ?? [];
}

/** Sub-questions whose search has ended (done or failed), by their index in the plan. */
export function searchedIndexes(run: ResearchRunState): Set<number> {
  const ended = new Set<number>();
  for (const event of eventsOf(run)) if (event.type === 'search' && event.state !== 'started') ended.add(event.index);
  return ended;
}

/** The queries the run searched for, in the order it started them. */
export function searchedQueries(run: ResearchRunState): string[] {
  return eventsOf(run).flatMap((event) => (event.type === 'search' && event.state === 'started' ? [event.query] : []));
}

/** Each numbered page's state; a page taken as a duplicate of another, or failed before it got a number, is only counted. */
export function researchPagesOf(run: ResearchRunState): PageState[] {
  const states = new Map<number, PageState>();
  for (const source of researchSourcesOf(run)) states.set(source.n, { n: source.n, url: source.url, state: 'read' });
  for (const event of eventsOf(run)) {
    if (event.type !== 'page' || event.n === undefined || event.state === 'duplicate' || event.state === 'off-topic')
      continue;
    states.set(event.n, {
      n: event.n,
      url: event.url,
      state: event.state,
      ...(event.error ? { message: event.error.message } : {}),
    });
  }
  return [...states.values()].sort((a, b) => a.n - b.n);
}

export function researchSourcesOf(run: ResearchRunState): AnswerSource[] {
  if (run.report) return run.report.sources;
  const events = eventsOf(run);
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event?.type === 'sources') return event.sources;
  }
  return [];
}

/** The sections written so far, in plan order whatever order they came in (the report's once done). */
export function sectionsOf(run: ResearchRunState): ReportSection[] {
  if (run.report) return run.report.sections;
  const byIndex = new Map<number, ReportSection>();
  for (const event of eventsOf(run)) if (event.type === 'section') byIndex.set(event.index, event.section);
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, section]) => section);
}

/** The sub-questions no source answers: the report's list, or the sections said so as they come. */
export function notAnsweredOf(run: ResearchRunState): string[] {
  if (run.report) return run.report.notAnswered;
  return sectionsOf(run)
    .filter((section) => !section.answered)
    .map((section) => section.title);
}

/** The engine the run waits on for a person, while it does. */
export function pausedBy(run: ResearchRunState): Extract<ResearchEvent, { type: 'paused' }> | undefined {
  if (run.status !== 'running') return undefined;
  let paused: Extract<ResearchEvent, { type: 'paused' }> | undefined;
  for (const event of eventsOf(run)) {
    if (event.type === 'paused') paused = event;
    else if (event.type === 'resumed' && paused?.engine === event.engine) paused = undefined;
  }
  return paused;
}

/** While a run reads pages: the one it started last and has not finished, and its time budget left as last told. */
export interface ReadingNow {
  url?: string;
  msLeft?: number;
}

export function readingNow(run: ResearchRunState): ReadingNow | undefined {
  if (run.status !== 'running') return undefined;
  const open = new Set<string>();
  let msLeft: number | undefined;
  for (const event of eventsOf(run)) {
    if (event.type !== 'page') continue;
    if (event.msLeft !== undefined) msLeft = event.msLeft;
    if (event.state === 'reading') open.add(event.url);
    else open.delete(event.url);
  }
  const url = [...open].at(-1);
  if (url === undefined && msLeft === undefined) return undefined;
  return { ...(url === undefined ? {} : { url }), ...(msLeft === undefined ? {} : { msLeft }) };
}

/** plan → searches k/N → pages k/budget → sections k/N → checking, each with its state. */
export function researchStagesOf(run: ResearchRunState): ResearchStage[] {
  const events = eventsOf(run);
  const planned = subQuestionsOf(run).length;
  // Planning is its own call: done once a plan is on screen.
  const reached = Math.max(run.plan || run.report ? 1 : 0, ...events.map(stepOf));
  const gathered = reached >= 3;
  // A stopped run is still written and checked, from what was gathered: its gathering stays stopped.
  const gatheredAll = gathered && run.status !== 'cancelled';
  const searched = searchedIndexes(run).size;
  const read = events.filter((event) => event.type === 'page' && event.state === 'read').length;
  const dropped = (state: 'duplicate' | 'off-topic'): number =>
    events.filter((event) => event.type === 'page' && event.state === state).length;
  const droppedText = [
    dropped('duplicate') > 0 ? plural(dropped('duplicate'), 'duplicate') : '',
    dropped('off-topic') > 0 ? `${dropped('off-topic')} off-topic` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const sections = sectionsOf(run).length;
  const gathering = run.status !== 'planned' && events.some((event) => stepOf(event) === 1);
  const state = (started: boolean, finished: boolean): StageState => {
    if (finished || run.status === 'done') return 'done';
    if (!started) return 'waiting';
    if (run.status === 'running') return 'active';
    return run.status === 'failed' ? 'failed' : run.status === 'cancelled' ? 'stopped' : 'waiting';
  };
  const stages: Record<ResearchStep, [label: string, state: StageState]> = {
    plan: [planned > 0 ? `Plan: ${plural(planned, 'sub-question')}` : 'Planning', state(true, reached >= 1)],
    search: [
      planned > 0 ? `Searches ${searched}/${planned}` : 'Searches',
      state(gathering, gatheredAll || (planned > 0 && searched >= planned)),
    ],
    read: [
      `Pages ${read}/${DEFAULT_RESEARCH_PAGES}${droppedText ? ` (${droppedText} dropped)` : ''}`,
      state(gathering && (searched > 0 || read > 0), gatheredAll),
    ],
    write: [planned > 0 ? `Sections ${sections}/${planned}` : 'Sections', state(reached >= 3, reached >= 4)],
    check: ['Checking citations', state(reached >= 4, reached >= STEPS.length)],
  };
  return STEPS.map((id) => ({ id, label: stages[id][0], state: stages[id][1] }));
}
