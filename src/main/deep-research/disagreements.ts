/**
 * "Where the sources disagree": the same figure given differently by different sources. Every
 * sentence of every source is read for its figures (values.ts); a figure's subject is the
 * content words of its part of the sentence (a sentence "X costs €12,000, while Y costs €900"
 * has two parts). Two figures of different sources are about the same thing when they are of
 * the same unit and their subjects share most of their weight (rarer words weigh more), and the
 * other figures beside them (a temperature, a year) do not differ: a COP at -15 °C is not a COP
 * at 7 °C. They disagree when their intervals lie apart by more than 15 % (a year: any year
 * apart). The question and its sub-questions rank what is found; nothing here knows any topic.
 */
import type { Disagreement, DisagreementClaim } from '../../shared/research-contract';
import { withoutEscapes } from '../../shared/format/plain-text';
import { endsSentence, substantial, usable } from '../answer/composer';
import { isFurniture } from '../answer/lead-shape';
import { pagePassages, splitSentences } from '../answer/passages';
import { rarity } from '../answer/term-weights';
import { contentTerm, contentTerms, sameTerm, wordSpans } from '../answer/terms';
import { readValues, type Interval, type Value } from './values';

export interface SourceText {
  n: number;
  title: string;
  /** The page's text as the citation checker sees it (the extracted page's Markdown). */
  text: string;
}

const MAX_DISAGREEMENTS = 5;
/** Claims shown per disagreement, one per source. */
const MAX_CLAIMS = 4;
/** Weighted Jaccard of two subjects to be about the same thing; a year needs more, since years are everywhere. */
const MIN_SIMILARITY = 0.45;
const MIN_SIMILARITY_YEAR = 0.6;
/** Fewer subject words than this name no subject ("It costs €900."). */
const MIN_SUBJECT_TERMS = 2;
const MIN_SUBJECT_TERMS_YEAR = 3;
/** Relative gap between two figures that makes them different, and the least gap between two temperatures (°C). */
const RELATIVE_TOLERANCE = 0.15;
const TEMPERATURE_TOLERANCE = 2;
/**
 * Figures further apart than this factor are taken for figures of different things that the
 * words did not tell apart ("installation costs €12,000" and "servicing costs €200"), not for
 * two estimates of one: sources that disagree on a figure disagree within an order of magnitude.
 */
const MAX_RATIO = 5;
/** Longer "sentences" are lists or tables run together, and say too many things to quote for one. */
const MAX_QUOTE_CHARS = 400;
const MAX_TOPIC_WORDS = 8;

interface SubjectWord {
  word: string;
  term: string;
  start: number;
  end: number;
}

interface Claim {
  n: number;
  /** The sentence, as a person reads it (Markdown escapes left out, plain-text.ts). */
  quote: string;
  value: Value;
  /** The other figures of its part of the sentence: the conditions it holds under. */
  beside: Value[];
  /** Content terms of its part of the sentence, figures left out; canonical (one spelling per term). */
  subject: Set<string>;
  /** Those words as written, in order, each with its term and where it stands in `read`: the topic is told in the source's words. */
  subjectWords: SubjectWord[];
  /** The sentence as read for figures (`quote` with link targets and reference marks blanked, same length). */
  read: string;
}

