/**
 * The answer part of the contract: a question becomes a short answer whose sentences cite
 * numbered sources, each citation checked against the passage it quotes. The same events feed
 * every door (CLI progress, UI, SSE, MCP progress), so no door composes anything itself.
 */
import * as z from 'zod';
import { ErrorInfoSchema, SearchRequestSchema } from './contract';
import { MAX_URL_LENGTH } from './fetch-contract';
import { lenientArray, lenientNumber } from './lenient';

export const DEFAULT_ANSWER_PAGES = 6;
export const MAX_ANSWER_PAGES = 10;
export const MAX_ANSWER_URLS = 20;

const ComposerChoiceSchema = z.enum(['auto', 'extractive', 'llm']);

/** Where an answer reads: the web (a search), the person's library (their own documents), or both, ranked together. */
export const ANSWER_SCOPES = ['web', 'library', 'both'] as const;
export const AnswerScopeSchema = z.enum(ANSWER_SCOPES);
export type AnswerScope = z.infer<typeof AnswerScopeSchema>;
export type ComposerChoice = z.infer<typeof ComposerChoiceSchema>;

const HttpUrlSchema = z
  .string()
  .max(MAX_URL_LENGTH, `url is longer than ${MAX_URL_LENGTH} characters`)
  .refine((u) => /^https?:\/\/\S+$/i.test(u.trim()), 'url must be an http(s) URL');

const searchShape = SearchRequestSchema.shape;
const THREAD_ID_HINT = 'threadId is a whole number such as 12';

export const AnswerRequestSchema = z
  .object({
    /** The question: the same rules as a search query. */
    question: searchShape.query,
    /** Pages to read from the search results (1–10). */
    pages: lenientNumber(z.number().int().min(1).max(MAX_ANSWER_PAGES)).default(DEFAULT_ANSWER_PAGES),
    /** Answer from these pages instead of searching. */
    urls: lenientArray(
      z.array(HttpUrlSchema).min(1, 'urls is empty').max(MAX_ANSWER_URLS, `at most ${MAX_ANSWER_URLS} urls per answer`),
    ).optional(),
    engine: searchShape.engine,
    lang: searchShape.lang,
    region: searchShape.region,
    timeRange: searchShape.timeRange,
    /** The search's domains, as on a search: only this site, only these, never these. */
    site: searchShape.site,
    includeDomains: searchShape.includeDomains,
    excludeDomains: searchShape.excludeDomains,
    /** 'auto': the LLM when one is configured, else extractive. */
    composer: ComposerChoiceSchema.default('auto'),
    /** 'web' (a search, or `urls`), 'library' (the person's documents), 'both'. */
    scope: AnswerScopeSchema.default('web'),
    /**
     * Ask in this history thread: a follow-up ("Who directed it?") is understood from its earlier
     * turns. The same as the HTTP door's `?threadId=` and IPC's `threadId` (give one of them).
     */
    threadId: z
      .number({ error: THREAD_ID_HINT })
      .int(THREAD_ID_HINT)
      .min(1, THREAD_ID_HINT)
      .max(Number.MAX_SAFE_INTEGER, THREAD_ID_HINT)
      .optional(),
  })
  .strict();
export type AnswerRequestInput = z.input<typeof AnswerRequestSchema>;
export type AnswerRequest = z.output<typeof AnswerRequestSchema>;

export const AnswerSourceSchema = z.object({
  /**
   * 1-based: the number the answer's [n] markers use. In a thread a page keeps the number it got
   * first there, so a follow-up's sources need not be 1, 2, 3 (src/main/answer/thread-numbers.ts).
   */
  n: z.number().int().min(1),
  title: z.string(),
  url: z.string(),
  /** Registrable domain of `url`. */
  source: z.string(),
  date: z.string().optional(),
  /** A document of the person's library (its url a file: URL): the file, and the page or part cited. */
  library: z
    .object({
      path: z.string(),
      kind: z.string(),
      /** 1-based page of a PDF. */
      page: z.number().int().min(1).optional(),
      /** Heading path or chapter of the part cited. */
      heading: z.string().optional(),
    })
    .optional(),
  /** The spans of this page the answer's supported citations quote. */
  quotes: z.array(z.string()),
});
export type AnswerSource = z.infer<typeof AnswerSourceSchema>;

