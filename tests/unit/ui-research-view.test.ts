/**
 * What a deep research shows, derived from its plan, events and report (src/renderer/src/lib/research-view.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ReportSection, ResearchEvent, ResearchPlan } from '../../src/shared/research-contract';
import {
  notAnsweredOf,
  pausedBy,
  readingNow,
  researchPagesOf,
  researchStagesOf,
  searchedQueries,
  sectionsOf,
  type ResearchRunState,
} from '../../src/renderer/src/lib/research-view';

const PLAN: ResearchPlan = {
  question: 'Heat pumps?',
  subQuestions: ['How efficient?', 'How costly?', 'How loud?'],
  plannedBy: 'facets',
};

function run(change: Partial<ResearchRunState> = {}): ResearchRunState {
  return { status: 'running', plan: PLAN, ...change };
}

const section = (title: string, answered = true): ReportSection => ({
  title,
  text: `${title} [1]`,
  sentences: [],
  answered,
});

const stateOf = (r: ResearchRunState): Record<string, string> =>
  Object.fromEntries(researchStagesOf(r).map((stage) => [stage.id, stage.state]));
const labelOf = (r: ResearchRunState, id: string): string | undefined =>
  researchStagesOf(r).find((stage) => stage.id === id)?.label;

describe('researchStagesOf', () => {
  it('while the plan is being made, only planning is under way', () => {
    expect(stateOf(run({ plan: undefined }))).toEqual({
      plan: 'active',
      search: 'waiting',
      read: 'waiting',
      write: 'waiting',
      check: 'waiting',
    });
  });

  it('with the plan on screen, the plan is done and nothing else has started', () => {
    const planned = run({ status: 'planned' });
    expect(stateOf(planned)).toEqual({
      plan: 'done',
      search: 'waiting',
      read: 'waiting',
      write: 'waiting',
      check: 'waiting',
    });
    expect(labelOf(planned, 'plan')).toBe('Plan: 3 sub-questions');
  });

  it('counts the searches of the sub-questions started with (as edited), pages read of the budget, and sections', () => {
    const research: ResearchEvent[] = [
      { type: 'step', step: 'search' },
      { type: 'search', index: 0, query: 'How efficient?', state: 'started' },
      { type: 'search', index: 0, query: 'How efficient?', state: 'done', results: 8 },
      { type: 'search', index: 1, query: 'How loud?', state: 'started' },
      { type: 'search', index: 1, query: 'How loud?', state: 'failed' },
      { type: 'page', url: 'http://a/1', state: 'read', n: 1 },
      { type: 'page', url: 'http://a/2', state: 'duplicate' },
      { type: 'page', url: 'http://a/3', state: 'read', n: 2 },
      { type: 'section', index: 0, section: section('How efficient?') },
    ];
    const r = run({ subQuestions: ['How efficient?', 'How loud?'], research });
    expect(labelOf(r, 'search')).toBe('Searches 2/2');
    expect(labelOf(r, 'read')).toBe('Pages 2/20 (1 duplicate dropped)');
    expect(labelOf(r, 'write')).toBe('Sections 1/2');
    expect(stateOf(r)).toEqual({ plan: 'done', search: 'done', read: 'done', write: 'active', check: 'waiting' });
    expect(searchedQueries(r)).toEqual(['How efficient?', 'How loud?']);
    const withOffTopic = run({
      subQuestions: ['How efficient?', 'How loud?'],
      research: [...research, { type: 'page', url: 'http://b/zoom', state: 'off-topic' }],
    });
    expect(labelOf(withOffTopic, 'read')).toBe('Pages 2/20 (1 duplicate, 1 off-topic dropped)');
  });

  it('searching and reading go on together while gathering; a stop marks both stopped and leaves the later steps waiting', () => {
    const research: ResearchEvent[] = [
      { type: 'step', step: 'search' },
      { type: 'search', index: 0, query: 'How efficient?', state: 'started' },
      { type: 'search', index: 0, query: 'How efficient?', state: 'done', results: 8 },
      { type: 'search', index: 1, query: 'How costly?', state: 'started' },
      { type: 'page', url: 'http://a/1', state: 'read', n: 1 },
    ];
    const gathering = run({ subQuestions: PLAN.subQuestions, research });
    expect(stateOf(gathering)).toEqual({
      plan: 'done',
      search: 'active',
      read: 'active',
      write: 'waiting',
      check: 'waiting',
    });
    expect(stateOf({ ...gathering, status: 'cancelled' })).toEqual({
      plan: 'done',
      search: 'stopped',
      read: 'stopped',
      write: 'waiting',
      check: 'waiting',
    });
  });

  it('a finished run has every step done', () => {
    const r = run({ status: 'done', subQuestions: PLAN.subQuestions, research: [{ type: 'step', step: 'write' }] });
    expect(Object.values(stateOf(r))).toEqual(['done', 'done', 'done', 'done', 'done']);
  });
});

describe('sectionsOf and notAnsweredOf', () => {
  it('orders the sections by their place in the plan, whatever order they came in, and lists the unanswered ones', () => {
    const r = run({
      research: [
        { type: 'section', index: 2, section: section('How loud?') },
        { type: 'section', index: 0, section: section('How efficient?') },
        { type: 'section', index: 1, section: section('How costly?', false) },
      ],
    });
    expect(sectionsOf(r).map((s) => s.title)).toEqual(['How efficient?', 'How costly?', 'How loud?']);
    expect(notAnsweredOf(r)).toEqual(['How costly?']);
  });
});

describe('researchPagesOf', () => {
  it('keeps each numbered page with its state, and leaves duplicates out', () => {
    const r = run({
      research: [
        { type: 'page', url: 'http://a/1', state: 'read', n: 1 },
        { type: 'page', url: 'http://a/1b', state: 'duplicate' },
        { type: 'page', url: 'http://a/2', state: 'failed', n: 2, error: { code: 'TIMEOUT', message: 'late' } },
      ],
    });
    expect(researchPagesOf(r)).toEqual([
      { n: 1, url: 'http://a/1', state: 'read' },
      { n: 2, url: 'http://a/2', state: 'failed', message: 'late' },
    ]);
  });
});

describe('pausedBy', () => {
  const paused: ResearchEvent = { type: 'paused', engine: 'google', reason: 'it asked to confirm you are human' };

  it('is the engine waiting for a person until it says it resumed', () => {
    expect(pausedBy(run({ research: [paused] }))).toEqual(paused);
    expect(pausedBy(run({ research: [paused, { type: 'resumed', engine: 'google' }] }))).toBeUndefined();
  });

  it('is nothing once the run has ended', () => {
    expect(pausedBy(run({ status: 'cancelled', research: [paused] }))).toBeUndefined();
  });
});

describe('readingNow', () => {
  it('is the page started last and not yet ended, with the time budget as last told', () => {
    const r = run({
      research: [
        { type: 'page', url: 'http://a/1', state: 'reading', msLeft: 170_000 },
        { type: 'page', url: 'http://a/2', state: 'reading', msLeft: 169_000 },
        { type: 'page', url: 'http://a/2', state: 'read', n: 1, msLeft: 150_000 },
      ],
    });
    expect(readingNow(r)).toEqual({ url: 'http://a/1', msLeft: 150_000 });
  });

  it('has no page once every read has ended, and is nothing before the first read or after the run', () => {
    const ended = run({
      research: [
        { type: 'page', url: 'http://a/1', state: 'reading', msLeft: 9_000 },
        {
          type: 'page',
          url: 'http://a/1',
          state: 'failed',
          error: { code: 'TIMEOUT', message: 'late' },
          msLeft: 4_000,
        },
      ],
    });
    expect(readingNow(ended)).toEqual({ msLeft: 4_000 });
    expect(readingNow(run({ research: [{ type: 'search', index: 0, query: 'q', state: 'started' }] }))).toBeUndefined();
    expect(readingNow({ ...ended, status: 'done' })).toBeUndefined();
  });
});
