/**
 * The claim's content against a cited source: which of its content terms each sentence of the
 * source holds — the same term, the same word inflected or compounded (`sameTerm`), or a
 * synonym — in any order. Built once per cited source: its vocabulary, each term with the
 * sentences that use it, so a claim's term is compared with each distinct word of the source
 * once, not with each sentence.
 */
import { sameTerm } from './terms';

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
        if (word !== term && sameTerm(term, word)) for (const s of sentences) found.add(s);
      }
      return found;
    });
  }
}
