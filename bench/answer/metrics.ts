/**
 * The answer benchmark's figures, as pure functions over what the harness collected: no I/O, so
 * each can be tested on hand-made answers (tests/unit/answer-metrics.test.ts).
 */

/**
 * Text as compared: Unicode NFKC (full-width forms, ligatures, no-break spaces become their plain
 * forms), lower case, typographic quotes and dashes as their ASCII forms (pages and answers mix
 * "’" and "'"), runs of whitespace as one space.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u00B4`]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Markdown emphasis and `[n]` citation markers can sit inside a sentence the gold is part of. */
function answerPlainText(answer: string): string {
  return answer.replace(/\[\d+\]/g, ' ').replace(/\*+/g, '');
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Whether `text` holds `needle` (both normalised) as a whole: the characters just before and after
 * it are not letters or digits, so gold "55" is not found in "155" or "2055", nor "Paul" in "Pauline".
 */
export function containsWhole(text: string, needle: string): boolean {
  const haystack = normalizeText(text);
  const target = normalizeText(needle);
  if (target.length === 0) return false;
  for (let at = haystack.indexOf(target); at !== -1; at = haystack.indexOf(target, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + target.length];
    const startsWord = WORD_CHAR.test(target[0] as string);
    const endsWord = WORD_CHAR.test(target[target.length - 1] as string);
    // A boundary matters only where the gold itself starts or ends with a letter or digit.
    const cleanStart = !startsWord || before === undefined || !WORD_CHAR.test(before);
    const cleanEnd = !endsWord || after === undefined || !WORD_CHAR.test(after);
    if (cleanStart && cleanEnd) return true;
  }
  return false;
}

/** Contains-gold: the answer's text (citation markers and emphasis left out) holds the gold string. */
export function answerContainsGold(answer: string, gold: string): boolean {
  return containsWhole(answerPlainText(answer), gold);
}

/** Verbatim quote: the citation's quote is a substring of the cited page's Markdown, both normalised. */
export function quoteIsVerbatim(quote: string, pageMarkdown: string): boolean {
  const target = normalizeText(quote);
  return target.length > 0 && normalizeText(pageMarkdown).includes(target);
}

/** The parts of an AnswerResponse (src/shared/answer-contract.ts) the figures read. */
export interface AnswerCitation {
  n: number;
  supported?: boolean;
  quote: string;
  range?: [number, number];
}

export interface AnswerSentenceLike {
  text: string;
  citations: AnswerCitation[];
}

export interface AnswerSourceLike {
  n: number;
  url: string;
}

export interface AnswerLike {
  answer: string;
  answered: boolean;
  sentences: AnswerSentenceLike[];
  sources: AnswerSourceLike[];
}

/** Which page a source number stands for; undefined when the answer has no such source. */
export function citedUrl(answer: AnswerLike, n: number): string | undefined {
  return answer.sources.find((source) => source.n === n)?.url;
}

/**
 * Whether the answer credits the gold page for the gold: a citation of a sentence that holds the
 * gold string points at `isGoldPage`. When no single sentence holds the whole gold (it spans two),
 * any citation of the answer counts.
 */
export function citesGoldPage(answer: AnswerLike, gold: string, isGoldPage: (url: string) => boolean): boolean {
  const holding = answer.sentences.filter((sentence) => answerContainsGold(sentence.text, gold));
  const sentences = holding.length > 0 ? holding : answer.sentences;
  return sentences.some((sentence) =>
    sentence.citations.some((citation) => {
      const url = citedUrl(answer, citation.n);
      return url !== undefined && isGoldPage(url);
    }),
  );
}

/** One question's outcome, as the harness records it. */
export interface QuestionOutcome {
  id: string;
  /** null for a question its pages do not answer. */
  gold: string | null;
  /** Absent when the call failed. */
  answer?: AnswerLike;
  /** Per citation: its quote found verbatim in the cited page's Markdown. */
  quoteChecks: boolean[];
  /** Whether a sentence holding the gold cites the gold page (answerable, gold found). */
  citesGoldPage: boolean;
  firstSourcesMs?: number;
  doneMs?: number;
  /**
   * A two-turn follow-up: the fields above are of the question asked in its thread; this is the
   * same question asked alone with its subject spelled out (absent when that call failed).
   */
  followUp?: { spelledOutAnswer?: AnswerLike };
}

/** A share with the counts behind it (share is null when nothing was counted). */
export interface Share {
  count: number;
  of: number;
  share: number | null;
}

export function share(count: number, of: number): Share {
  return { count, of, share: of === 0 ? null : count / of };
}

export interface AnswerFigures {
  /** Answerable questions whose answer contains the gold string (a failed call counts as a miss). */
  containsGold: Share;
  /** Citations (over all answers) whose quote is found verbatim in the cited page. */
  verbatimQuotes: Share;
  /** Among answers containing the gold, those that cite the gold page for it. */
  goldPage: Share;
  /** Unanswerable questions answered with "not in the sources" (answered === false). */
  notInSources: Share;
  /** Answerable questions wrongly answered with "not in the sources". */
  falseRefusals: Share;
  /** Answerable questions answered (answered true) without the gold: a definite answer that is wrong. */
  wrongAnswers: Share;
  /** Questions whose call failed (no response). */
  failures: number;
}

/** An answer that answers (a refusal is no answer, even when its list of what the pages cover holds the gold) with the gold. */
function givesGold(answer: AnswerLike | undefined, gold: string): boolean {
  return answer !== undefined && answer.answered && answerContainsGold(answer.answer, gold);
}

export function answerFigures(outcomes: QuestionOutcome[]): AnswerFigures {
  const answerable = outcomes.filter((o) => o.gold !== null);
  const unanswerable = outcomes.filter((o) => o.gold === null);
  const withGold = answerable.filter((o) => givesGold(o.answer, o.gold as string));
  const quoteChecks = outcomes.flatMap((o) => o.quoteChecks);
  return {
    containsGold: share(withGold.length, answerable.length),
    verbatimQuotes: share(quoteChecks.filter(Boolean).length, quoteChecks.length),
    goldPage: share(withGold.filter((o) => o.citesGoldPage).length, withGold.length),
    notInSources: share(unanswerable.filter((o) => o.answer?.answered === false).length, unanswerable.length),
    falseRefusals: share(answerable.filter((o) => o.answer?.answered === false).length, answerable.length),
    wrongAnswers: share(
      answerable.filter((o) => o.answer?.answered === true && !givesGold(o.answer, o.gold as string)).length,
      answerable.length,
    ),
    failures: outcomes.filter((o) => o.answer === undefined).length,
  };
}

export interface FollowUpFigures {
  /** Answerable follow-ups whose answer in their thread contains the gold. */
  inThread: Share;
  /** The same questions asked alone with their subject spelled out. */
  spelledOut: Share;
  /** inThread / spelledOut (null when the spelled-out rate is empty or zero). */
  ratio: number | null;
}

/** How well a question leaning on its thread is answered, against the same question standing alone. */
export function followUpFigures(outcomes: QuestionOutcome[]): FollowUpFigures {
  const followUps = outcomes.filter((o) => o.followUp !== undefined && o.gold !== null);
  const inThread = share(followUps.filter((o) => givesGold(o.answer, o.gold as string)).length, followUps.length);
  const spelledOut = share(
    followUps.filter((o) => givesGold(o.followUp?.spelledOutAnswer, o.gold as string)).length,
    followUps.length,
  );
  return {
    inThread,
    spelledOut,
    ratio: inThread.share === null || !spelledOut.share ? null : inThread.share / spelledOut.share,
  };
}

/** The gold rate of answerable questions per group (a language, a page type). */
export function goldRateBy(
  outcomes: QuestionOutcome[],
  groupOf: (outcome: QuestionOutcome) => string,
): Record<string, Share> {
  const groups = new Map<string, QuestionOutcome[]>();
  for (const outcome of outcomes) {
    if (outcome.gold === null) continue;
    const group = groupOf(outcome);
    groups.set(group, [...(groups.get(group) ?? []), outcome]);
  }
  return Object.fromEntries(
    [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, list]) => [
        group,
        share(list.filter((o) => givesGold(o.answer, o.gold as string)).length, list.length),
      ]),
  );
}

