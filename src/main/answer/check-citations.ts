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
import { words } from './terms';
import { claimFacts, FactText, judgeFacts, quickFactHits, type FactJudgment } from './citation-facts';
import { citationTerm, SourceVocabulary } from './citation-content';
import { stemmerFor } from './citation-stems';
import { guessLanguage, type Language } from '../text/language-lexicon';

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
  /**
   * The citations whose hard facts all hold in a span of the cited source, so that whether the
   * span says the claim is a question of its content alone, which a model may read (support-judge.ts).
   */
  contentQuestions: ContentQuestion[];
}

/** A citation whose hard facts hold in `quote`: does `quote` say `claim`? */
export interface ContentQuestion {
  /** Where the citation is: `sentences[sentence].citations[citation]`. */
  sentence: number;
  citation: number;
  claim: string;
  quote: string;
  range: [number, number];
  /** The rules' account of the span: the facts matched and the share of the claim's words it holds. */
  facts: string[];
  words: string;
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

/**
 * `sources` is the sources' count when they are numbered 1..count, or the numbers they hold (a
 * thread's follow-up keeps the numbers its pages got in earlier turns).
 */
export function checkCitations(
  answer: string,
  passages: readonly Passage[],
  sources: number | ReadonlySet<number>,
): CheckedAnswer {
  const cleaned = removeUnknownCitations(answer, sources);
  // Each cited source's sentences are read once, when first cited.
  const evidence = new Map<number, SourceEvidence>();
  const evidenceOf = (n: number): SourceEvidence => {
    let source = evidence.get(n);
    // Stryker disable next-line ConditionalExpression: equivalent, a cache; reading the sentences again gives the same list.
    if (!source) {
      source = sourceEvidence(passages.filter((p) => p.n === n));
      evidence.set(n, source);
    }
    return source;
  };
  const contentQuestions: ContentQuestion[] = [];
  const sentences = answerSentences(cleaned).map(({ text, numbers }, sentence): AnswerSentence => {
    const claim = claimText(text);
    const said = withoutMarkers(text);
    const citations = numbers.map((n, citation) => {
      const checked = checkOne(claim, n, evidenceOf(n));
      // A quote holds what it says word for word: only a retelling is a question of meaning.
      if (checked.open && !wordForWord(said, checked.open.quote))
        contentQuestions.push({ sentence, citation, claim: said, ...checked.open });
      return checked.citation;
    });
    return { text, citations };
  });
  return { answer: cleaned, sentences, supportedShare: supportedShareOf(sentences), contentQuestions };
}

/** Supported citations / all citations of the sentences; 1 when there are none. */
export function supportedShareOf(sentences: readonly AnswerSentence[]): number {
  const all = sentences.flatMap((s) => s.citations);
  return all.length === 0 ? 1 : all.filter((c) => c.supported).length / all.length;
}

/** The text without its citation markers (and the space before each): "… a rest day. [1, 3]" → "… a rest day.". */
export function withoutMarkers(text: string): string {
  return text.replace(SPACED_MARKER, '');
}

/** Drops numbers no source holds (outside 1..count, or not in the set) from each marker, and a marker left empty (with its space). */
function removeUnknownCitations(answer: string, sources: number | ReadonlySet<number>): string {
  const known = typeof sources === 'number' ? (n: number) => n >= 1 && n <= sources : (n: number) => sources.has(n);
  return answer.replace(SPACED_MARKER, (whole, list: string) => {
    const kept = markerNumbers(list).filter(known);
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

/** What a sentence of a page offers as evidence: its content terms and its facts. */
interface Evidence {
  span: Span;
  /** Its index among all sentences of its source. */
  index: number;
  facts: FactText;
}

interface PassageSentences {
  passage: Passage;
  sentences: Evidence[];
  /** The page's title and the passage's headings, where a name the page states once may be (read when first judged). */
  context: () => FactText;
}

interface SourceEvidence {
  passages: PassageSentences[];
  vocabulary: SourceVocabulary;
  /** The page's language, told by the function words of its first sentences. */
  language: Language | undefined;
}

/** How many of a page's first words tell its language. */
const LANGUAGE_SAMPLE = 400;

function sourceEvidence(passages: readonly Passage[]): SourceEvidence {
  const sentenceTerms: string[][] = [];
  const sample: string[] = [];
  const list = passages.map((passage): PassageSentences => ({
    passage,
    context: once(() => new FactText([passage.title, passage.context ?? ''].join('\n'))),
    sentences: splitSentences(passage.text, passage.start).map((span) => {
      // Read as the answer's sentences are written: words whole where the page marks where they may break.
      const text = withoutSoftHyphens(span.text);
      const list = words(text);
      sentenceTerms.push(unique(list.map(citationTerm).filter((t): t is string => t !== undefined)));
      if (sample.length < LANGUAGE_SAMPLE) sample.push(...list);
      return { span, index: sentenceTerms.length - 1, facts: new FactText(text, list) };
    }),
  }));
  return { passages: list, vocabulary: new SourceVocabulary(sentenceTerms), language: guessLanguage(sample) };
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** A span considered for a claim: consecutive sentences of one passage. */
interface Candidate {
  passage: PassageSentences;
  window: Evidence[];
  coverage: number;
  /** The claim's words the span lacks. */
  lacking: () => string[];
  score: number;
}

/** How many of the spans ranked best are judged in full (figures read, negation and direction). */
const JUDGED_SPANS = 8;

/** Letters and digits alone, in lower case: what "word for word" compares. */
function wordsOnly(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether the quote holds the claim word for word (case, punctuation and spacing aside). */
function wordForWord(claim: string, quote: string): boolean {
  const words = wordsOnly(claim);
  return words !== '' && ` ${wordsOnly(quote)} `.includes(` ${words} `);
}

/** A citation, and where its facts all hold, the span whose content is open to a reading of its meaning. */
interface CheckedCitation {
  citation: Citation;
  open?: Omit<ContentQuestion, 'sentence' | 'citation' | 'claim'>;
}

function checkOne(claim: string, n: number, source: SourceEvidence): CheckedCitation {
  // Each content term with the first word that wrote it, for saying which words the passage lacks.
  const written = new Map<string, string>();
  for (const word of words(claim)) {
    const term = citationTerm(word);
    if (term !== undefined && !written.has(term)) written.set(term, word);
  }
  const terms = [...written.keys()];
  const facts = claimFacts(claim);
  const language = guessLanguage(words(claim));
  const holding = source.vocabulary.sentencesHolding(
    terms,
    language === source.language ? stemmerFor(language) : undefined,
  );
  const factCount = facts.numbers.length + facts.names.length;
  const best: Candidate[] = [];
  let any = false;
  for (const passage of source.passages) {
    const { sentences } = passage;
    // What each sentence holds of the claim: its terms, then its numbers and names; most hold nothing.
    const hits = sentences.map((e) => {
      const termHits = holding.map((found) => found.has(e.index));
      const factHits = quickFactHits(facts, e.facts);
      return termHits.includes(true) || factHits.includes(true) ? [...termHits, ...factHits] : undefined;
    });
    for (let i = 0; i < sentences.length; i++) {
      any = true;
      for (let length = 1; length <= MAX_SPAN_SENTENCES && i + length <= sentences.length; length++) {
        const parts = hits.slice(i, i + length);
        let coverage = terms.length === 0 ? 1 : 0;
        let factsFound = factCount === 0 ? 1 : 0;
        if (parts.some((p) => p !== undefined)) {
          const held = (k: number): boolean => parts.some((p) => p?.[k] === true);
          if (terms.length > 0) coverage = countOf(terms.length, (k) => held(k)) / terms.length;
          if (factCount > 0) factsFound = countOf(factCount, (k) => held(terms.length + k)) / factCount;
        }
        // A longer span must earn its place: ties go to the shorter quote, then the earlier one.
        const score = coverage + factsFound - length * 0.001;
        if (best.length < JUDGED_SPANS || score > best.at(-1)!.score) {
          const at = best.findIndex((c) => score > c.score);
          const lacking = (): string[] =>
            terms.flatMap((term, k) => (parts.some((p) => p?.[k] === true) ? [] : [written.get(term)!]));
          best.splice(at === -1 ? best.length : at, 0, {
            passage,
            window: sentences.slice(i, i + length),
            coverage,
            lacking,
            score,
          });
          if (best.length > JUDGED_SPANS) best.pop();
        }
      }
    }
  }
  if (!any)
    return {
      citation: {
        n,
        supported: false,
        state: 'unsupported',
        why: 'the page has no passage to check against',
        quote: '',
        range: [0, 0],
      },
    };
  let chosen: { candidate: Candidate; verdict: Verdict } | undefined;
  // The best span holding every hard fact, whatever its words: its content is for a model to read.
  let open: CheckedCitation['open'];
  for (const candidate of best) {
    const judged = judgeFacts(
      facts,
      candidate.window.map((e) => e.facts),
      candidate.passage.context(),
    );
    const verdict = verdictOf(judged, candidate.coverage, terms.length, candidate.lacking);
    if (!open && judged.contradicted.length === 0 && judged.missing.length === 0)
      open = { ...quoteOf(candidate), facts: judged.matched, words: verdict.words };
    if (!chosen || RANK[verdict.state] > RANK[chosen.verdict.state]) chosen = { candidate, verdict };
    // No span does better than one that supports the claim; those below it are not read.
    if (verdict.state === 'supported') break;
  }
  const { candidate, verdict } = chosen!;
  return {
    citation: {
      n,
      supported: verdict.state === 'supported',
      state: verdict.state,
      why: verdict.why,
      ...quoteOf(candidate),
    },
    ...(open ? { open } : {}),
  };
}

/**
 * The span as quoted: the page's own text between its two ends, as a person reads it (the
 * Markdown's escapes left out, plain-text.ts), and its range in the Markdown.
 */
function quoteOf(candidate: Candidate): { quote: string; range: [number, number] } {
  const first = candidate.window[0]!.span;
  const last = candidate.window.at(-1)!.span;
  const { passage } = candidate.passage;
  return {
    quote: withoutEscapes(passage.text.slice(first.start - passage.start, last.end - passage.start)),
    range: [first.start, last.end],
  };
}

function countOf(count: number, test: (k: number) => boolean): number {
  let found = 0;
  for (let k = 0; k < count; k++) if (test(k)) found++;
  return found;
}

/** How many of the words a passage lacks a "why" names. */
const LACKING_SHOWN = 4;

type State = NonNullable<Citation['state']>;
const RANK: Record<State, number> = { unsupported: 0, partly: 1, supported: 2 };

interface Verdict {
  state: State;
  why: string;
  /** The share of the claim's words the span holds, said: `5 of 6 of its words (not "lasts")`. */
  words: string;
}

/** `matched "12 hours", "Tayport"; ` or nothing. */
export function matchedFacts(matched: readonly string[]): string {
  return matched.length > 0 ? `matched ${matched.map((item) => `"${item}"`).join(', ')}; ` : '';
}

/**
 * Supported: every hard fact in the span and most of the content words. Partly: the content is
 * there but a detail (a name, a figure, a direction) is not. A contradicted fact is never
 * supported, however many words match.
 */
function verdictOf(judged: FactJudgment, coverage: number, termCount: number, lacking: () => string[]): Verdict {
  const quoted = (items: string[]): string => items.map((item) => `"${item}"`).join(', ');
  const absent =
    coverage < 1
      ? ` (not ${quoted(lacking().slice(0, LACKING_SHOWN))}${lacking().length > LACKING_SHOWN ? ', …' : ''})`
      : '';
  const words = `${Math.round(coverage * termCount)} of ${termCount} of its words${absent}`;
  if (judged.contradicted.length > 0)
    return { state: 'unsupported', why: `contradicted: ${judged.contradicted.join('; ')}`, words };
  const enough = coverage >= MIN_TERM_COVERAGE;
  if (judged.missing.length > 0) {
    return {
      state: enough ? 'partly' : 'unsupported',
      why: `missing: ${quoted(judged.missing)}; ${words} in the passage`,
      words,
    };
  }
  if (!enough) return { state: 'unsupported', why: `only ${words} are in the passage`, words };
  return { state: 'supported', why: `${matchedFacts(judged.matched)}${words} in the passage`, words };
}
