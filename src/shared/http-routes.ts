/**
 * The local HTTP API's one route table: each route's method, path, the ResearchApi operations it
 * carries and its schemas. The server's router (src/main/api/routes.ts, ui-routes.ts) adds a
 * handler to each, the OpenAPI document (src/main/api/openapi.ts) is generated from it, and the
 * web UI's client (src/renderer/src/client/http-client.ts) takes its methods and paths from the
 * endpoints it is built on (http-endpoints.ts, without zod), so what is served, what is documented
 * and what is called cannot drift apart.
 */
import * as z from 'zod';
import type { AccessApi, CaptchaApi, DeepResearchApi, HistoryApi, SettingsApi } from './api';
import { AnswerRequestSchema, AnswerResponseSchema } from './answer-contract';
import { CaptchaPendingResponseSchema, CaptchaSolveRequestSchema, CaptchaSolveResponseSchema, CaptchaWaitRequestSchema, CaptchaWaitResponseSchema } from './captcha-contract';
import { FetchRequestSchema, FetchResponseSchema } from './fetch-contract';
import {
  FullTextHitSchema,
  HistoryDeleteResponseSchema,
  HistoryMarkdownExportSchema,
  HistoryListRequestSchema,
  HistorySearchRequestSchema,
  ThreadSchema,
  ThreadSummarySchema,
} from './history-contract';
import {
  AnswerParametersSchema,
  ApiSearchRequestSchema,
  ApiSearchResponseSchema,
  CallParametersSchema,
  HealthResponseSchema,
  HistoryExportParametersSchema,
  LlmKeyRequestSchema,
  LlmKeyResponseSchema,
  ResearchRunParametersSchema,
  ResearchStopRequestSchema,
  ResearchStopResponseSchema,
  TextCallParametersSchema,
  TokenResponseSchema,
} from './http-contract';
import { HTTP_ENDPOINTS, type HttpEndpoint } from './http-endpoints';
import { ResearchPlanRequestSchema, ResearchPlanSchema, ResearchReportSchema, ResearchRequestSchema } from './research-contract';
import { SettingsPatchSchema, SettingsSchema } from './settings-contract';

/** A ResearchApi method, named as called: `search`, `history.list`, `access.token`, … */
export type ApiOperation =
  | 'search'
  | 'searchMany'
  | 'fetch'
  | 'answer'
  | `research.${keyof DeepResearchApi}`
  | `history.${keyof HistoryApi}`
  | `settings.${keyof SettingsApi}`
  | `captcha.${keyof CaptchaApi}`
  | `access.${keyof AccessApi}`
  | 'resetSearchSession';

export interface HttpRoute extends HttpEndpoint {
  /** What it carries (none: the server's own health report and OpenAPI document). */
  operations: readonly ApiOperation[];
  /**
   * agent: anyone with the bearer token, listed in the OpenAPI document; ui: only the person in
   * the web UI (its session cookie), kept out of the document (docs/security.md, "Web UI").
   */
  caller: 'agent' | 'ui';
  /** Not work (src/main/api/limits.ts): answered without a place in flight or a token of the client's rate. */
  bookkeeping?: true;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Query parameters that are numbers (a query string carries only text). */
  numericQuery?: readonly string[];
  response: z.ZodType;
  /** With format=compact|cited, the response as text/plain for a model (what the MCP tools return). */
  plainText?: true;
  /** With `Accept: text/event-stream`, AnswerEvent (or ResearchEvent) values as server-sent events. */
  eventStream?: true;
}

