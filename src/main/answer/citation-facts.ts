/**
 * The hard facts of a cited claim, and whether a span of the cited page states them: its figures
 * (numbers with their units, converted within a kind: 12 h = 720 min; sums with their currency
 * and rate; bounds "up to", "at least"), its dates and other numbers, its names, its negation and
 * the direction of its comparisons. A fact is matched, missing, or contradicted ("the passage
 * says 12 hours, not 12 days"); a claim with one fact missing or contradicted is never supported,
 * however many of its words the span holds. The per-language rules live in the lexicons of
 * src/main/text (numbers as words, negations, directions, names, languages).
 */
import { readValues, type Interval, type Value } from '../deep-research/values';
import { hasNumberWord, withNumberWordsAsDigits } from '../text/number-lexicon';
import { isNegation } from '../text/negation-lexicon';
import { directionOf, type Direction } from '../text/direction-lexicon';
import { demonymStem, isDemonym, isGermanName, isMonth } from '../text/name-lexicon';
import { guessLanguage, isFunctionWord } from '../text/language-lexicon';
import { contentTerm, sameTerm, words, wordSpans } from './terms';

/** A number as written, folded: thousands separators and a trailing separator dropped. */
const NUMBER = /\d+(?:[.,]\d+)*/g;

function foldNumber(number: string): string {
  return number.replace(/,(?=\d{3}(?:\D|$))/g, '').replace(/[.,]$/, '');
}

/** A word folded for finding a name: lower case, a possessive's "'s" and apostrophes gone. */
export function foldName(word: string): string {
  // NFKC leaves ASCII as it is: only other words pay for it.
  return (/[^ -~]/.test(word) ? word.normalize('NFKC') : word)
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
}

interface Name {
  written: string;
  folded: string;
  /** All capitals: may be spelt out in the passage ("IARC", "International Agency for Research on Cancer"). */
  acronym: boolean;
}

export interface ClaimFacts {
  /** Numbers as written (folded) with where each is in the claim. */
  numbers: { folded: string; index: number }[];
  values: Value[];
  names: Name[];
  /** The claim's first denying word, when it denies, with the terms near it. */
  negation: { word: string; scope: string[] } | undefined;
  directions: Map<string, Map<Direction, Said>>;
}

/** A word that says which way, with the content terms near it (what goes that way). */
interface Said {
  word: string;
  direction: Direction;
  scope: string[];
}

/**
 * What a span offers to check facts against. Its numbers and words are read at once (every span
 * is ranked by them); the rest on first use, since few spans are judged in full.
 */
export class FactText {
  readonly text: string;
  private readonly wordList: string[];
  readonly numbers: Set<string>;
  /** Folded words, for names. */
  readonly words: Set<string>;
  private cache: {
    initials?: string[];
    negationScopes?: string[][];
    directions?: Map<string, Said[]>;
    values?: Value[];
  } = {};

  constructor(raw: string, wordList: readonly string[] = words(raw)) {
    // Numbers written as words: the text is read again only where there are any.
    const spelled = hasNumberWord(wordList);
    const text = spelled ? withNumberWordsAsDigits(raw) : raw;
    this.text = text;
    this.wordList = spelled ? words(text) : [...wordList];
    this.numbers = new Set([...text.matchAll(NUMBER)].map((m) => foldNumber(m[0])));
    this.words = new Set(this.wordList.map(foldName));
  }

  /** The initials of each run of capitalised words, and of all its words in order, for acronyms spelt out. */
  get initials(): string[] {
    this.cache.initials ??= initialsOf(this.wordList);
    return this.cache.initials;
  }

  /** The content terms within a few words of each denying word: what it denies. */
  get negationScopes(): string[][] {
    this.cache.negationScopes ??= negationScopes(this.wordList);
    return this.cache.negationScopes;
  }

  /** For each scale, the words of the span that go one way or the other. */
  get directions(): Map<string, Said[]> {
    this.cache.directions ??= saidDirections(this.wordList);
    return this.cache.directions;
  }

  get values(): Value[] {
    this.cache.values ??= readValues(this.text);
    return this.cache.values;
  }
}

/** Small words skipped when a name is spelt out as an acronym ("Agency for Research on Cancer"). */
const ACRONYM_GAPS = new Set('of for on and the de la le du des der die das und für di del della do da'.split(' '));

