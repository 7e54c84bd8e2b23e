/**
 * The zod schemas of each operation of the table (operations.ts), keyed by the same names: what
 * a caller sends (the IPC door checks it; the service checks it again), the call options a caller
 * may set, and how the operation is told over HTTP (body, query parameters, response, summary)
 * for the router and the OpenAPI document (http-routes.ts).
 */
import * as z from 'zod';
import { LlmKeyRequestSchema, LlmKeyResponseSchema, TokenResponseSchema } from './access-contract';
import { AnswerRequestSchema, AnswerResponseSchema } from './answer-contract';
import {
  CaptchaPendingResponseSchema,
  CaptchaSolveRequestSchema,
  CaptchaSolveResponseSchema,
  CaptchaWaitRequestSchema,
  CaptchaWaitResponseSchema,
} from './captcha-contract';
import { SearchManyRequestSchema, SearchRequestSchema } from './contract';
import { FetchPageSchema, FetchRequestSchema, FetchResponseSchema } from './fetch-contract';
import {
  FullTextHitSchema,
  HistoryDeleteResponseSchema,
  HistoryExportRequestSchema,
  HistoryListRequestSchema,
  HistoryMarkdownExportSchema,
  HistorySearchRequestSchema,
  ThreadIdSchema,
  ThreadRequestSchema,
  ThreadSchema,
  ThreadSummarySchema,
} from './history-contract';
import {
  AnswerParametersSchema,
  ApiSearchRequestSchema,
  ApiSearchResponseSchema,
  CallParametersSchema,
  HistoryExportParametersSchema,
  ResearchRunParametersSchema,
  TextCallParametersSchema,
} from './http-contract';
import {
  ModelChooseRequestSchema,
  ModelDownloadResponseSchema,
  ModelIdRequestSchema,
  ModelRemoveResponseSchema,
  ModelsCatalogResponseSchema,
  ModelsFindResponseSchema,
  ModelTestRequestSchema,
  ModelTestResponseSchema,
} from './models-contract';
import {
  LibraryAddRequestSchema,
  LibraryAddResponseSchema,
  LibraryListRequestSchema,
  LibraryListResponseSchema,
  LibraryReindexRequestSchema,
  LibraryImportRequestSchema,
  LibraryReadRequestSchema,
  MAX_IMPORT_BYTES,
  LibraryRemoveRequestSchema,
  LibraryRemoveResponseSchema,
  LibrarySaveRequestSchema,
  LibrarySaveResponseSchema,
  LibraryUnwatchRequestSchema,
  LibraryUnwatchResponseSchema,
  LibrarySearchRequestSchema,
  LibrarySearchResponseSchema,
} from './library-contract';
import type { OperationName } from './operations';
import {
  ResearchPlanRequestSchema,
  ResearchPlanSchema,
  ResearchReportSchema,
  ResearchRequestSchema,
} from './research-contract';
import { SettingsPatchSchema, SettingsSchema } from './settings-contract';

export interface OperationHttp {
  summary: string;
  /** The body (default: the request schema, for a POST). */
  body?: z.ZodType;
  /** The query parameters (default: CallParametersSchema); a GET's request fields are among them. */
  query?: z.ZodType;
  /** Query parameters that are numbers (a query string carries only text). */
  numericQuery?: readonly string[];
  response: z.ZodType;
  /** With format=compact|cited, the response as text/plain for a model (what the MCP tools return). */
  plainText?: true;
  /** With events: whether agents' streams also end with a `response` event (the web UI's always do). */
  responseEventForAgents?: true;
  /** A body larger than the door's 1 MB it takes (files sent by their bytes). */
  maxBodyBytes?: number;
}

export interface OperationSchemas {
  /** What the caller sends; none for an operation that takes nothing. */
  request?: z.ZodType;
  /** The call options a caller may set (OperationSpec.options), as the IPC door checks them. */
  options?: z.ZodObject;
  /** How it is told over HTTP; none for an operation without a route of its own (searchMany shares search's). */
  http?: OperationHttp;
}

