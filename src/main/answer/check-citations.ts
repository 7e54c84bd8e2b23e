/**
 * Checks every citation of an answer against the passages of the source it cites, whoever
 * wrote the answer. A citation is supported when the best-matching span of the cited source
 * (one to three consecutive sentences of one passage) holds most of the sentence's content words
 * and every number, date and proper name in it. A citation to a source number that does not
 * exist is removed from the answer.
 */
import type { AnswerSentence, Citation } from '../../shared/answer-contract';
import { splitSentences, type Passage, type Span } from './passages';
import { withoutEscapes, withoutSoftHyphens } from '../../shared/format/plain-text';
import { contentTerms, words } from './terms';

/** Share of the sentence's distinct content terms the quoted span must hold. */
const MIN_TERM_COVERAGE = 0.6;
/** Longest quote considered, in consecutive sentences of one passage. */
const MAX_SPAN_SENTENCES = 3;

export interface CheckedAnswer {
  /** The answer with citations to sources that do not exist removed. */
  answer: string;
  sentences: AnswerSentence[];
  /** Supported citations / all citations; 1 when there are none. */
  supportedShare: number;
}

/** `[2]` or `[1, 3]`, not escaped, not a Markdown link's text. */
const MARKER = /(?<!\\)\[(\d+(?:\s*,\s*\d+)*)\](?![([:])/g;
/** A marker with the space before it, which goes with it when the marker is dropped. */
const SPACED_MARKER = new RegExp(` ?${MARKER.source}`, 'g');

/** The numbers of a marker's list: "1, 3" → [1, 3]. */
function markerNumbers(list: string): number[] {
  // Stryker disable next-line MethodExpression: equivalent, Number() ignores the spaces trim() takes off.
  return list.split(',').map((n) => Number(n.trim()));
}

export function checkCitations(answer: string, passages: readonly Passage[], sourceCount: number): CheckedAnswer {
  const cleaned = removeUnknownCitations(answer, sourceCount);
  // Each cited source's sentences are read once, when first cited.
  const evidence = new Map<number, PassageSentences[]>();
  const evidenceOf = (n: number): PassageSentences[] => {
    let list = evidence.get(n);
    // Stryker disable next-line ConditionalExpression: equivalent, a cache; reading the sentences again gives the same list.
    if (!list) {
      list = passages
        .filter((p) => p.n === n)
        .map((passage) => ({ passage, sentences: splitSentences(passage.text, passage.start).map(sentenceEvidence) }));
      evidence.set(n, list);
    }
    return list;
  };
  const sentences = answerSentences(cleaned).map(({ text, numbers }): AnswerSentence => {
    const claim = claimText(text);
    return { text, citations: numbers.map((n) => checkOne(claim, n, evidenceOf(n))) };
  });
  const all = sentences.flatMap((s) => s.citations);
  const supported = all.filter((c) => c.supported).length;
  return { answer: cleaned, sentences, supportedShare: all.length === 0 ? 1 : supported / all.length };
}

/** Drops numbers outside 1..sourceCount from each marker, and a marker left empty (with its space). */
function removeUnknownCitations(answer: string, sourceCount: number): string {
  return answer.replace(SPACED_MARKER, (whole, list: string) => {
    const kept = markerNumbers(list).filter((n) => n >= 1 && n <= sourceCount);
    if (kept.length === 0) return '';
    const space = whole.startsWith(' ') ? ' ' : '';
    return `${space}[${kept.join(', ')}]`;
  });
}

/**
 * The answer's sentences, line by line (a lead, then list items), with the source numbers each
 * cites. A marker ICU put at the start of the next sentence ("… end. [2] Next …") belongs to the
 * sentence before it.
 */
function answerSentences(answer: string): { text: string; numbers: number[] }[] {
  const out: { text: string; numbers: number[] }[] = [];
  for (const rawLine of answer.split('\n')) {
    const line = rawLine.replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+|>\s*)/, '');
    for (const span of splitSentences(line)) {
      let text = span.text;
      const leading = /^(?:(?<!\\)\[\d+(?:\s*,\s*\d+)*\][.,;:]?\s*)+/.exec(text);
      const previous = out.at(-1);
      if (leading && previous && leading.index === 0) {
        previous.text = `${previous.text} ${leading[0].trim()}`;
        previous.numbers = unique([...previous.numbers, ...numbersIn(leading[0])]);
        // Stryker disable next-line MethodExpression: equivalent, the markers take their trailing spaces and the span has no leading ones.
        text = text.slice(leading[0].length).trim();
      }
      if (text === '') continue;
      out.push({ text, numbers: numbersIn(text) });
    }
  }
  return out;
}

