/**
 * What a run looks like on screen, derived from its events and response (run-store.ts keeps
 * only those): the stages, the sources with each page's state, the answer text and its
 * citations.
 */
import type { AnswerSentence, AnswerSource, Citation } from '../../../shared/answer-contract';
import type { Run } from '../stores/run-store';
import type { PageState, StageState } from './progress-types';

export type { PageState, StageState } from './progress-types';

export interface Stage {
  id: 'searching' | 'reading' | 'writing' | 'checking';
  label: string;
  state: StageState;
}

export function sourcesOf(run: Run): AnswerSource[] {
  if (run.response) return run.response.sources;
  for (let i = run.events.length - 1; i >= 0; i--) {
    const event = run.events[i];
    if (event?.type === 'sources') return event.sources;
  }
  return [];
}

/**
 * The web pages the run reads, each with its state. A library section is no page to read: the
 * answer takes it from the index with the rest of its sources, and no `page` event ever comes
 * for it ("Reading 0/4" stood under a finished library answer).
 */
export function pagesOf(run: Run): PageState[] {
  const states = new Map<number, PageState>();
  for (const source of sourcesOf(run))
    if (source.library === undefined) states.set(source.n, { n: source.n, url: source.url, state: 'reading' });
  for (const event of run.events) {
    if (event.type !== 'page') continue;
    states.set(event.n, {
      n: event.n,
      url: event.url,
      state: event.state,
      ...(event.message ? { message: event.message } : {}),
    });
  }
  // Where the run ended without reading a page, it was never read.
  return [...states.values()].sort((a, b) => a.n - b.n);
}

export function answerTextOf(run: Run): string {
  if (run.response) return run.response.answer;
  return run.events.map((event) => (event.type === 'text' ? event.delta : '')).join('');
}

export function sentencesOf(run: Run): AnswerSentence[] | undefined {
  if (run.response) return run.response.sentences;
  // The last check stands: the rules' first, then the model's reading of a model-written answer.
  return run.events.findLast((event) => event.type === 'citations')?.sentences;
}

export function stagesOf(run: Run): Stage[] {
  const has = (type: string): boolean => run.events.some((event) => event.type === type);
  const pages = pagesOf(run);
  const read = pages.filter((page) => page.state !== 'reading').length;
  const ended = run.status !== 'running';
  const state = (started: boolean, finished: boolean): StageState => {
    if (finished) return 'done';
    if (started)
      return !ended ? 'active' : run.status === 'failed' ? 'failed' : run.status === 'cancelled' ? 'stopped' : 'done';
    return 'waiting';
  };
  if (run.mode === 'results') {
    return [{ id: 'searching', label: 'Searching', state: state(true, Boolean(run.results)) }];
  }
  const sourcesFound = has('sources');
  const textStarted = has('text');
  const checked = has('citations');
  return [
    { id: 'searching', label: 'Searching', state: state(true, sourcesFound) },
    {
      id: 'reading',
      label: pages.length > 0 ? `Reading ${read}/${pages.length}` : 'Reading',
      state: state(
        sourcesFound,
        sourcesFound && (textStarted || checked || (pages.length > 0 && read === pages.length)),
      ),
    },
    { id: 'writing', label: 'Writing', state: state(textStarted, checked) },
    { id: 'checking', label: 'Checking citations', state: state(checked, run.status === 'done') },
  ];
}

/**
 * The citation each `[n]` marker of the answer stands for: the k-th marker for source n is the
 * k-th citation of n in the sentences, which come in the answer's order.
 */
export function citationLookup(
  sentences: AnswerSentence[] | undefined,
): (n: number, occurrence: number) => Citation | undefined {
  const byN = new Map<number, Citation[]>();
  for (const sentence of sentences ?? []) {
    for (const citation of sentence.citations) {
      const list = byN.get(citation.n) ?? [];
      list.push(citation);
      byN.set(citation.n, list);
    }
  }
  return (n, occurrence) => {
    const list = byN.get(n);
    return list?.[occurrence] ?? list?.[0];
  };
}

export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
