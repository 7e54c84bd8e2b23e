/**
 * Fetch with a question (`web_fetch` with `question`, REST POST /v1/fetch): instead of the page
 * from its start, the page's sentences (a long one cut at its clauses, passages.ts) and facts
 * laid out that best answer the question,
 * ranked as an answer's passages are (passages.ts, rank.ts), best first, sentences that follow
 * each other in the page joined, each with its range in the page's markdown.
 * Without `maxTokens`, only the passages that score near the best (and so add something to it),
 * within DEFAULT_QUESTION_TOKENS; with it, as many as fit, best first. The budget holds the
 * passages as the text formats show them, each under its range (fetched-text.ts). It wraps the
 * fetch service: a request without a question goes through as it came.
 */
import { LanternError } from '../../shared/errors';
import { DEFAULT_QUESTION_TOKENS, FetchRequestSchema, isFetchBatch, type FetchPage } from '../../shared/fetch-contract';
import { passagesText } from '../../shared/format/fetched-text';
import { oneLine } from '../../shared/format/one-line';
import type { FetchService } from '../fetch';
import { fairShares } from '../fetch/budget';
import { tokenCounter, type TokenCounter } from '../text/token-budget';
import { validationError } from '../common/validation';
import { pagePassages } from './passages';
import { expectsNumber, holdsNumber, holdsNumberOfKind } from './question-cues';
import { rankPassages } from './rank';
import { contentTerms } from './terms';

/** The whole page is ranked: the most a fetch returns of one page. */
const WHOLE_PAGE_CHARS = 1_000_000;
/** What joins two passages in `markdown`: a paragraph break with an ellipsis, the text between left out. */
const BETWEEN_PASSAGES = '\n\n…\n\n';
/**
 * Without maxTokens, a passage is given when it scores at least this share of the best one
 * (BM25+, rank.ts), within DEFAULT_QUESTION_TOKENS: one that shares less of the question adds
 * little to the best and costs as much. Chosen on the QA set's tuning half: the highest share
 * that finds the gold answer there as often as the budget alone did (67 of 68; 0.42 loses one).
 * A higher share is leaner and answers less: see docs/benchmarks.md, Tokens.
 */
const NEAR_BEST = 0.4;

interface Span {
  text: string;
  start: number;
  end: number;
}

export function answeringFetch(service: FetchService): FetchService {
  return {
    async fetch(input, options) {
      const parsed = FetchRequestSchema.safeParse(input);
      if (!parsed.success) throw validationError('fetch request', parsed.error, input);
      const { question, maxTokens, offset: _offset, maxChars: _maxChars, ...rest } = parsed.data;
      if (question === undefined) return service.fetch(input, options);
      // Without a budget of its own, the passages near the best, within the default.
      const nearBest = maxTokens === undefined;
      const budget = maxTokens ?? DEFAULT_QUESTION_TOKENS;
      const response = await service.fetch({ ...rest, maxChars: WHOLE_PAGE_CHARS }, options);
      const counter = await tokenCounter();
      if (!isFetchBatch(response)) return bestPassages(response, question, { budget, nearBest }, counter);
      const pages = response.results.map((item) => (item.ok ? item.page : undefined));
      const shares = fairShares(
        pages.map((page) => (page ? counter.count(page.markdown) : 0)),
        budget,
      );
      let totalChars = 0;
      const results = response.results.map((item, i) => {
        if (!item.ok) return item;
        const page = bestPassages(item.page, question, { budget: shares[i] ?? 0, nearBest }, counter);
        totalChars += page.markdown.length;
        return { ok: true as const, page };
      });
      return { ...response, results, totalChars };
    },
  };
}

interface Choice {
  /** Tokens the passages may take, as the text formats show them. */
  budget: number;
  /** Only the passages near the best (no maxTokens was given), rather than as many as fit. */
  nearBest: boolean;
}

/**
 * The page's best passages for the question within the budget, or the page whole when it costs
 * no more than they do (or, given a budget, fits in it): nothing is then left out.
 */
function bestPassages(page: FetchPage, question: string, choice: Choice, counter: TokenCounter): FetchPage {
  if (page.truncated) {
    throw new LanternError(
      'TOO_LARGE',
      `${page.url} is longer than ${WHOLE_PAGE_CHARS} characters: read it without a question, with offset.`,
    );
  }
  const whole = { ...page, truncated: false, passages: [{ text: page.markdown, start: 0, end: page.markdown.length }] };
  const pageTokens = counter.count(page.markdown);
  if (!choice.nearBest && pageTokens <= choice.budget) return whole;
  const chosen = choosePassages(page, question, choice, counter);
  if (pageTokens <= counter.count(passagesText(chosen))) return whole;
  const markdown = chosen.map((passage) => passage.text).join(BETWEEN_PASSAGES);
  return { ...page, markdown, truncated: markdown.length < page.totalChars, passages: chosen };
}

