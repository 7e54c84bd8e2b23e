/**
 * The claim's content against a cited source: which of its content terms each sentence of the
 * source holds — the same term, or the same word inflected or compounded (`sameTerm`, a
 * stemmer) — in any order. Built once per cited source: its vocabulary, each term with the
 * sentences that use it, so a claim's term is compared with each distinct word of the source
 * once, not with each sentence.
 */
import { contentTerm, sameTerm } from './terms';
import { isNegation } from '../text/negation-lexicon';
import type { Stemmer } from './citation-stems';

/**
 * A word as a content term of the check, denials left out: the hard facts judge them. (Dropping
 * the other languages' function words too, "zum", "sont", "który", helped the tune half and cost
 * the check half one comparative: not kept.)
 */
export function citationTerm(word: string): string | undefined {
  return isNegation(word) ? undefined : contentTerm(word);
}

/**
 * A cheap test that lets through every pair `sameTerm` could call one term (a shared beginning
 * of five letters, or one word ending in the other), so it runs on few of a source's words.
 */
function mayBeSameTerm(a: string, b: string): boolean {
  if (a.length >= 5 && b.length >= 5 && a.charCodeAt(0) === b.charCodeAt(0) && a.startsWith(b.slice(0, 5))) return true;
  return a.length < b.length ? b.endsWith(a) : a.endsWith(b);
}

export class SourceVocabulary {
  private readonly sentencesOf = new Map<string, number[]>();

  /** `sentenceTerms[i]`: the content terms of the source's i-th sentence. */
  constructor(sentenceTerms: readonly (readonly string[])[]) {
    sentenceTerms.forEach((terms, i) => {
      for (const term of terms) {
        const list = this.sentencesOf.get(term);
        if (!list) this.sentencesOf.set(term, [i]);
        else if (list.at(-1) !== i) list.push(i);
      }
    });
  }

  /**
   * For each term, the sentences that hold it or a form of it (`sameTerm`, or the same stem when
   * the claim and the page share a language and it has a stemmer).
   */
  sentencesHolding(terms: readonly string[], stem: Stemmer | undefined): Set<number>[] {
    return terms.map((term) => {
      const found = new Set<number>(this.sentencesOf.get(term) ?? []);
      const stemmed = stem?.(term);
      // A word with the same stem starts as the stem does (the few that change a vowel, as German's "ä", share the first letters).
      const start = stemmed?.slice(0, Math.min(3, stemmed.length));
      for (const [word, sentences] of this.sentencesOf) {
        if (word === term) continue;
        const same =
          (mayBeSameTerm(term, word) && sameTerm(term, word)) ||
          (start !== undefined && stemmed!.length >= 2 && word.startsWith(start) && stem!(word) === stemmed);
        if (same) for (const s of sentences) found.add(s);
      }
      return found;
    });
  }
}