/** French and Italian articles and particles elided before a word. */
const ELISION = /^(?:l|d|qu|j|n|s|c|m|t|dell|all|nell|sull)['’](?=\p{L})/iu;
const POSSESSIVE = /\p{L}['’]s$/u;

function capitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

function initialsOf(wordList: readonly string[]): string[] {
  const initials: string[] = [];
  let run = '';
  for (const word of wordList) {
    if (capitalised(word)) run += word[0];
    else if (!(run !== '' && ACRONYM_GAPS.has(word.toLowerCase()))) {
      if (run.length >= 2) initials.push(run);
      run = '';
    }
  }
  if (run.length >= 2) initials.push(run);
  // "object-oriented programming" spells "OOP" too; only acronyms of three letters or more are looked for there.
  initials.push(`*${wordList.map((w) => w[0] ?? '').join('')}`);
  return initials;
}

function saidDirections(words: readonly string[]): Map<string, Said[]> {
  const out = new Map<string, Said[]>();
  words.forEach((word, i) => {
    const entry = directionOf(word);
    if (!entry) return;
    const said = { word, direction: entry.direction, scope: scopeAt(words, i) };
    out.set(entry.scale, [...(out.get(entry.scale) ?? []), said]);
  });
  return out;
}

/** The content terms within a few words of words[i]. */
function scopeAt(words: readonly string[], i: number): string[] {
  return words
    .slice(Math.max(0, i - NEGATION_REACH), i + NEGATION_REACH + 1)
    .filter((w, k) => k !== Math.min(i, NEGATION_REACH) && !isNegation(w))
    .map(contentTerm)
    .filter((t): t is string => t !== undefined);
}

/** How many words either side of a denying word it may deny ("ne l'a jamais classé", "does not wick"). */
const NEGATION_REACH = 4;

function negationScopes(words: readonly string[]): string[][] {
  const scopes: string[][] = [];
  words.forEach((word, i) => {
    if (isNegation(word)) scopes.push(scopeAt(words, i));
  });
  return scopes;
}

/** Whether one of the span's denials is about what the claim's denial is about (a term near both). */
function sameDenial(claim: readonly string[], span: FactText): boolean {
  return span.negationScopes.some((scope) => scope.some((term) => claim.some((c) => sameTerm(c, term))));
}

/**
 * The claim's names: capitalised words after its first (in German only those after a
 * preposition or another name, since every noun is capitalised there), acronyms anywhere,
 * months, and peoples' adjectives in any case.
 */
function namesOf(claim: string): Name[] {
  // An elided article is no part of the name: "L’Efsa", "d'Orsay".
  const spans = wordSpans(claim).map(({ word, index }) => {
    const elided = ELISION.exec(word)?.[0].length ?? 0;
    return { word: word.slice(elided), index: index + elided, elided: elided > 0 };
  });
  const words = spans.map((s) => s.word);
  const german = guessLanguage(words) === 'de';
  const names: Name[] = [];
  words.forEach((word, i) => {
    const acronym = /^\p{Lu}{2,}$/u.test(word);
    // An acronym is a name even where its letters spell a small word of some language ("ESA", Spanish "that").
    if (/^\d/.test(word) || (!acronym && (contentTerm(word) === undefined || isFunctionWord(word) || isNegation(word))))
      return;
    const previous = spans[i - 1];
    let name = acronym || isMonth(word) || isDemonym(word);
    const next = spans[i + 1];
    // The first word is capitalised anyway: a name when it is a possessive ("Suter’s goals") or
    // goes on in another capitalised word ("Troy Harris said"), or after an elided article.
    if (!name && i === 0 && capitalised(word)) {
      const run =
        next !== undefined &&
        capitalised(next.word) &&
        /^\s+$/u.test(claim.slice(spans[0]!.index + word.length, next.index));
      name = spans[0]!.elided || POSSESSIVE.test(word) || (run && !german);
    }
    if (!name && i > 0 && capitalised(word)) {
      // A name of several words is written with nothing but a space between them ("Karola Wille").
      const inRun =
        i > 1 &&
        previous !== undefined &&
        capitalised(previous.word) &&
        contentTerm(previous.word) !== undefined &&
        /^\s+$/u.test(claim.slice(previous.index + previous.word.length, spans[i]!.index));
      name = !german || isGermanName(previous?.word, inRun);
    }
    if (name) names.push({ written: word, folded: foldName(word), acronym });
  });
  return names.filter((n, i) => names.findIndex((m) => m.folded === n.folded) === i);
}

function claimDirections(words: readonly string[], inFigure: readonly boolean[]): Map<string, Map<Direction, Said>> {
  const out = new Map<string, Map<Direction, Said>>();
  words.forEach((word, i) => {
    const entry = directionOf(word);
    if (!entry || inFigure[i]) return;
    const scale = out.get(entry.scale) ?? new Map<Direction, Said>();
    if (!scale.has(entry.direction))
      scale.set(entry.direction, { word, direction: entry.direction, scope: scopeAt(words, i) });
    out.set(entry.scale, scale);
  });
  return out;
}

export function claimFacts(claim: string): ClaimFacts {
  const text = withNumberWordsAsDigits(claim);
  const spans = wordSpans(text);
  const words = spans.map((s) => s.word);
  const numbers = [...text.matchAll(NUMBER)].map((m) => ({ folded: foldNumber(m[0]), index: m.index }));
  const values = readValues(text);
  return {
    numbers: numbers.filter((n, i) => numbers.findIndex((m) => m.folded === n.folded) === i),
    values,
    names: namesOf(text),
    negation: ((word, scope) => (word === undefined ? undefined : { word, scope: scope ?? [] }))(
      words.find(isNegation),
      negationScopes(words)[0],
    ),
    // "less than 72 hours", "mehr als 30": a bound belongs to its figure, read there.
    directions: claimDirections(
      words,
      spans.map(({ index }) => values.some((v) => index >= v.start && index < v.end)),
    ),
  };
}

/** Whether a name of the claim is among a span's words: inflected ("Angusowi"), possessive, or an acronym spelt out. */
function nameIn(name: Name, words: Set<string>, initials: readonly string[]): boolean {
  if (words.has(name.folded)) return true;
  if (
    name.acronym &&
    initials.some(
      (run) => (run.startsWith('*') ? name.folded.length >= 3 : true) && run.toLowerCase().includes(name.folded),
    )
  )
    return true;
  const demonym = demonymStem(name.folded);
  if (demonym !== undefined) return [...words].some((word) => demonymStem(word) === demonym);
  for (const word of words) {
    const [short, long] = word.length < name.folded.length ? [word, name.folded] : [name.folded, word];
    // An ending added to a name ("Merkels", "Angusowi", "Pariisissa") keeps it whole.
    if (short.length >= 4 && long.startsWith(short) && long.length - short.length <= 4) return true;
    if (short.length === 3 && long.startsWith(short) && long.length - short.length <= 2) return true;
    if (long === `${short}s` || long === `${short}es`) return true;
    if (sameTerm(name.folded, word)) return true;
  }
  return false;
}

/** Equal, or as near as a conversion between units leaves two figures; an open end only meets itself. */
const close = (a: number, b: number): boolean =>
  a === b || (Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= 1e-6 * Math.max(Math.abs(a), Math.abs(b)));

type Meeting = 'same' | 'opposite' | 'differ';

/** How two readings meet: the same figure (a point meets a bound at it), opposite bounds at one figure, or apart. */
function meet(a: Interval, b: Interval): Meeting {
  if (close(a.low, b.low) && close(a.high, b.high)) return 'same';
  const point = (i: Interval): number | undefined => (close(i.low, i.high) ? i.low : undefined);
  const bound = (i: Interval): number | undefined =>
    i.low === -Infinity ? i.high : i.high === Infinity ? i.low : undefined;
  const [pa, pb, ba, bb] = [point(a), point(b), bound(a), bound(b)];
  if (
    (pa !== undefined && bb !== undefined && close(pa, bb)) ||
    (pb !== undefined && ba !== undefined && close(pb, ba))
  )
    return 'same';
  if (ba !== undefined && bb !== undefined && close(ba, bb)) return 'opposite';
  return 'differ';
}

/** Units that may be compared: the same, or counts of the same thing (or of nothing named). */
function sameUnit(a: string, b: string): boolean {
  if (a === b) return true;
  const count = /^count(?::(.*))?$/;
  const [ca, cb] = [count.exec(a), count.exec(b)];
  if (ca && cb) return ca[1] === undefined || cb[1] === undefined || sameTerm(ca[1], cb[1]);
  return false;
}

function meets(claim: Value, span: Value): Meeting {
  // "112,000" may be read as 112 (a German 112.000 written the English way, or the other way
  // round): an ambiguous figure meets another only through its digits as written.
  const ambiguous = claim.readings.length > 1 || span.readings.length > 1;
  if (ambiguous && digitsOf(claim.written) !== digitsOf(span.written)) return 'differ';
  let best: Meeting = 'differ';
  for (const a of claim.readings) {
    for (const b of span.readings) {
      const m = meet(a, b);
      if (m === 'same') return 'same';
      if (m === 'opposite') best = 'opposite';
    }
  }
  return best;
}

/** The digits of a figure as written, for telling a changed unit from a changed number. */
function digitsOf(written: string): string {
  return [...written.matchAll(NUMBER)].map((m) => foldNumber(m[0])).join(' ');
}

export interface FactJudgment {
  matched: string[];
  missing: string[];
  /** Each as "the passage says X, not Y". */
  contradicted: string[];
}

/** How a figure of the claim stands in the span: matched, what the span says instead, or missing. */
function judgeValue(
  value: Value,
  spans: readonly FactText[],
): { state: 'matched' | 'missing' } | { state: 'contradicted'; says: string } {
  const all = spans.flatMap((span) => span.values);
  const comparable = all.filter((v) => sameUnit(value.unit, v.unit));
  if (comparable.some((v) => meets(value, v) === 'same')) return { state: 'matched' };
  // A bound the other way round ("at most 90" for "at least 90"), the same number of another unit
  // ("72 days" for "72 hours"), or another figure of the same unit.
  const digits = digitsOf(value.written);
  const sameDigits = all.filter((v) => digitsOf(v.written) === digits);
  const opposite = comparable.find((v) => meets(value, v) === 'opposite');
  if (opposite) return { state: 'contradicted', says: opposite.written };
  // The same number in another unit ("72 days" for "72 hours", "90 million" for "90 %"); a
  // count or measure named otherwise ("12,500 staff", "12,500 employees") or given per day
  // in other words ("60 minutes daily") is left to the content match.
  const otherUnit = sameDigits.find((v) =>
    physical(v.unit) || physical(value.unit)
      ? baseOf(v.unit) !== baseOf(value.unit) || v.unit === value.unit
      : // "500 Millionen" for "500 Milliarden": one count, another multiplier.
        v.unit === value.unit,
  );
  if (otherUnit) return { state: 'contradicted', says: otherUnit.written };
  if (sameDigits.length > 0) return { state: 'matched' };
  // A range whose ends the span gives apart ("tra il 1981 ed il 2010").
  const ends = digits.split(' ');
  if (ends.length === 2 && ends.every((end) => spans.some((s) => s.numbers.has(end)))) return { state: 'matched' };
  const other = comparable.find((v) => v.unit !== 'year' || value.unit === 'year');
  if (other) return { state: 'contradicted', says: other.written };
  return { state: 'missing' };
}

/** A unit of measure, a currency or a share, not a count or a measure named by a word. */
function physical(unit: string): boolean {
  return !/^(?:count|measure)(?::|$)/.test(unit);
}

/** The unit without the time it is given per. */
function baseOf(unit: string): string {
  return unit.replace(/\/.*$/, '');
}

/**
 * The claim's hard facts against a span (one to a few sentences of one passage); `context` (the
 * page's title, the passage's headings) may hold the names a page states once.
 */
export function judgeFacts(facts: ClaimFacts, spans: readonly FactText[], context: FactText | undefined): FactJudgment {
  const out: FactJudgment = { matched: [], missing: [], contradicted: [] };
  const covered: [number, number][] = [];
  for (const value of facts.values) {
    const judged = judgeValue(value, spans);
    if (judged.state === 'matched') {
      out.matched.push(value.written);
      covered.push([value.start, value.end]);
    } else if (judged.state === 'contradicted') {
      out.contradicted.push(`the passage says ${judged.says}, not ${value.written}`);
      covered.push([value.start, value.end]);
    } else {
      out.missing.push(value.written);
      covered.push([value.start, value.end]);
    }
  }
  for (const number of facts.numbers) {
    if (covered.some(([start, end]) => number.index >= start && number.index < end)) continue;
    if (spans.some((s) => s.numbers.has(number.folded))) out.matched.push(number.folded);
    else out.missing.push(number.folded);
  }
  const spanWords = new Set(spans.flatMap((s) => [...s.words]));
  const initials = spans.flatMap((s) => s.initials);
  for (const name of facts.names) {
    const found =
      nameIn(name, spanWords, initials) || (context !== undefined && nameIn(name, context.words, context.initials));
    (found ? out.matched : out.missing).push(name.written);
  }
  const { negation } = facts;
  if (negation !== undefined) {
    if (spans.some((s) => sameDenial(negation.scope, s))) out.matched.push(negation.word);
    else out.contradicted.push(`the passage does not say "${negation.word}"`);
  }
  for (const [scale, directions] of facts.directions) {
    const said = spans.flatMap((span) => span.directions.get(scale) ?? []);
    for (const [direction, { word, scope }] of directions) {
      const opposite = said.find((other) => other.direction !== direction);
      if (said.some((other) => other.direction === direction)) out.matched.push(word);
      // The other way about the same thing ("weakens the heart" for "strengthens the heart").
      else if (opposite && opposite.scope.some((term) => scope.some((c) => sameTerm(c, term))))
        out.contradicted.push(`the passage says "${opposite.word}", not "${word}"`);
      else out.missing.push(word);
    }
  }
  return out;
}

/** Which of the claim's numbers, then names, a span holds as written: cheap enough to rank every span by. */
export function quickFactHits(facts: ClaimFacts, span: FactText): boolean[] {
  return [
    ...facts.numbers.map((number) => span.numbers.has(number.folded)),
    ...facts.names.map((name) => span.words.has(name.folded)),
  ];
}
