/**
 * The history part of the contract: the person's research threads, their full-text search,
 * deletion and export (Markdown, PDF, Word).
 */
import * as z from 'zod';
import { ErrorInfoSchema } from './contract';

const ID_HINT = 'a thread id is a whole number such as 12';

/** A thread id; "12" and "#12" (as typed in a terminal or a URL path) are accepted too. */
export const ThreadIdSchema = z.preprocess(
  (value) =>
    typeof value === 'string' && /^\s*#?\d+\s*$/.test(value) ? Number(value.trim().replace(/^#/, '')) : value,
  z.number({ error: ID_HINT }).int(ID_HINT).min(1, ID_HINT).max(Number.MAX_SAFE_INTEGER, ID_HINT),
);

const countSchema = (fallback: number) =>
  z.number({ error: 'expected a whole number from 1 to 1000' }).int().min(1).max(1000).default(fallback);

export const HistoryListRequestSchema = z
  .object({
    /** Most recently active first; this many threads (default 50). */
    limit: countSchema(50),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type HistoryListRequest = z.input<typeof HistoryListRequestSchema>;

export const ThreadRequestSchema = z.object({ id: ThreadIdSchema }).strict();
export type ThreadRequest = z.input<typeof ThreadRequestSchema>;

export const FullTextScopeSchema = z.enum(['all', 'history', 'pages']);
export type FullTextScope = z.infer<typeof FullTextScopeSchema>;

export const HistorySearchRequestSchema = z
  .object({
    /** Words that must all occur, in any script. */
    text: z.string().max(1000, 'text is longer than 1000 characters'),
    /** Questions and answers (`history`), fetched pages (`pages`), or both. */
    scope: FullTextScopeSchema.default('all'),
    limit: countSchema(20),
  })
  .strict();
export type HistorySearchRequest = z.input<typeof HistorySearchRequestSchema>;

/** Markdown with the sources as footnotes; PDF (Chromium's print) and DOCX with each source's quoted passages and URL. */
export const EXPORT_FORMATS = ['markdown', 'pdf', 'docx'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS, { error: "format must be 'markdown', 'pdf' or 'docx'" });
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export const HistoryExportRequestSchema = z
  .object({
    id: ThreadIdSchema,
    format: ExportFormatSchema.default('markdown'),
    /** Only this turn of the thread (an answer or a deep-research report), numbered from 1 as `lantern history show` numbers them. */
    turn: z
      .number({ error: 'turn: expected a whole number from 1' })
      .int('turn: expected a whole number from 1')
      .min(1, 'turn: expected a whole number from 1')
      .optional(),
  })
  .strict();
export type HistoryExportRequest = z.input<typeof HistoryExportRequestSchema>;

export const ThreadSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  turnCount: z.number().int().min(0),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

export const TurnSourceSchema = z.looseObject({ url: z.string(), title: z.string() });

export const TurnSchema = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  /** 0-based order within the thread. */
  position: z.number().int().min(0),
  question: z.string(),
  mode: z.string(),
  /** Markdown; citations appear as [n], n counting sources from 1. */
  answer: z.string(),
  citations: z.array(z.unknown()),
  sources: z.array(TurnSourceSchema),
  timings: z.record(z.string(), z.number()),
  createdAt: z.number().int(),
  /** The standalone query the turn searched for, when it differs from its question (a follow-up). */
  searchedFor: z.string().optional(),
  /** Set on a question that failed: it stays in its thread with its error, to be retried. */
  error: ErrorInfoSchema.optional(),
  /** A search turn: what its results page suggested searching next. */
  suggestions: z.object({ peopleAlsoAsk: z.array(z.string()), relatedSearches: z.array(z.string()) }).optional(),
});

export const ThreadSchema = ThreadSummarySchema.extend({ turns: z.array(TurnSchema) });
export type Thread = z.infer<typeof ThreadSchema>;

export const FullTextHitSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('turn'),
    threadId: z.number().int(),
    turnId: z.number().int(),
    threadTitle: z.string(),
    question: z.string(),
    /** The matching passage, matches in **bold**. */
    snippet: z.string(),
    createdAt: z.number().int(),
    /** bm25: lower is better; comparable within one search. */
    score: z.number(),
  }),
  z.object({
    kind: z.literal('page'),
    url: z.string(),
    finalUrl: z.string(),
    title: z.string(),
    snippet: z.string(),
    fetchedAt: z.number().int(),
    score: z.number(),
  }),
]);
export type FullTextHit = z.infer<typeof FullTextHitSchema>;

export const HistoryDeleteResponseSchema = z.object({
  deleted: z.number().int(),
  title: z.string(),
  turnCount: z.number().int().min(0),
});
export type HistoryDeleteResponse = z.infer<typeof HistoryDeleteResponseSchema>;

const exportedThread = { id: z.number().int(), title: z.string() };

export const HistoryMarkdownExportSchema = z.object({
  ...exportedThread,
  format: z.literal('markdown'),
  markdown: z.string(),
});
export type HistoryMarkdownExport = z.infer<typeof HistoryMarkdownExportSchema>;

/** A PDF or DOCX file: its bytes, its media type and a file name made from the thread's title. */
export const HistoryFileExportSchema = z.object({
  ...exportedThread,
  format: z.enum(['pdf', 'docx']),
  mediaType: z.string(),
  fileName: z.string(),
  data: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: 'expected the bytes of the file' }),
});
export type HistoryFileExport = z.infer<typeof HistoryFileExportSchema>;

export const HistoryExportResponseSchema = z.discriminatedUnion('format', [
  HistoryMarkdownExportSchema,
  HistoryFileExportSchema,
]);
export type HistoryExportResponse = z.infer<typeof HistoryExportResponseSchema>;

/** The media type of each file format. */
export const EXPORT_MEDIA_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