export function findDisagreements(
  question: string,
  subQuestions: readonly string[],
  sources: readonly SourceText[],
): Disagreement[] {
  const canonical = canonicalTerms();
  const claims = sources.flatMap((source) => claimsOf(source, canonical));
  const weight = subjectWeights(claims);
  const queries = [question, ...subQuestions].map((q) => new Set(contentTerms(q).map(canonical)));
  const candidates: { claims: Claim[]; score: number }[] = [];
  for (const group of groupBy(claims, (c) => c.value.unit).values()) {
    if (new Set(group.map((c) => c.n)).size < 2) continue;
    for (const anchor of group) {
      const found = disagreementAround(anchor, group, weight);
      if (found) candidates.push({ claims: found.claims, score: relevance(found.claims, queries) + found.similarity });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const used = new Set<Claim>();
  const chosen: Disagreement[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= MAX_DISAGREEMENTS) break;
    if (candidate.claims.some((c) => used.has(c))) continue;
    for (const c of candidate.claims) used.add(c);
    chosen.push({ topic: topicOf(candidate.claims), claims: candidate.claims.map(asClaim).sort((a, b) => a.n - b.n) });
  }
  return chosen;
}

/**
 * The anchor with the most similar claim of each other source about the same thing, when one
 * of them gives a different figure; the agreeing ones come along (three sources against one is
 * worth seeing).
 */
function disagreementAround(
  anchor: Claim,
  group: readonly Claim[],
  weight: (term: string) => number,
): { claims: Claim[]; similarity: number } | undefined {
  const needed = anchor.value.unit === 'year' ? MIN_SIMILARITY_YEAR : MIN_SIMILARITY;
  const best = new Map<number, { claim: Claim; similarity: number; differs: boolean }>();
  for (const other of group) {
    if (other.n === anchor.n) continue;
    const similarity = weightedJaccard(anchor.subject, other.subject, weight);
    const comparison = compareValues(anchor.value, other.value);
    if (similarity < needed || comparison === 'unrelated' || !sameConditions(anchor, other)) continue;
    const held = best.get(other.n);
    if (!held || similarity > held.similarity)
      best.set(other.n, { claim: other, similarity, differs: comparison === 'differ' });
  }
  // The differing ones first, then the most similar.
  const matches = [...best.values()].sort(
    (a, b) => Number(b.differs) - Number(a.differs) || b.similarity - a.similarity,
  );
  const first = matches[0];
  if (!first?.differs) return undefined;
  return { claims: [anchor, ...matches.slice(0, MAX_CLAIMS - 1).map((m) => m.claim)], similarity: first.similarity };
}

/** The figures beside two claims, where both give one of a kind, must not differ: then the claims are under the same conditions. */
function sameConditions(a: Claim, b: Claim): boolean {
  return a.beside.every((x) => b.beside.every((y) => compareValues(x, y) !== 'differ'));
}

/**
 * How two figures of one unit compare: 'differ' when every plausible pairing of their readings
 * (an ambiguous "1.500" is 1500 or 1.5) lies apart, 'agree' when one does not; readings a factor
 * of MAX_RATIO apart are not plausibly one figure, and when no pairing is plausible the figures
 * are 'unrelated': of different things.
 */
function compareValues(a: Value, b: Value): 'agree' | 'differ' | 'unrelated' {
  if (a.unit !== b.unit) return 'unrelated';
  const pairs = a.readings.flatMap((x) => b.readings.map((y) => ordered(x, y)));
  const plausible = pairs.filter(
    ([lower, upper]) =>
      a.unit === 'year' || a.unit === 'temperature' || lower.high <= 0 || upper.low / lower.high <= MAX_RATIO,
  );
  if (plausible.length === 0) return 'unrelated';
  return plausible.every(([lower, upper]) => apart(lower, upper, a.unit)) ? 'differ' : 'agree';
}

/** The lower interval first (by its top). */
function ordered(x: Interval, y: Interval): [Interval, Interval] {
  return x.high <= y.high ? [x, y] : [y, x];
}

function apart(lower: Interval, upper: Interval, unit: string): boolean {
  const gap = upper.low - lower.high;
  if (gap <= 0) return false;
  if (unit === 'year') return true;
  const scale = Math.max(Math.abs(upper.low), Math.abs(lower.high));
  return (
    gap >
    (unit === 'temperature' ? Math.max(TEMPERATURE_TOLERANCE, RELATIVE_TOLERANCE * scale) : RELATIVE_TOLERANCE * scale)
  );
}

/**
 * Where a sentence's parts divide: semicolons, dashes between spaces, a comma before "and" (a
 * clause of its own follows), and the words that set one thing against another.
 */
const PART_BREAK =
  /;|,\s(?:and|or|und|oder|et|ou|y|o|e|i|ja)\s|\s[–—]\s|\s(?:while|whereas|but|although|though|während|aber|jedoch|wohingegen|tandis que|mais|alors que|mientras que|pero|mentre|ma|enquanto|mas|ale|natomiast|mutta)\s/giu;

/**
 * "At −15 °C", "at an outdoor temperature of 7 °C": a figure after "at" is a point on a scale
 * that another figure holds at, a condition of that figure, not a claim of its own. Only where
 * the word means nothing else: German "bei" and French "à" also say what a figure is ("liegt bei 3,5").
 */
const AT = /(?<!\p{L})(?:at|przy)\s+(?:[\p{L}-]+\s+){0,4}$/iu;

/** "And", "or" in the same languages, which join two parallel claims when a figure of one unit stands on either side. */
const PARALLEL = /\s(?:and|or|und|oder|et|ou|y|o|e|i|ja|tai)\s/giu;

function claimsOf(source: SourceText, canonical: (term: string) => string): Claim[] {
  const claims: Claim[] = [];
  const page = { n: source.n, url: '', title: source.title, markdown: source.text };
  for (const passage of pagePassages(page, 0)) {
    for (const span of splitSentences(passage.text, passage.start)) {
      const quote = withoutEscapes(span.text);
      const read = masked(quote);
      // Claims are made in whole sentences: a label, a field or a heading ("Storage: 15 GB") states no claim about anything.
      if (
        quote.length > MAX_QUOTE_CHARS ||
        !substantial(read) ||
        !usable(read, true) ||
        !endsSentence(read.trim()) ||
        isFurniture(read)
      )
        continue;
      const values = readValues(read);
      if (values.length === 0) continue;
      for (const part of parts(read, values)) {
        const inPart = values.filter((v) => v.start >= part.start && v.start < part.end);
        const blanked = blank(
          read.slice(part.start, part.end),
          inPart.map((v) => [v.start - part.start, v.end - part.start]),
        );
        const subjectWords = wordSpans(blanked).flatMap(({ word, index }) => {
          const term = /\p{N}/u.test(word) ? undefined : contentTerm(word);
          const start = part.start + index;
          return term === undefined ? [] : [{ word, term: canonical(term), start, end: start + word.length }];
        });
        const subject = new Set(subjectWords.map((w) => w.term));
        for (const value of inPart) {
          const enough = value.unit === 'year' ? MIN_SUBJECT_TERMS_YEAR : MIN_SUBJECT_TERMS;
          if (subject.size < enough || AT.test(read.slice(part.start, value.start))) continue;
          claims.push({
            n: source.n,
            quote,
            read,
            value,
            beside: inPart.filter((v) => v !== value),
            subject,
            subjectWords,
          });
        }
      }
    }
  }
  return claims;
}

/** The sentence with what is no figure of its own blanked, same length: link targets, images, reference marks ("[3]"). */
function masked(sentence: string): string {
  const spaces = (m: string): string => ' '.repeat(m.length);
  return sentence
    .replace(/\]\([^)]*\)/g, (m) => `]${spaces(m.slice(1))}`)
    .replace(/\[(?:\d+(?:\s*,\s*\d+)*|[a-z]|citation needed|note \d+)\]/gi, spaces)
    .replace(/https?:\/\/\S+/g, spaces);
}

