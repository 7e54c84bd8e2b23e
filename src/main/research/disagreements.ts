/**
 * "Where the sources disagree": the same statement made by different sources with different
 * figures. Minimal version (the `deepdis` branch writes the full one): two sentences of
 * different sources that say nearly the same words around different numbers.
 */
import type { Disagreement } from '../../shared/research-contract';
import { splitSentences } from '../answer/passages';
import { contentTerms } from '../answer/terms';

export interface SourceText {
  n: number;
  title: string;
  /** The page's text as the citation checker sees it (the extracted page's markdown). */
  text: string;
}

/** Share of the two sentences' words (numbers left out) they must have in common. */
const MIN_SAME_WORDS = 0.6;
const NUMBERS = /\d+(?:[.,]\d+)*/g;

export function findDisagreements(question: string, subQuestions: readonly string[], sources: readonly SourceText[]): Disagreement[] {
  void question;
  void subQuestions;
  const statements = sources.flatMap((source) =>
    splitSentences(source.text)
      .map((span) => ({ n: source.n, quote: span.text, values: span.text.match(NUMBERS) ?? ([] as string[]), terms: new Set(contentTerms(span.text.replace(NUMBERS, ' '))) }))
      .filter((s) => s.values.length > 0 && s.terms.size >= 3),
  );
  const found: Disagreement[] = [];
  const used = new Set<(typeof statements)[number]>();
  for (const a of statements) {
    if (used.has(a)) continue;
    for (const b of statements) {
      if (b.n === a.n || used.has(b) || overlap(a.terms, b.terms) < MIN_SAME_WORDS) continue;
      // The figure each gives that the other does not.
      const valueA = a.values.find((v) => !b.values.includes(v));
      const valueB = b.values.find((v) => !a.values.includes(v));
      if (valueA === undefined || valueB === undefined) continue;
      const topic = [...a.terms].filter((t) => t.length > 1 && b.terms.has(t)).join(' ');
      found.push({ topic, claims: [{ n: a.n, quote: a.quote, value: valueA }, { n: b.n, quote: b.quote, value: valueB }] });
      used.add(a).add(b);
      break;
    }
  }
  return found;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / (a.size + b.size - shared);
}
