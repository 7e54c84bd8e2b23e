/**
 * Fetch with a question (`web_fetch` with `question`, REST POST /v1/fetch): instead of the page
 * from its start, the page's passages that best answer the question, cut and ranked as an
 * answer's are (passages.ts, rank.ts), best first, each with its range in the page's markdown,
 * as many as fit in `maxTokens`. It wraps the fetch service: a request without a question goes
 * through as it came.
 */
import { LanternError } from '../../shared/errors';
import { DEFAULT_QUESTION_TOKENS, FetchRequestSchema, isFetchBatch, type FetchPage } from '../../shared/fetch-contract';
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
 * The page's best passages for the question within `maxTokens`: taken best first while they fit
 * (a long one that does not is skipped for the next that does, and one within a passage taken).
 */
function bestPassages(page: FetchPage, question: string, maxTokens: number, counter: TokenCounter): FetchPage {
  if (page.truncated) {
    throw new LanternError(
      'TOO_LARGE',
      `${page.url} is longer than ${WHOLE_PAGE_CHARS} characters: read it without a question, with offset.`,
    );
  }
  // A page that fits is its own best passage: nothing is left out, nothing said twice.
  if (counter.count(page.markdown) <= maxTokens)
    return { ...page, truncated: false, passages: [{ text: page.markdown, start: 0, end: page.markdown.length }] };
  const ranked = rankPassages(
    question,
    pagePassages({ n: 1, url: page.url, title: page.title, markdown: page.markdown }, 0),
  );
  const chosen: Array<{ text: string; start: number; end: number }> = [];
  let left = maxTokens;
  for (const { passage } of ranked) {
    // A fact laid out (a table row, a label and its value) may lie inside a passage already taken.
    if (chosen.some((taken) => passage.start < taken.end && taken.start < passage.end)) continue;
    const cost = counter.count(passage.text) + (chosen.length > 0 ? counter.count(BETWEEN_PASSAGES) : 0);
    if (cost > left) continue;
    chosen.push({ text: passage.text, start: passage.start, end: passage.end });
    left -= cost;
  }
  const markdown = chosen.map((passage) => passage.text).join(BETWEEN_PASSAGES);
  return { ...page, markdown, truncated: markdown.length < page.totalChars, passages: chosen };
}