function parts(text: string, values: readonly Value[]): { start: number; end: number }[] {
  const inside = (at: number): boolean => values.some((v) => at >= v.start && at < v.end);
  const breaks: { start: number; end: number }[] = [];
  for (const m of text.matchAll(PART_BREAK))
    if (!inside(m.index)) breaks.push({ start: m.index, end: m.index + m[0].length });
  // "520 reports of X and 480 reports of Y": an "and" between two figures of one unit joins two claims.
  for (const m of text.matchAll(PARALLEL)) {
    if (inside(m.index)) continue;
    const previous = Math.max(0, ...breaks.filter((b) => b.end <= m.index).map((b) => b.end));
    const next = Math.min(text.length, ...breaks.filter((b) => b.start >= m.index + m[0].length).map((b) => b.start));
    const before = new Set(values.filter((v) => v.start >= previous && v.end <= m.index).map((v) => v.unit));
    if (values.some((v) => v.start >= m.index + m[0].length && v.end <= next && before.has(v.unit)))
      breaks.push({ start: m.index, end: m.index + m[0].length });
  }
  breaks.sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (const b of breaks) {
    out.push({ start, end: b.start });
    start = b.end;
  }
  out.push({ start, end: text.length });
  return out;
}

function blank(text: string, ranges: readonly [number, number][]): string {
  let out = text;
  for (const [start, end] of ranges) out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}