export const HTTP_ROUTES = {
  search: {
    ...HTTP_ENDPOINTS.search,
    operations: ['search', 'searchMany'],
    caller: 'agent',
    summary: 'Search the web: one `query`, or `queries` (run through the engine queue, each with its own result or error).',
    body: ApiSearchRequestSchema,
    query: TextCallParametersSchema,
    response: ApiSearchResponseSchema,
    plainText: true,
  },
  fetch: {
    ...HTTP_ENDPOINTS.fetch,
    operations: ['fetch'],
    caller: 'agent',
    summary: 'A URL, several URLs, a prompt with URLs, or result N of a search → main content as Markdown.',
    body: FetchRequestSchema,
    query: TextCallParametersSchema,
    response: FetchResponseSchema,
    plainText: true,
  },
  answer: {
    ...HTTP_ENDPOINTS.answer,
    operations: ['answer'],
    caller: 'agent',
    summary: 'A question → a short answer citing numbered sources. With `Accept: text/event-stream`, its steps as server-sent events, `done` last.',
    body: AnswerRequestSchema,
    query: AnswerParametersSchema,
    response: AnswerResponseSchema,
    plainText: true,
    eventStream: true,
  },
  'research.plan': {
    ...HTTP_ENDPOINTS['research.plan'],
    operations: ['research.plan'],
    caller: 'agent',
    summary: 'Deep research, first step: the sub-questions a research run would follow, to show (and edit) before it runs.',
    body: ResearchPlanRequestSchema,
    query: CallParametersSchema,
    response: ResearchPlanSchema,
  },
  'research.run': {
    ...HTTP_ENDPOINTS['research.run'],
    operations: ['research.run'],
    caller: 'agent',
    summary:
      'Deep research: several searches, up to maxPages pages read, a report with a section per sub-question, where the sources disagree and what they do not answer, every citation checked. With `Accept: text/event-stream`, its steps as server-sent events, then `response` (the report) and `done` last.',
    body: ResearchRequestSchema,
    query: ResearchRunParametersSchema,
    response: ResearchReportSchema,
    plainText: true,
    eventStream: true,
  },
  'research.stop': {
    ...HTTP_ENDPOINTS['research.stop'],
    // The door's own: it ends the signal of a run it holds (the run given the same runId).
    operations: [],
    caller: 'agent',
    bookkeeping: true,
    summary: 'Ends the gathering of a research run started with ?runId=…: the run writes its report from what was read (stopped: "cancelled") and sends it as its response.',
    body: ResearchStopRequestSchema,
    query: CallParametersSchema,
    response: ResearchStopResponseSchema,
  },
  'history.list': {
    ...HTTP_ENDPOINTS['history.list'],
    operations: ['history.list'],
    caller: 'agent',
    summary: 'Research threads, most recently active first.',
    query: HistoryListRequestSchema.extend(CallParametersSchema.shape),
    numericQuery: ['limit', 'offset'],
    response: z.array(ThreadSummarySchema),
  },
  'history.search': {
    ...HTTP_ENDPOINTS['history.search'],
    operations: ['history.search'],
    caller: 'agent',
    summary: 'Ranked full-text search over questions, answers and fetched pages.',
    query: HistorySearchRequestSchema.extend(CallParametersSchema.shape),
    numericQuery: ['limit'],
    response: z.array(FullTextHitSchema),
  },
  'history.get': {
    ...HTTP_ENDPOINTS['history.get'],
    operations: ['history.get'],
    caller: 'agent',
    summary: 'One thread with its turns.',
    query: CallParametersSchema,
    response: ThreadSchema,
  },
  'history.export': {
    ...HTTP_ENDPOINTS['history.export'],
    operations: ['history.export'],
    caller: 'agent',
    summary: 'A thread as a Markdown document with its sources as footnotes; with format=markdown, pdf or docx, the file itself.',
    query: HistoryExportParametersSchema,
    numericQuery: ['turn'],
    response: HistoryMarkdownExportSchema,
  },
  'history.delete': {
    ...HTTP_ENDPOINTS['history.delete'],
    operations: ['history.delete'],
    caller: 'agent',
    summary: 'Deletes a thread and its turns.',
    query: CallParametersSchema,
    response: HistoryDeleteResponseSchema,
  },
  'captcha.pending': {
    ...HTTP_ENDPOINTS['captcha.pending'],
    operations: ['captcha.pending'],
    caller: 'agent',
    summary: 'Engines paused by a CAPTCHA or consent wall.',
    query: CallParametersSchema,
    response: CaptchaPendingResponseSchema,
  },
  'captcha.wait': {
    ...HTTP_ENDPOINTS['captcha.wait'],
    operations: ['captcha.wait'],
    caller: 'agent',
    summary: "Waits until an engine's block is solved, its pause runs out, or timeoutMs passes.",
    body: CaptchaWaitRequestSchema,
    query: CallParametersSchema,
    response: CaptchaWaitResponseSchema,
  },
  health: {
    ...HTTP_ENDPOINTS.health,
    operations: [],
    caller: 'agent',
    bookkeeping: true,
    summary: 'Version, browser state, engine suspensions and open MCP sessions (no secrets).',
    query: CallParametersSchema,
    response: HealthResponseSchema,
  },
  openapi: {
    ...HTTP_ENDPOINTS.openapi,
    operations: [],
    caller: 'agent',
    bookkeeping: true,
    summary: 'This document (OpenAPI 3.1), generated from the contract schemas.',
    query: CallParametersSchema,
    response: z.record(z.string(), z.unknown()),
  },
  'settings.get': {
    ...HTTP_ENDPOINTS['settings.get'],
    operations: ['settings.get'],
    caller: 'ui',
    summary: 'The settings (web UI only).',
    query: CallParametersSchema,
    response: SettingsSchema,
  },
  'settings.update': {
    ...HTTP_ENDPOINTS['settings.update'],
    operations: ['settings.update'],
    caller: 'ui',
    summary: 'Changes some settings; what the body leaves out stays (web UI only).',
    body: SettingsPatchSchema,
    query: CallParametersSchema,
    response: SettingsSchema,
  },
  'settings.reset': {
    ...HTTP_ENDPOINTS['settings.reset'],
    operations: ['settings.reset'],
    caller: 'ui',
    summary: 'Back to the default settings (web UI only).',
    query: CallParametersSchema,
    response: SettingsSchema,
  },
  'access.token': {
    ...HTTP_ENDPOINTS['access.token'],
    operations: ['access.token'],
    caller: 'ui',
    summary: "The agents' bearer token, to copy (web UI only).",
    query: CallParametersSchema,
    response: TokenResponseSchema,
  },
  'access.rotateToken': {
    ...HTTP_ENDPOINTS['access.rotateToken'],
    operations: ['access.rotateToken'],
    caller: 'ui',
    summary: 'Replaces the bearer token; the old one stops working at once (web UI only).',
    query: CallParametersSchema,
    response: TokenResponseSchema,
  },
  'access.llmKeyState': {
    ...HTTP_ENDPOINTS['access.llmKeyState'],
    operations: ['access.llmKeyState'],
    caller: 'ui',
    summary: 'Whether a model API key is stored; never the key (web UI only).',
    query: CallParametersSchema,
    response: LlmKeyResponseSchema,
  },
  'access.setLlmKey': {
    ...HTTP_ENDPOINTS['access.setLlmKey'],
    operations: ['access.setLlmKey'],
    caller: 'ui',
    summary: "Stores the model's API key in the 0600 file llm-key, or removes it with null (web UI only).",
    body: LlmKeyRequestSchema,
    query: CallParametersSchema,
    response: LlmKeyResponseSchema,
  },
  resetSearchSession: {
    ...HTTP_ENDPOINTS.resetSearchSession,
    operations: ['resetSearchSession'],
    caller: 'ui',
    summary: "Forgets the search browser's cookies and storage (web UI only).",
    query: CallParametersSchema,
    response: z.object({ reset: z.literal(true) }),
  },
  'captcha.solve': {
    ...HTTP_ENDPOINTS['captcha.solve'],
    operations: ['captcha.solve'],
    caller: 'ui',
    summary: "Shows an engine's CAPTCHA to the person in a visible window; resolves when solved (web UI only).",
    body: CaptchaSolveRequestSchema,
    query: CallParametersSchema,
    response: CaptchaSolveResponseSchema,
  },
} as const satisfies { [Name in keyof typeof HTTP_ENDPOINTS]: HttpRoute };

export type HttpRouteName = keyof typeof HTTP_ROUTES;

/** The routes one kind of caller reaches, by name. */
export type HttpRouteNameFor<Caller extends HttpRoute['caller']> = {
  [Name in HttpRouteName]: (typeof HTTP_ROUTES)[Name]['caller'] extends Caller ? Name : never;
}[HttpRouteName];

/** The table's routes for one kind of caller, in the table's order (the OpenAPI document's). */
export function httpRoutesFor(caller: HttpRoute['caller']): Array<[HttpRouteName, HttpRoute]> {
  return (Object.entries(HTTP_ROUTES) as Array<[HttpRouteName, HttpRoute]>).filter(([, route]) => route.caller === caller);
}