export const CitationSchema = z.object({
  n: z.number().int().min(1),
  /** True when the sentence's content words, numbers, dates and names are found in the cited page (`state` is 'supported'). */
  supported: z.boolean(),
  /**
   * 'supported': every hard fact (figures with their units, dates, names, negation, the way a
   * comparison goes) and most of the words are in the quote; 'partly': the words are there but a
   * detail is not; 'unsupported': a fact is contradicted, or the quote does not say it. Absent in
   * answers kept from before it was recorded.
   */
  state: z.enum(['supported', 'partly', 'unsupported']).optional(),
  /** Why, in a few words: `missing: "2019"`, `contradicted: the passage says 12 km, not 12 miles`. */
  why: z.string().optional(),
  /**
   * 'model' when the model in force read whether the quote says the sentence (a model-written
   * answer whose hard facts all hold in the quote); absent when the rules alone judged.
   */
  readBy: z.literal('model').optional(),
  /** The best-matching span of the cited page ('' when nothing matched). */
  quote: z.string(),
  /** `quote`'s [start, end) character range in the cited page's markdown. */
  range: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
});
export type Citation = z.infer<typeof CitationSchema>;

export const AnswerSentenceSchema = z.object({
  text: z.string(),
  citations: z.array(CitationSchema),
});
export type AnswerSentence = z.infer<typeof AnswerSentenceSchema>;

export const AnswerTimingsSchema = z
  .object({
    firstSourcesMs: z.number().min(0),
    totalMs: z.number().min(0),
  })
  .catchall(z.number().min(0));
export type AnswerTimings = z.infer<typeof AnswerTimingsSchema>;

export const AnswerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sources'), sources: z.array(AnswerSourceSchema) }),
  z.object({
    type: z.literal('page'),
    /** 1-based source number. */
    n: z.number().int().min(1),
    of: z.number().int().min(1),
    url: z.string(),
    state: z.enum(['read', 'failed']),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
  /**
   * A piece of the answer as it is written. When the LLM fails part-way, the extractive answer's
   * text follows what it wrote; the `citations` event and the response hold the final answer.
   */
  z.object({ type: z.literal('text'), delta: z.string() }),
  /**
   * The citations as checked: by the rules first; for a model-written answer, again once the model
   * has read the quotes (`readBy: 'model'`). The last one stands.
   */
  z.object({
    type: z.literal('citations'),
    sentences: z.array(AnswerSentenceSchema),
    supportedShare: z.number().min(0).max(1),
    readBy: z.literal('model').optional(),
  }),
  z.object({ type: z.literal('done'), timings: AnswerTimingsSchema }),
  z.object({ type: z.literal('error'), error: ErrorInfoSchema }),
]);
export type AnswerEvent = z.infer<typeof AnswerEventSchema>;

export const AnswerResponseSchema = z.object({
  question: z.string(),
  /** Markdown whose [n] markers name sources. */
  answer: z.string(),
  sentences: z.array(AnswerSentenceSchema),
  sources: z.array(AnswerSourceSchema),
  /** With an LLM answer, up to three questions the model wrote first; then people-also-ask and related searches from the results page. */
  followUps: z.array(z.string()),
  /** Supported citations / all citations (1 when there are none). */
  supportedShare: z.number().min(0).max(1),
  /** False when the sources do not answer the question: the answer says so and lists what they cover. */
  answered: z.boolean(),
  composer: z.enum(['extractive', 'llm']),
  /** Set when the LLM failed and the extractive answer was given instead. */
  llmError: ErrorInfoSchema.optional(),
  timings: AnswerTimingsSchema,
  /**
   * The thread the answer belongs to: the one it was recorded in, else the one it was asked in.
   * Pass it back as threadId to ask a follow-up.
   */
  threadId: z.number().int().optional(),
  /**
   * What was searched for and ranked by: the question made to stand alone when it leans on its
   * thread ("Who directed it?" → "Who directed Parasite?"); absent when it is the question itself.
   */
  searchedFor: z.string().optional(),
});
export type AnswerResponse = z.infer<typeof AnswerResponseSchema>;