/** One spelling for the inflections of a term (terms.ts sameTerm), so that subjects compare as sets. */
function canonicalTerms(): (term: string) => string {
  const known = new Map<string, string>();
  const spellings: string[] = [];
  return (term) => {
    let found = known.get(term);
    if (found === undefined) {
      found = spellings.find((s) => sameTerm(s, term)) ?? term;
      if (found === term) spellings.push(term);
      known.set(term, found);
    }
    return found;
  };
}

/** Each subject term's rarity among the claims' subjects: "heat pump" on every line of a heat pump topic decides little. */
function subjectWeights(claims: readonly Claim[]): (term: string) => number {
  // The figures of one part of a sentence share its subject: each part counts once.
  const subjects = new Set(claims.map((c) => c.subject));
  const df = new Map<string, number>();
  for (const subject of subjects) for (const t of subject) df.set(t, (df.get(t) ?? 0) + 1);
  return (term) => rarity(subjects.size, df.get(term) ?? 0);
}

function weightedJaccard(a: ReadonlySet<string>, b: ReadonlySet<string>, weight: (term: string) => number): number {
  let shared = 0;
  let total = 0;
  for (const t of a) {
    total += weight(t);
    if (b.has(t)) shared += weight(t);
  }
  for (const t of b) if (!a.has(t)) total += weight(t);
  return total === 0 ? 0 : shared / total;
}

/** How much of the question, or of one sub-question, the claims' sentences hold: 0 … 1. */
function relevance(claims: readonly Claim[], queries: readonly Set<string>[]): number {
  const said = new Set(claims.flatMap((c) => [...c.subject]));
  return Math.max(0, ...queries.map((q) => (q.size === 0 ? 0 : [...q].filter((t) => said.has(t)).length / q.size)));
}

/**
 * What is disagreed on, as the first claim's sentence says it: the run of its words around the
 * subject terms the other claims share, taken as it stands (original casing, the small words
 * between kept), never across a figure or a comma, colon or bracket — so no unit ("°C") or other
 * figure slips in — and at most MAX_TOPIC_WORDS words: the window holding the most shared terms,
 * the shortest of those.
 */
function topicOf(claims: readonly Claim[]): string {
  const [first, ...others] = claims;
  if (!first) return '';
  const shared = first.subjectWords.filter((w) => others.some((o) => o.subject.has(w.term)));
  const named = shared.length > 0 ? shared : first.subjectWords;
  let best: { start: number; end: number; terms: number } | undefined;
  for (const run of runs(named, first.read)) {
    for (let i = 0; i < run.length; i++) {
      for (let j = i; j < run.length; j++) {
        const span = { start: run[i]!.start, end: run[j]!.end };
        if (wordCount(first.read.slice(span.start, span.end)) > MAX_TOPIC_WORDS) break;
        const terms = new Set(run.slice(i, j + 1).map((w) => w.term)).size;
        // The most shared terms, then the fewest words; the first such span on a tie.
        if (!best || terms > best.terms || (terms === best.terms && span.end - span.start < best.end - best.start))
          best = { ...span, terms };
      }
    }
  }
  return best ? oneSpaced(first.read.slice(best.start, best.end)) : '';
}

/** The words in runs that nothing but spaces, hyphens and small words (no figure, no punctuation that ends a phrase) separate. */
function runs(subjectWords: readonly SubjectWord[], read: string): SubjectWord[][] {
  const out: SubjectWord[][] = [];
  let run: SubjectWord[] = [];
  for (const word of subjectWords) {
    const previous = run.at(-1);
    if (previous && /[\p{N},;:()[\]\u00B0%$€£¥]|[.!?]\s/u.test(read.slice(previous.end, word.start))) {
      out.push(run);
      run = [];
    }
    run.push(word);
  }
  if (run.length > 0) out.push(run);
  return out;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length;
}

function oneSpaced(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function asClaim(claim: Claim): DisagreementClaim {
  return { n: claim.n, quote: claim.quote, value: claim.value.written };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
