/**
 * Fetch with a question (`web_fetch` with `question`, REST POST /v1/fetch): instead of the page
 * from its start, the page's passages that best answer the question, cut and ranked as an
 * answer's are (passages.ts, rank.ts), best first, each with its range in the page's markdown,
 * as many as fit in `maxTokens` as the text formats show them, each under its range
 * (fetched-text.ts). It wraps the fetch service: a request without a question goes through as it
 * came.
 */
import { LanternError } from '../../shared/errors';
import { DEFAULT_QUESTION_TOKENS, FetchRequestSchema, isFetchBatch, type FetchPage } from '../../shared/fetch-contract';
import { passagesText } from '../../shared/format/fetched-text';
import type { FetchService } from '../fetch';
import { fairShares } from '../fetch/budget';
import { tokenCounter, type TokenCounter } from '../text/token-budget';
import { validationError } from '../common/validation';
import { pagePassages } from './passages';
import { rankPassages } from './rank';

/** The whole page is ranked: the most a fetch returns of one page. */
const WHOLE_PAGE_CHARS = 1_000_000;
/** What joins two passages in `markdown`: a paragraph break with an ellipsis, the text between left out. */
const BETWEEN_PASSAGES = '\n\n…\n\n';

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
      const budget = maxTokens ?? DEFAULT_QUESTION_TOKENS;
      const response = await service.fetch({ ...rest, maxChars: WHOLE_PAGE_CHARS }, options);
      const counter = await tokenCounter();
      if (!isFetchBatch(response)) return bestPassages(response, question, budget, counter);
      const pages = response.results.map((item) => (item.ok ? item.page : undefined));
      const shares = fairShares(
        pages.map((page) => (page ? counter.count(page.markdown) : 0)),
        budget,
      );
      let totalChars = 0;
      const results = response.results.map((item, i) => {
        if (!item.ok) return item;
        const page = bestPassages(item.page, question, shares[i] ?? 0, counter);
        totalChars += page.markdown.length;
        return { ok: true as const, page };
      });
      return { ...response, results, totalChars };
    },
  };
}

/**
 * The page's best passages for the question within `maxTokens`, or the page whole when it fits:
 * nothing is then left out.
 */
function bestPassages(page: FetchPage, question: string, maxTokens: number, counter: TokenCounter): FetchPage {
  if (page.truncated) {
    throw new LanternError(
      'TOO_LARGE',
      `${page.url} is longer than ${WHOLE_PAGE_CHARS} characters: read it without a question, with offset.`,
    );
  }
  const whole = { ...page, truncated: false, passages: [{ text: page.markdown, start: 0, end: page.markdown.length }] };
  const pageTokens = counter.count(page.markdown);
  if (pageTokens <= maxTokens) return whole;
  const chosen = choosePassages(page, question, maxTokens, counter);
  const markdown = chosen.map((passage) => passage.text).join(BETWEEN_PASSAGES);
  return { ...page, markdown, truncated: markdown.length < page.totalChars, passages: chosen };
}

/**
 * Passages taken best first while they fit (a long one that does not is skipped for the next that
 * does; one inside a passage taken, or saying what one taken says, is skipped). Passages that
 * touch in the page are one passage, under one range.
 */
function choosePassages(page: FetchPage, question: string, maxTokens: number, counter: TokenCounter): Span[] {
  const passages = pagePassages({ n: 1, url: page.url, title: page.title, markdown: page.markdown }, 0);
  const taken = new PassageSet(page.markdown, maxTokens, counter);
  for (const { passage } of rankPassages(question, passages)) taken.add(passage);
  return taken.fitted();
}

/**
 * Passages taken, best first, within a budget of tokens as passagesText shows them: a passage that
 * touches others taken (nothing but white space between) is one with them, where the first of
 * them stands.
 */
class PassageSet {
  private readonly taken: Span[] = [];
  private readonly texts = new Set<string>();
  private readonly costs: number[] = [];

  constructor(
    private readonly markdown: string,
    private readonly budget: number,
    private readonly counter: TokenCounter,
  ) {}

  private overlaps(passage: Span): boolean {
    return this.taken.some((span) => passage.start < span.end && span.start < passage.end);
  }

  /** Takes the passage if it is new and fits; whether it did. */
  add(passage: Span): boolean {
    // A fact laid out (a table row, a label and its value) may lie inside a passage already taken.
    if (this.overlaps(passage) || this.texts.has(passage.text.trim())) return false;
    const touching = this.taken.flatMap((span, i) => (this.touches(span, passage) ? [i] : []));
    const start = Math.min(passage.start, ...touching.map((i) => this.taken[i]!.start));
    const end = Math.max(passage.end, ...touching.map((i) => this.taken[i]!.end));
    const joined = { text: this.markdown.slice(start, end), start, end };
    const at = touching[0] ?? this.taken.length;
    const cost = this.cost(joined, at);
    const freed = touching.reduce((sum, i) => sum + this.costs[i]!, 0);
    if (this.total() - freed + cost > this.budget) return false;
    for (const i of [...touching].reverse()) {
      this.taken.splice(i, 1);
      this.costs.splice(i, 1);
    }
    this.taken.splice(at, 0, joined);
    this.costs.splice(at, 0, cost);
    this.texts.add(passage.text.trim());
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