/** Nearest-rank percentile (p in 0–100); NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export interface TimingFigures {
  /** Questions timed (the first, which warms the process, and follow-ups are left out). */
  questions: number;
  firstSourcesMedianMs: number;
  firstSourcesP95Ms: number;
  doneMedianMs: number;
  doneP95Ms: number;
}

/**
 * Warm timings of the questions asked alone, those `counted` keeps: the first outcome warms the
 * process and is not counted, nor is a follow-up, whose pages its thread's first turn already read.
 */
export function warmTimings(
  outcomes: QuestionOutcome[],
  counted: (outcome: QuestionOutcome) => boolean = () => true,
): TimingFigures {
  const warm = outcomes.slice(1).filter((o) => o.followUp === undefined && counted(o));
  const sources = warm.flatMap((o) => (o.firstSourcesMs === undefined ? [] : [o.firstSourcesMs]));
  const done = warm.flatMap((o) => (o.doneMs === undefined ? [] : [o.doneMs]));
  return {
    questions: warm.length,
    firstSourcesMedianMs: percentile(sources, 50),
    firstSourcesP95Ms: percentile(sources, 95),
    doneMedianMs: percentile(done, 50),
    doneP95Ms: percentile(done, 95),
  };
}

/** Deterministic PRNG (mulberry32) seeded from a string: the same pages in the same order each run. */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (const char of seed) state = Math.imul(state ^ (char.codePointAt(0) as number), 0x01000193) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with a seeded PRNG; returns a new array. */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
