/**
 * How much each of the question's terms says about what it asks: its rarity (BM25 inverse
 * document frequency) across the passages read. "Disney" in a question over six pages is rare
 * and decides; "month" is everywhere and decides little. A term no passage holds keeps the
 * highest weight: a question about something the pages never name is not answered by them.
 */
import { sameTerm } from './terms';

export type TermWeights = Map<string, number>;

/**
 * Rarity across fewer passages than this says little (over one short page every term the page
 * holds looks common and every other term rare), so the weights lean toward equal ones in
 * proportion: one page of three passages is mostly an unweighted share.
 */
const PASSAGES_FOR_FULL_IDF = 10;

/** Each question term's IDF over the given texts' term sets. */
export function termWeights(questionTerms: readonly string[], texts: readonly Set<string>[]): TermWeights {
  const weights: TermWeights = new Map();
  for (const term of questionTerms)
    weights.set(term, rarity(texts.length, texts.filter((terms) => holds(terms, term)).length));
  return weights;
}

/** A term's weight when it is found in `df` of `n` texts: its IDF, leaning toward 1 over few texts. */
export function rarity(n: number, df: number): number {
  const trust = Math.min(1, n / PASSAGES_FOR_FULL_IDF);
  const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  return trust * idf + (1 - trust);
}

/** Whether a set of terms holds the term or an inflection of it (terms.ts sameTerm). */
export function holds(terms: ReadonlySet<string>, term: string): boolean {
  if (terms.has(term)) return true;
  for (const t of terms) if (sameTerm(t, term)) return true;
  return false;
}

/** The weighted share of the question's terms that the set holds: 0 … 1. */
export function weightedCoverage(weights: TermWeights, terms: ReadonlySet<string>): number {
  let total = 0;
  let found = 0;
  for (const [term, weight] of weights) {
    total += weight;
    if (holds(terms, term)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}
