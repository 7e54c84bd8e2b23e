/**
 * Request and response schemas for fetching pages (the fetch part of the contract).
 *
 * Shape rule: the request's shape decides the response's shape, never the number of URLs found.
 * `url` or `index` → one FetchPage (a failure is an error); `urls` or `prompt` → a FetchBatch
 * whose items are each a page or an error, so one failure does not sink the others.
 */
import * as z from 'zod';
import { ErrorInfoSchema, MAX_QUERY_LENGTH } from './contract';
import { lenientArray, lenientBoolean, lenientNumber } from './lenient';

export const MAX_URLS_PER_FETCH = 20;
export const DEFAULT_FETCH_BUDGET_CHARS = 100_000;
/** Longest URL we accept; browsers cope with ~2 MB but nothing legitimate needs more than this. */
export const MAX_URL_LENGTH = 8192;
export const MAX_PROMPT_LENGTH = 100_000;
/**
 * With a question and no maxTokens: the most that the passages near the best take, under their
 * ranges (what a small context can spare for one page; most answers take far less). On the QA
 * set's tuning half it finds the gold answer as often as 400 did; 300 loses one (bench:tokens).
 */
export const DEFAULT_QUESTION_TOKENS = 350;
export const MIN_FETCH_TOKENS = 50;
export const MAX_FETCH_TOKENS = 250_000;

const UrlStringSchema = z
  .string()
  .max(MAX_URL_LENGTH, `url is longer than ${MAX_URL_LENGTH} characters`)
  .refine((u) => u.trim().length > 0, 'url is empty');

export const RenderModeSchema = z.enum(['auto', 'never', 'always']);
export type RenderMode = z.infer<typeof RenderModeSchema>;

export const FetchRequestSchema = z
  .object({
    /** One URL. */
    url: UrlStringSchema.optional(),
    /** Up to 20 URLs sharing one character budget. */
    urls: lenientArray(
      z
        .array(UrlStringSchema)
        .min(1, 'urls is empty')
        .max(MAX_URLS_PER_FETCH, `at most ${MAX_URLS_PER_FETCH} urls per call`),
    ).optional(),
    /** Free text (as agents send it); every http(s) URL in it is fetched. */
    prompt: z.string().max(MAX_PROMPT_LENGTH, `prompt is longer than ${MAX_PROMPT_LENGTH} characters`).optional(),
    /** A result of an earlier search: its 0-based index, in `searchId` or the session's latest search. */
    index: lenientNumber(z.number().int().min(0)).optional(),
    searchId: z.string().min(1).optional(),
    /** Characters to return: per page for one URL, the shared total for several. */
    maxChars: lenientNumber(z.number().int().min(100).max(1_000_000)).default(DEFAULT_FETCH_BUDGET_CHARS),
    /**
     * Tokens (o200k) of page text to return at most, besides maxChars: per page for one URL, the
     * shared total for several. With a question: the passages' budget, each counted under its range
     * as the text formats show it, filled best first; without it, only the passages near the best,
     * within DEFAULT_QUESTION_TOKENS.
     */
    maxTokens: lenientNumber(z.number().int().min(MIN_FETCH_TOKENS).max(MAX_FETCH_TOKENS)).optional(),
    /** Where to start in each page's markdown (continue with a previous response's nextOffset). */
    offset: lenientNumber(z.number().int().min(0)).default(0),
    /**
     * Return the page's passages that best answer this, best first, each with its character
     * range in the page's markdown (ranked as answers rank them), within maxTokens; the page
     * whole when it fits maxTokens or costs no more than they would.
     */
    question: z
      .string()
      .max(MAX_QUERY_LENGTH, `question is longer than ${MAX_QUERY_LENGTH} characters`)
      .refine((q) => q.trim().length > 0, 'question is empty')
      .optional(),
    /** 'auto' renders in a browser only when the page looks script-built. */
    render: RenderModeSchema.default('auto'),
    /** Skip the page cache (the fresh copy still replaces the cached one). */
    noCache: lenientBoolean(z.boolean()).default(false),
  })
  .strict()
  .superRefine((request, ctx) => {
    const given = [
      request.url !== undefined,
      request.urls !== undefined,
      request.prompt !== undefined,
      request.index !== undefined,
    ].filter(Boolean).length;
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: 'give exactly one of url, urls, prompt or index',
      });
    }
    if (request.question !== undefined && request.offset > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['offset'],
        message: 'a question is answered from the whole page: leave offset out',
      });
    }
    if (request.searchId !== undefined && request.index === undefined) {
      ctx.addIssue({ code: 'custom', path: ['index'], message: 'searchId needs an index' });
    }
  });
export type FetchRequestInput = z.input<typeof FetchRequestSchema>;
export type FetchRequest = z.output<typeof FetchRequestSchema>;

/** What a page says of itself: its title and, when it states them, author, date, site and language. */
export const PageMetadataSchema = z.object({
  title: z.string(),
  byline: z.string().optional(),
  /** As the page states it (ISO 8601 when known). */
  publishedAt: z.string().optional(),
  siteName: z.string().optional(),
  lang: z.string().optional(),
});
export type PageMetadata = z.infer<typeof PageMetadataSchema>;

export const FetchPageSchema = z.object({
  /** The URL asked for (after GitHub blob → raw rewriting). */
  url: z.string(),
  /** Where the content came from after redirects (or the browser's final URL when rendered). */
  finalUrl: z.string(),
  status: z.number().int(),
  /** MIME type without parameters, e.g. "text/html". */
  contentType: z.string(),
  ...PageMetadataSchema.shape,
  /** The returned slice of the page's text: markdown for HTML, plain text for the rest. */
  markdown: z.string(),
  /** Words in the whole page, not only in the returned slice. */
  wordCount: z.number().int().min(0),
  /** Total characters of the page's markdown, so callers know how much is left. */
  totalChars: z.number().int().min(0),
  rendered: z.boolean(),
  fromCache: z.boolean(),
  truncated: z.boolean(),
  /** Present when truncated: pass it as `offset` to read on. */
  nextOffset: z.number().int().min(0).optional(),
  /**
   * With a question: the passages chosen, best first, each with its range [start, end) in the
   * page's whole markdown; `markdown` is then their text, one after another.
   */
  passages: z
    .array(z.object({ text: z.string(), start: z.number().int().min(0), end: z.number().int().min(0) }))
    .optional(),
});
export type FetchPage = z.infer<typeof FetchPageSchema>;

export const FetchItemSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), page: FetchPageSchema }),
  z.object({ ok: z.literal(false), url: z.string(), error: ErrorInfoSchema }),
]);
export type FetchItem = z.infer<typeof FetchItemSchema>;

export const FetchBatchSchema = z.object({
  /** One item per distinct URL, in the order the URLs were given (duplicates fetched once). */
  results: z.array(FetchItemSchema),
  /** The character budget the pages shared. */
  budgetChars: z.number().int().min(0),
  /** Characters returned across all pages (≤ budgetChars). */
  totalChars: z.number().int().min(0),
});
export type FetchBatch = z.infer<typeof FetchBatchSchema>;

export const FetchResponseSchema = z.union([FetchPageSchema, FetchBatchSchema]);
export type FetchResponse = z.infer<typeof FetchResponseSchema>;

// Defined without zod for the renderer; exported here too for the code that has the schemas at hand.
export { isFetchBatch } from './fetch-batch';
