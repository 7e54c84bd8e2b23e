/**
 * The HTTP door's own shapes around the contract's schemas: the query parameters every call
 * takes, one search body for one query or several, and the health report.
 * The contract's request schemas (src/shared/*-contract.ts) are used as they are for the bodies.
 */
import * as z from 'zod';
import {
  SearchManyRequestSchema,
  SearchManyResponseSchema,
  SearchRequestSchema,
  SearchResponseSchema,
} from './contract';
import { PendingBlockSchema } from './captcha-contract';
import { EXPORT_FORMATS, HistoryExportRequestSchema } from './history-contract';

const SessionSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'session must be 1-64 letters, digits, dots, dashes or underscores')
  .default('default')
  .describe("Whose numbered results these are (fetch by index reads this session's latest search).");

/** `session` and `format` on an endpoint whose answer has no text rendering: JSON only. */
export const CallParametersSchema = z
  .object({
    session: SessionSchema,
    format: z
      .enum(['json'], {
        error:
          "format: this endpoint answers JSON only ('compact' and 'cited' are for /v1/search, /v1/fetch and /v1/answer)",
      })
      .default('json')
      .describe("Response format: 'json' only here."),
  })
  .strict();

export const TEXT_FORMATS = ['compact', 'cited'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

/**
 * `format` on search, fetch and answer: the JSON response, or the text an agent reads
 * (src/shared/format/), sent as text/plain — the same text the MCP tools return.
 */
export const TextCallParametersSchema = CallParametersSchema.extend({
  format: z
    .enum(['json', ...TEXT_FORMATS], { error: "format must be 'json', 'compact' or 'cited'" })
    .default('json')
    .describe(
      "json: the response object. compact: text/plain for a model — search results numbered from 0 with title, date, source and snippet (no URLs), a page or an answer with its [n] sources inside <untrusted_content>. cited: the same with each search result's URL.",
    ),
}).strict();

/** A thread's export: the JSON response, or the file itself. */
export const HistoryExportParametersSchema = CallParametersSchema.extend({
  format: z
    .enum(['json', ...EXPORT_FORMATS], { error: "format must be 'json', 'markdown', 'pdf' or 'docx'" })
    .default('json')
    .describe(
      'json: {id, title, format, markdown}. markdown: the Markdown itself (text/markdown). pdf, docx: the file (application/pdf; application/vnd.openxmlformats-officedocument.wordprocessingml.document), the citations as footnotes with the quoted passage and the URL.',
    ),
  turn: HistoryExportRequestSchema.shape.turn.describe('Only this turn of the thread (an answer or a report), from 1.'),
}).strict();

export const AnswerParametersSchema = TextCallParametersSchema.extend({
  threadId: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Ask in this history thread (a follow-up), as the body's threadId."),
}).strict();

const RunIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'runId is 8–64 letters, digits, - or _ (a UUID will do)');

export const ResearchRunParametersSchema = TextCallParametersSchema.extend({
  runId: RunIdSchema.optional().describe(
    'An id of your choosing for this run: POST /v1/research/stop with it ends the gathering, and the report of what was read still comes as the response (closing the connection instead cancels it with nothing back).',
  ),
}).strict();

export const ResearchStopRequestSchema = z.object({ runId: RunIdSchema }).strict();
export const ResearchStopResponseSchema = z.object({
  /** False when no run of yours with that id is going (it ended already, or never started). */
  stopped: z.boolean(),
});

/**
 * POST /v1/search takes `query` (search) or `queries` (searchMany), each refusing unknown
 * fields, so a body with both is refused rather than half read.
 */
export const ApiSearchRequestSchema = z.union([SearchRequestSchema.strict(), SearchManyRequestSchema.strict()]);
export const ApiSearchResponseSchema = z.union([SearchResponseSchema, SearchManyResponseSchema]);

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** The search browser: not launched yet, or launched (it starts on the first search). */
  browser: z.enum(['not started', 'started', 'unknown']),
  /** Engines paused by a CAPTCHA or consent wall, and until when. */
  suspensions: z.array(PendingBlockSchema),
  /** MCP sessions open at /mcp (src/main/doors/mcp/http.ts: capped, and ended after 30 minutes idle); absent without the MCP door. */
  mcpSessions: z.number().int().nonnegative().optional(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
