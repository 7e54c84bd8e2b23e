/**
 * Nugget scoring (TREC 2024 RAG track): an answer covers a nugget when its text holds one of the
 * nugget's match phrases; its score is the share of vital nuggets it covers, and the share of all
 * nuggets beside it. Pure functions, tested in tests/unit/open-nuggets.test.ts.
 */
import { withoutEscapes } from '../../src/shared/format/plain-text.js';
import { normalizeText } from '../answer/metrics.js';

/** Text as compared: Markdown's escapes, emphasis and [n] markers out, then normalizeText (case, quotes, dashes, spaces). */
export function comparable(text: string): string {
  return normalizeText(
    withoutEscapes(text)
      .replace(/\[\d+(?:,\s*\d+)*\]/g, ' ')
      .replace(/[*_]+/g, ''),
  );
}

export function holdsPhrase(text: string, phrase: string): boolean {
  const target = comparable(phrase);
  return target !== '' && comparable(text).includes(target);
}

export interface NuggetLike {
  vital: boolean;
  match: readonly string[];
  facet?: number;
}

export interface Coverage {
  vital: { covered: number; of: number };
  all: { covered: number; of: number };
  /** Compound questions: whether a vital nugget of every facet is covered (undefined otherwise). */
  everyFacet?: boolean;
}

export function coverage(answer: string, nuggets: readonly NuggetLike[], facets?: readonly unknown[]): Coverage {
  const text = comparable(answer);
  const covered = nuggets.map((n) =>
    n.match.some((phrase) => comparable(phrase) !== '' && text.includes(comparable(phrase))),
  );
  const vital = nuggets.filter((n) => n.vital);
  const result: Coverage = {
    vital: { covered: vital.filter((n) => covered[nuggets.indexOf(n)]).length, of: vital.length },
    all: { covered: covered.filter(Boolean).length, of: nuggets.length },
  };
  if (facets !== undefined)
    result.everyFacet = facets.every((_, f) => nuggets.some((n, i) => n.vital && n.facet === f && covered[i]));
  return result;
}