export const OPERATION_SCHEMAS = {
  search: {
    request: SearchRequestSchema,
    http: {
      summary:
        'Search the web: one `query`, or `queries` (run through the engine queue, each with its own result or error).',
      body: ApiSearchRequestSchema,
      query: TextCallParametersSchema,
      response: ApiSearchResponseSchema,
      plainText: true,
    },
  },
  searchMany: { request: SearchManyRequestSchema },
  fetch: {
    request: FetchRequestSchema,
    http: {
      summary: 'A URL, several URLs, a prompt with URLs, or result N of a search → main content as Markdown.',
      query: TextCallParametersSchema,
      response: FetchResponseSchema,
      plainText: true,
    },
  },
  answer: {
    request: AnswerRequestSchema,
    // A follow-up names the thread it continues.
    options: z.object({ threadId: ThreadIdSchema.optional() }).strict(),
    http: {
      summary:
        'A question → a short answer citing numbered sources. With `Accept: text/event-stream`, its steps as server-sent events, `done` last.',
      query: AnswerParametersSchema,
      response: AnswerResponseSchema,
      plainText: true,
    },
  },
  'research.plan': {
    request: ResearchPlanRequestSchema,
    http: {
      summary:
        'Deep research, first step: the sub-questions a research run would follow, to show (and edit) before it runs.',
      response: ResearchPlanSchema,
    },
  },
  'research.run': {
    request: ResearchRequestSchema,
    http: {
      summary:
        'Deep research: several searches, up to maxPages pages read, a report with a section per sub-question, where the sources disagree and what they do not answer, every citation checked. With `Accept: text/event-stream`, its steps as server-sent events, then `response` (the report) and `done` last.',
      query: ResearchRunParametersSchema,
      response: ResearchReportSchema,
      plainText: true,
      // The report is only in the run's result.
      responseEventForAgents: true,
    },
  },
  'history.list': {
    request: HistoryListRequestSchema.optional(),
    http: {
      summary: 'Research threads, most recently active first.',
      query: HistoryListRequestSchema.extend(CallParametersSchema.shape),
      numericQuery: ['limit', 'offset'],
      response: z.array(ThreadSummarySchema),
    },
  },
  'history.search': {
    request: HistorySearchRequestSchema,
    http: {
      summary: 'Ranked full-text search over questions, answers and fetched pages.',
      query: HistorySearchRequestSchema.extend(CallParametersSchema.shape),
      numericQuery: ['limit'],
      response: z.array(FullTextHitSchema),
    },
  },
  'history.get': {
    request: ThreadRequestSchema,
    http: { summary: 'One thread with its turns.', response: ThreadSchema },
  },
  'history.export': {
    request: HistoryExportRequestSchema,
    http: {
      summary:
        'A thread as a Markdown document with its sources as footnotes; with format=markdown, pdf or docx, the file itself.',
      query: HistoryExportParametersSchema,
      numericQuery: ['turn'],
      response: HistoryMarkdownExportSchema,
    },
  },
  'history.delete': {
    request: ThreadRequestSchema,
    http: { summary: 'Deletes a thread and its turns.', response: HistoryDeleteResponseSchema },
  },
  'captcha.pending': {
    http: { summary: 'Engines paused by a CAPTCHA or consent wall.', response: CaptchaPendingResponseSchema },
  },
  'captcha.wait': {
    request: CaptchaWaitRequestSchema,
    http: {
      summary: "Waits until an engine's block is solved, its pause runs out, or timeoutMs passes.",
      response: CaptchaWaitResponseSchema,
    },
  },
  'library.list': {
    request: LibraryListRequestSchema.optional(),
    http: {
      summary:
        "The library's documents (the person's own files), filtered by type or by text in their title or path, with the files it could not read and why.",
      query: LibraryListRequestSchema.extend(CallParametersSchema.shape),
      numericQuery: ['limit'],
      response: LibraryListResponseSchema,
    },
  },
  'library.search': {
    request: LibrarySearchRequestSchema,
    http: {
      summary:
        "Ranked passages of the library's documents, numbered, each with its document's title, path and page (PDF) or heading path. With format=compact|cited, the passages as text inside <untrusted_content>.",
      query: LibrarySearchRequestSchema.extend(TextCallParametersSchema.shape),
      numericQuery: ['limit'],
      response: LibrarySearchResponseSchema,
      plainText: true,
    },
  },
  'library.add': {
    request: LibraryAddRequestSchema,
    http: {
      summary:
        'Adds files and folders of this machine to the library: every readable file indexed, the others listed with why. With `Accept: text/event-stream`, a progress event per file (web UI only).',
      response: LibraryAddResponseSchema,
    },
  },
  'library.import': {
    request: LibraryImportRequestSchema,
    http: {
      summary:
        "Adds files sent by their bytes (base64), as a browser's drop or file picker has them: each kept in the data dir and indexed as library.add would. With `Accept: text/event-stream`, a progress event per file (web UI only).",
      response: LibraryAddResponseSchema,
      // base64 is 4/3 of the bytes, and the JSON around it little.
      maxBodyBytes: Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 1024 * 1024,
    },
  },
  'library.read': {
    request: LibraryReadRequestSchema,
    http: {
      summary:
        "A library document's text as indexed, page by page (a PDF's pages headed 'Page N'), shaped as a fetched page: what the reader shows for a citation's file URL (web UI only).",
      response: FetchPageSchema,
    },
  },
  'library.save': {
    request: LibrarySaveRequestSchema,
    http: {
      summary:
        'Keeps a page Lantern read (for an answer, or in the reader) in the library: its text as read, indexed as a document whose origin is its address; saving it again updates the same document. NOT_FOUND for a page never read (web UI only).',
      response: LibrarySaveResponseSchema,
    },
  },
  'library.unwatch': {
    request: LibraryUnwatchRequestSchema,
    http: {
      summary:
        'Stops following a watched folder, now and at the next start; its documents stay in the library (web UI only).',
      response: LibraryUnwatchResponseSchema,
    },
  },
  'library.remove': {
    request: LibraryRemoveRequestSchema,
    http: {
      summary: 'Takes documents out of the library by id; their files stay where they are (web UI only).',
      response: LibraryRemoveResponseSchema,
    },
  },
  'library.reindex': {
    request: LibraryReindexRequestSchema.optional(),
    http: {
      summary:
        "Brings the library's folders and files in step with the disk: changed files read again, removed ones dropped (web UI only).",
      response: LibraryAddResponseSchema,
    },
  },
  'settings.get': { http: { summary: 'The settings (web UI only).', response: SettingsSchema } },
  'settings.update': {
    request: SettingsPatchSchema,
    http: { summary: 'Changes some settings; what the body leaves out stays (web UI only).', response: SettingsSchema },
  },
  'settings.reset': { http: { summary: 'Back to the default settings (web UI only).', response: SettingsSchema } },
  'access.token': {
    http: { summary: "The agents' bearer token, to copy (web UI only).", response: TokenResponseSchema },
  },
  'access.rotateToken': {
    http: {
      summary: 'Replaces the bearer token; the old one stops working at once (web UI only).',
      response: TokenResponseSchema,
    },
  },
  'access.llmKeyState': {
    http: {
      summary: 'Whether a model API key is stored; never the key (web UI only).',
      response: LlmKeyResponseSchema,
    },
  },
  'access.setLlmKey': {
    request: LlmKeyRequestSchema,
    http: {
      summary: "Stores the model's API key in the 0600 file llm-key, or removes it with null (web UI only).",
      response: LlmKeyResponseSchema,
    },
  },
  resetSearchSession: {
    http: {
      summary: "Forgets the search browser's cookies and storage (web UI only).",
      response: z.object({ reset: z.literal(true) }),
    },
  },
  'captcha.solve': {
    request: CaptchaSolveRequestSchema,
    http: {
      summary: "Shows an engine's CAPTCHA to the person in a visible window; resolves when solved (web UI only).",
      response: CaptchaSolveResponseSchema,
    },
  },
  'models.find': {
    http: {
      summary:
        'The model servers running on this machine (Ollama, LM Studio, llama-server, Jan, vLLM, LocalAI) with their chat models, or that one wants its API key (web UI only).',
      response: ModelsFindResponseSchema,
    },
  },
  'models.catalog': {
    http: {
      summary: "The models Lantern can download and run, each with its fit for this machine's memory (web UI only).",
      response: ModelsCatalogResponseSchema,
    },
  },
  'models.download': {
    request: ModelIdRequestSchema,
    http: {
      summary:
        'Downloads a catalog model, its sha256 checked; with `Accept: text/event-stream`, its progress as server-sent events (web UI only).',
      response: ModelDownloadResponseSchema,
    },
  },
  'models.remove': {
    request: ModelIdRequestSchema,
    http: { summary: 'Deletes a downloaded catalog model (web UI only).', response: ModelRemoveResponseSchema },
  },
  'models.choose': {
    request: ModelChooseRequestSchema,
    http: {
      summary: "Sets the model answers are written with: a server's model or one Lantern runs itself (web UI only).",
      response: SettingsSchema,
    },
  },
  'models.test': {
    request: ModelTestRequestSchema,
    http: {
      summary: 'Asks the model in force, or the one given, whether it is there (web UI only).',
      response: ModelTestResponseSchema,
    },
  },
} as const satisfies Record<OperationName, OperationSchemas>;