/**
 * Passages taken best first while they fit (a long one that does not is skipped for the next that
 * does; one inside a passage taken, or saying what one taken says, is skipped), only those near
 * the best when `choice.nearBest` and then, for a question that asks for a number (of the kind it
 * asks: composer.ts wants one of its lead) that none of them holds, the best passage that holds
 * one. Passages that touch in the page are one passage, under one range.
 */
function choosePassages(page: FetchPage, question: string, choice: Choice, counter: TokenCounter): Span[] {
  // Sentence by sentence: a passage of an answer's size (passages.ts) brings the sentences around the one that answers.
  const passages = pagePassages({ n: 1, url: page.url, title: page.title, markdown: page.markdown }, 0, {
    sentenceEach: true,
  });
  const ranked = rankPassages(question, passages);
  const top = ranked[0]?.score ?? 0;
  const taken = new PassageSet(page.markdown, choice.budget, counter);
  for (const { passage, score } of ranked) {
    if (choice.nearBest && taken.size > 0 && score < NEAR_BEST * top) break;
    taken.add(passage);
  }
  if (choice.nearBest && top > 0 && expectsNumber(question)) {
    const terms = [...new Set(contentTerms(question))];
    const holdsAnswer = (text: string): boolean => holdsNumber(text, terms) && holdsNumberOfKind(text, question);
    if (!taken.spans().some((span) => holdsAnswer(span.text))) {
      const best = ranked.find(
        ({ passage, score }) => score > 0 && holdsAnswer(passage.text) && !taken.overlaps(passage),
      );
      if (best) taken.add(best.passage);
    }
  }
  return taken.fitted();
}

/**
 * Passages taken, best first, within a budget of tokens as passagesText shows them: a passage that
 * touches others taken (nothing but white space between) is one with them, where the first of
 * them stands. One whose words a passage taken already holds is not taken again; one that holds
 * the words of a passage taken, and more, takes its place.
 */
class PassageSet {
  private readonly taken: Span[] = [];
  private readonly costs: number[] = [];

  constructor(
    private readonly markdown: string,
    private readonly budget: number,
    private readonly counter: TokenCounter,
  ) {}

  get size(): number {
    return this.taken.length;
  }

  spans(): readonly Span[] {
    return this.taken;
  }

  overlaps(passage: Span): boolean {
    return this.taken.some((span) => passage.start < span.end && span.start < passage.end);
  }

  /** Takes the passage if it is new and fits; whether it did. */
  add(passage: Span): boolean {
    // A fact laid out (a table row, a label and its value) may lie inside a passage already taken,
    // and a page may say again what one taken says (a product's card shown twice): words compared
    // in order, spaced as they may be.
    const words = oneLine(passage.text);
    const takenWords = this.taken.map((span) => oneLine(span.text));
    if (this.overlaps(passage) || takenWords.some((taken) => taken.includes(words))) return false;
    const touching = this.taken.flatMap((span, i) => (this.touches(span, passage) ? [i] : []));
    // One taken that this one says again, and more (a product's name, then its card), gives way to it.
    const held = takenWords.flatMap((taken, i) => (!touching.includes(i) && words.includes(taken) ? [i] : []));
    const start = Math.min(passage.start, ...touching.map((i) => this.taken[i]!.start));
    const end = Math.max(passage.end, ...touching.map((i) => this.taken[i]!.end));
    const joined = { text: this.markdown.slice(start, end), start, end };
    const replaced = [...touching, ...held].sort((a, b) => a - b);
    const at = replaced[0] ?? this.taken.length;
    const cost = this.cost(joined, at);
    const freed = replaced.reduce((sum, i) => sum + this.costs[i]!, 0);
    if (this.total() - freed + cost > this.budget) return false;
    for (const i of [...replaced].reverse()) {
      this.taken.splice(i, 1);
      this.costs.splice(i, 1);
    }
    this.taken.splice(at, 0, joined);
    this.costs.splice(at, 0, cost);
    return true;
  }

  /** The passages taken, the last left out while, shown together, they take more than the budget (counted apart, a token more or less). */
  fitted(): Span[] {
    const spans = [...this.taken];
    while (spans.length > 0 && this.counter.count(passagesText(spans)) > this.budget) spans.pop();
    return spans;
  }

  /** Whether only white space lies between the two (read up to the first thing that is not: a page's gaps can be long). */
  private touches(span: Span, passage: Span): boolean {
    const [from, to] = span.end <= passage.start ? [span.end, passage.start] : [passage.end, span.start];
    for (let i = from; i < to; i++) if (!/\s/.test(this.markdown[i]!)) return false;
    return true;
  }

  /** A passage's tokens under its range, and the paragraph break before it unless it comes first. */
  private cost(span: Span, at: number): number {
    return this.counter.count(passagesText([span])) + (at > 0 ? this.counter.count('\n\n') : 0);
  }

  private total(): number {
    return this.costs.reduce((sum, cost) => sum + cost, 0);
  }
}