function numbersIn(text: string): number[] {
  // Stryker disable next-line StringLiteral: equivalent, MARKER's group 1 always takes part in a match.
  return unique([...text.matchAll(MARKER)].flatMap((m) => markerNumbers(m[1] ?? '')));
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The sentence as a claim: citation markers, Markdown link targets, emphasis and escapes removed. */
function claimText(sentence: string): string {
  return sentence
    .replace(MARKER, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([\\`*_[\]<>#|~&!])/g, '$1')
    .replace(/[*_`]+/g, ' ');
}

interface Facts {
  numbers: string[];
  names: string[];
}

/**
 * Numbers (dates' days and years among them) and proper names: capitalised words after the
 * first word of the sentence, and all-capital words anywhere (acronyms). Month names are
 * capitalised, so a date's month is a name.
 */
function factsOf(claim: string): Facts {
  const numbers = [...claim.matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => normalizeNumber(m[0]));
  const names: string[] = [];
  words(claim).forEach((word, i) => {
    if (/^\d/.test(word)) return;
    const acronym = /^\p{Lu}{2,}$/u.test(word);
    if (acronym || (i > 0 && /^\p{Lu}/u.test(word))) names.push(word.toLowerCase());
  });
  return { numbers: unique(numbers), names: unique(names) };
}

function normalizeNumber(number: string): string {
  return number.replace(/,(?=\d{3}(?:\D|$))/g, '').replace(/[.,]$/, '');
}

/** What a sentence of a page offers as evidence: its content terms, numbers and words. */
interface Evidence {
  span: Span;
  terms: Set<string>;
  numbers: Set<string>;
  words: Set<string>;
}

interface PassageSentences {
  passage: Passage;
  sentences: Evidence[];
}

function sentenceEvidence(span: Span): Evidence {
  // Read as the answer's sentences are written: words whole where the page marks where they may break.
  const text = withoutSoftHyphens(span.text);
  return {
    span,
    terms: new Set(contentTerms(text)),
    numbers: new Set([...text.matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => normalizeNumber(m[0]))),
    words: new Set(words(text).map((w) => w.toLowerCase())),
  };
}

function checkOne(claim: string, n: number, passageSentences: PassageSentences[]): Citation {
  const terms = unique(contentTerms(claim));
  const facts = factsOf(claim);
  let best: { span: Span; coverage: number; factsFound: number; score: number } | undefined;
  for (const { passage, sentences } of passageSentences) {
    for (let i = 0; i < sentences.length; i++) {
      for (let length = 1; length <= MAX_SPAN_SENTENCES && i + length <= sentences.length; length++) {
        const window = sentences.slice(i, i + length);
        // Stryker disable OptionalChaining,ConditionalExpression,LogicalOperator: equivalent, a window is never empty.
        const first = window[0]?.span;
        const last = window.at(-1)?.span;
        if (!first || !last) continue;
        // Stryker restore OptionalChaining,ConditionalExpression,LogicalOperator
        const coverage = share(terms, (t) => window.some((e) => e.terms.has(t)));
        const factsFound = share([...facts.numbers, ...facts.names], (f, k) =>
          window.some((e) => (k < facts.numbers.length ? e.numbers : e.words).has(f)),
        );
        // A longer span must earn its place: ties go to the shorter quote.
        const score = coverage + factsFound - length * 0.001;
        if (!best || score > best.score) {
          // The quote is the page's own text between the two ends, as a person reads it: the
          // Markdown's escapes left out (plain-text.ts); its range is in the Markdown.
          const text = withoutEscapes(passage.text.slice(first.start - passage.start, last.end - passage.start));
          best = { span: { text, start: first.start, end: last.end }, coverage, factsFound, score };
        }
      }
    }
  }
  if (!best) return { n, supported: false, quote: '', range: [0, 0] };
  const supported = best.coverage >= MIN_TERM_COVERAGE && best.factsFound === 1;
  return { n, supported, quote: best.span.text, range: [best.span.start, best.span.end] };
}

/** The share of items that pass (1 when there are none). */
function share<T>(items: T[], found: (item: T, index: number) => boolean): number {
  if (items.length === 0) return 1;
  return items.filter(found).length / items.length;
}
