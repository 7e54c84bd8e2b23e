/**
 * The claim's content against a cited source: which of its content terms each sentence of the
 * source holds — the same term, the same word inflected or compounded (`sameTerm`), or a
 * synonym — in any order. Built once per cited source: its vocabulary, each term with the
 * sentences that use it, so a claim's term is compared with each distinct word of the source
 * once, not with each sentence.
 */
import { sameTerm } from './terms';

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

  /** For each term, the sentences that hold it (or a form or synonym of it). */
  sentencesHolding(terms: readonly string[]): Set<number>[] {
    return terms.map((term) => {
      const found = new Set<number>(this.sentencesOf.get(term) ?? []);
      for (const [word, sentences] of this.sentencesOf) {
        if (word !== term && mayBeSameTerm(term, word) && sameTerm(term, word)) for (const s of sentences) found.add(s);
      }
      return found;
    });
  }
}
