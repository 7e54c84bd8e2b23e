/** A source as the pieces that link to it use it: the reader's target, a citation chip's label. */
import type { AnswerSource } from '../../../shared/answer-contract';
import { domainOf } from './run-view';

/** The source to open in the reader, at its first quote when it has one. */
export function readerTargetOf(source: AnswerSource): { url: string; title: string; n: number; quote?: string } {
  return {
    url: source.url,
    title: source.title,
    n: source.n,
    ...(source.quotes[0] ? { quote: source.quotes[0] } : {}),
  };
}

/** What a citation chip shows of source n (undefined when no source has that number). */
export function chipSourceOf(
  sources: readonly AnswerSource[],
  n: number,
): { title: string; url: string; domain: string } | undefined {
  const source = sources.find((s) => s.n === n);
  return source && { title: source.title, url: source.url, domain: source.source || domainOf(source.url) };
}
