/**
 * One view of an answer's turn, whether it runs on this screen or was opened from the history:
 * its progress line, text, checked sentences, sources with each page's state, footer and
 * follow-ups. AnswerView draws only this, so a reopened turn looks as the live one did.
 * The stored turn keeps the answer, its checked sentences, its sources and timings; what it does
 * not keep (which composer wrote it, the follow-up suggestions, a model's failure) is left out.
 */
import type { AnswerSentence, AnswerSource } from '../../../shared/answer-contract';
import type { ErrorInfo } from '../../../shared/contract';
import { saysNotInSources } from '../../../shared/not-in-sources';
import type { Run, StoredTurn } from '../stores/run-store';
import { answerTextOf, pagesOf, sentencesOf, sourcesOf, stagesOf, type PageState, type Stage } from './run-view';

export interface AnswerTurnView {
  running: boolean;
  stages: Stage[];
  /** Each page's state, shown while the pages are read. */
  pages: PageState[];
  sources: AnswerSource[];
  text: string;
  /** Undefined until the citations are checked. */
  sentences: AnswerSentence[] | undefined;
  /** Once the answer is done. */
  footer?: AnswerFooter | undefined;
  followUps: string[];
  llmError?: ErrorInfo | undefined;
}

export interface AnswerFooter {
  /** Undefined where it is not known (a turn kept in the history does not say). */
  composer?: 'extractive' | 'llm' | undefined;
  /** False when the sources do not answer the question (the answer says so). */
  answered: boolean;
  totalMs: number;
}

export function liveAnswerView(run: Run): AnswerTurnView {
  const response = run.response;
  return {
    running: run.status === 'running',
    stages: stagesOf(run),
    pages: pagesOf(run),
    sources: sourcesOf(run),
    text: answerTextOf(run),
    sentences: sentencesOf(run),
    ...(response
      ? {
          footer: { composer: response.composer, answered: response.answered, totalMs: response.timings.totalMs },
          followUps: response.followUps,
          llmError: response.llmError,
        }
      : { followUps: [] }),
  };
}

/** Stored turns keep their checked sentences as `citations`. */
export function storedSentences(citations: unknown[]): AnswerSentence[] | undefined {
  const sentences = citations.filter(
    (item): item is AnswerSentence =>
      typeof item === 'object' && item !== null && Array.isArray((item as AnswerSentence).citations),
  );
  return sentences.length > 0 || citations.length === 0 ? sentences : undefined;
}

/** A stored turn's sources as the answer gave them (the history keeps them whole; an older turn may lack the number or quotes). */
export function storedSources(turn: StoredTurn): AnswerSource[] {
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
  return turn.sources.map((source, i) => {
    const date = text(source['date']);
    const quotes = Array.isArray(source['quotes'])
      ? source['quotes'].filter((quote): quote is string => typeof quote === 'string')
      : [];
    return {
      n: typeof source['n'] === 'number' ? source['n'] : i + 1,
      title: source.title,
      url: source.url,
      source: text(source['source']) ?? '',
      quotes,
      ...(date ? { date } : {}),
    };
  });
}

/** A turn of the history that holds an answer: everything it ran through is done. */
export function storedAnswerView(turn: StoredTurn): AnswerTurnView {
  const sources = storedSources(turn);
  const stages: Stage[] = [
    { id: 'searching', label: 'Searching', state: 'done' },
    {
      id: 'reading',
      label: sources.length > 0 ? `Reading ${sources.length}/${sources.length}` : 'Reading',
      state: 'done',
    },
    { id: 'writing', label: 'Writing', state: 'done' },
    { id: 'checking', label: 'Checking citations', state: 'done' },
  ];
  return {
    running: false,
    stages,
    pages: sources.map((source) => ({ n: source.n, url: source.url, state: 'read' })),
    sources,
    text: turn.answer,
    sentences: storedSentences(turn.citations),
    footer: { answered: !saysNotInSources(turn.answer), totalMs: turn.timings['totalMs'] ?? 0 },
    followUps: [],
  };
}
