/**
 * The REST v1 routes: each a thin adapter from an HTTP request to one ResearchApi call. The
 * table is also the OpenAPI document's source (openapi.ts), so what is served and what is
 * documented cannot drift apart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import type { LlmKeyState, ResearchApi } from '../../shared/api';
import { AnswerRequestSchema, AnswerResponseSchema, type AnswerEvent, type AnswerResponse } from '../../shared/answer-contract';
import { CaptchaPendingResponseSchema, CaptchaWaitRequestSchema, CaptchaWaitResponseSchema } from '../../shared/captcha-contract';
import { FetchRequestSchema, FetchResponseSchema, type FetchResponse } from '../../shared/fetch-contract';
import {
  FullTextHitSchema,
  HistoryDeleteResponseSchema,
  HistoryExportResponseSchema,
  HistoryListRequestSchema,
  HistorySearchRequestSchema,
  ThreadSchema,
  ThreadSummarySchema,
} from '../../shared/history-contract';
import {
  AnswerParametersSchema,
  ApiSearchRequestSchema,
  ApiSearchResponseSchema,
  CallParametersSchema,
  HealthResponseSchema,
  TextCallParametersSchema,
  type HealthResponse,
  type MultiSearchResponse,
  type TextFormat,
} from './api-schemas';
import type { SearchResponse } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import { formatCitedAnswer, formatCitedResults } from '../../shared/format/cited';
import { formatCompactResults } from '../../shared/format/compact';
import { formatFetchedText } from '../../shared/format/fetched-text';
import { oneLine } from '../../shared/format/one-line';
import { escapeWrapperTags } from '../../shared/format/untrusted';
import { publicErrorInfo } from './http-errors';
import { openEventStream } from './sse';

export interface RouteContext {
  api: ResearchApi;
  /** The body, validated by the route's `body` schema (undefined without one). */
  body: unknown;
  /** The query string, validated by the route's `query` schema. */
  query: Record<string, unknown>;
  /** Path parameters such as {id}, as strings. */
  params: Record<string, string>;
  /** Aborted when the client goes away or the server shuts down. */
  signal: AbortSignal;
  req: IncomingMessage;
  res: ServerResponse;
  health: () => Promise<HealthResponse>;
  openapi: () => unknown;
  heartbeatMs: number;
  /** The server's log, for what a client must not see (an internal error's details). */
  log: (message: string) => void;
  /** Who is calling: an agent with the bearer token, or the person in the web UI (web-ui.ts). */
  caller?: 'agent' | 'ui';
  /** Web mode's extra powers, present for UI callers only (ui-routes.ts). */
  ui?: UiPowers;
}

/** What only the person in the web UI may do (docs/security.md, "Web UI"). */
export interface UiPowers {
  /** The API token, to copy into an agent's configuration. */
  token(): string;
  /** Replaces the token; agents with the old one are refused from then on. */
  rotateToken(): string;
  /** Stores (or with null removes) the model's key in the secret store; its state after. */
  setLlmKey(key: string | null): LlmKeyState;
  llmKeyState(): LlmKeyState;
}

/** A handler that has already written its own response (an event stream). */
export const STREAMED = Symbol('streamed');

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** With {name} path parameters. */
  path: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Query parameters that are numbers (a query string carries only text). */
  numericQuery?: string[];
  response: z.ZodType;
  /** Also answers `Accept: text/event-stream` with this event schema. */
  events?: z.ZodType;
  /** The response as text/plain for `format=compact|cited` (src/shared/format/), same text as the MCP tools. */
  text?: Record<TextFormat, (response: never) => string>;
  handle(context: RouteContext): Promise<unknown>;
}

/** The thread id as the path gave it: history.* validates it like any other request (INVALID_INPUT). */
const idParam = (context: RouteContext): string => context.params['id'] as string;
/** CallParametersSchema gives it its default ('default'). */
const session = (context: RouteContext): string => context.query['session'] as string;

export const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/v1/search',
    summary: 'Search the web: one `query`, or `queries` (run through the engine queue, each with its own result or error).',
    body: ApiSearchRequestSchema,
    query: TextCallParametersSchema,
    response: ApiSearchResponseSchema,
    text: { compact: searchText(formatCompactResults), cited: searchText(formatCitedResults) },
    async handle(context) {
      const body = context.body as z.input<typeof ApiSearchRequestSchema>;
      const options = { session: session(context), signal: context.signal, ...(context.caller === 'ui' ? { recordHistory: true } : {}) };
      if (!('queries' in body)) return context.api.search(body, options);
      const { queries, ...common } = body;
      const settled = await Promise.allSettled(queries.map((query) => context.api.search({ ...common, query }, options)));
      const response: MultiSearchResponse = {
        results: settled.map((outcome, i) => {
          const query = queries[i] as string;
          return outcome.status === 'fulfilled'
            ? { query, ok: true as const, response: outcome.value }
            : { query, ok: false as const, error: publicErrorInfo(outcome.reason, context.log) };
        }),
      };
      return response;
    },
  },
  {
    method: 'POST',
    path: '/v1/fetch',
    summary: 'A URL, several URLs, a prompt with URLs, or result N of a search → main content as Markdown.',
    body: FetchRequestSchema,
    query: TextCallParametersSchema,
    response: FetchResponseSchema,
    // A page's text is wrapped with its URL either way: compact and cited are the same text.
    text: { compact: (response: FetchResponse) => formatFetchedText(response), cited: (response: FetchResponse) => formatFetchedText(response) },
    handle: (context) => context.api.fetch(context.body as z.input<typeof FetchRequestSchema>, { session: session(context), signal: context.signal }),
  },
  {
    method: 'POST',
    path: '/v1/answer',
    summary: 'A question → a short answer citing numbered sources. With `Accept: text/event-stream`, its steps as server-sent events, `done` last.',
    body: AnswerRequestSchema,
    query: AnswerParametersSchema,
    response: AnswerResponseSchema,
    events: z.custom<AnswerEvent>(),
    // An answer's text always carries its numbered sources with their URLs.
    text: { compact: (response: AnswerResponse) => formatCitedAnswer(response), cited: (response: AnswerResponse) => formatCitedAnswer(response) },
    async handle(context) {
      const request = context.body as z.input<typeof AnswerRequestSchema>;
      const threadId = context.query['threadId'] as number | undefined;
      const options = {
        session: session(context),
        signal: context.signal,
        ...(threadId === undefined ? {} : { threadId }),
        // The person's questions are their research history; an agent's are not.
        ...(context.caller === 'ui' ? { recordHistory: true } : {}),
      };
      if (!(context.req.headers.accept ?? '').includes('text/event-stream')) return context.api.answer(request, options);
      if (context.query['format'] !== 'json') {
        throw new LanternError('INVALID_INPUT', "The event stream is JSON events: drop format, or drop 'Accept: text/event-stream' for the answer as text.");
      }
      const stream = openEventStream(context.res, context.heartbeatMs);
      let errorSent = false;
      // The web UI also needs what only the response holds (follow-ups, the thread id): it gets a
      // `response` event just before `done`, which stays last. Agents' streams are unchanged.
      let heldDone: AnswerEvent | undefined;
      try {
        const response = await context.api.answer(request, {
          ...options,
          onEvent: (event) => {
            if (event.type === 'done' && context.caller === 'ui') {
              heldDone = event;
              return;
            }
            if (event.type !== 'error') return stream.send(event.type, event);
            errorSent = true;
            // The pipeline tells an unexpected failure's own message, which may name paths.
            const error = event.error.code === 'INTERNAL' ? publicErrorInfo(new Error(event.error.message), context.log) : event.error;
            stream.send('error', { type: 'error', error });
          },
        });
        if (heldDone) {
          stream.send('response', { type: 'response', response });
          stream.send('done', heldDone);
        }
      } catch (error) {
        if (!errorSent) stream.send('error', { type: 'error', error: publicErrorInfo(error, context.log) });
      } finally {
        stream.end();
      }
      return STREAMED;
    },
  },
  {
    method: 'GET',
    path: '/v1/history',
    summary: 'Research threads, most recently active first.',
    query: HistoryListRequestSchema.extend(CallParametersSchema.shape),
    numericQuery: ['limit', 'offset'],
    response: z.array(ThreadSummarySchema),
    handle: (context) => context.api.history.list({ limit: context.query['limit'] as number, offset: context.query['offset'] as number }),
  },
  {
    method: 'GET',
    path: '/v1/history/search',
    summary: 'Ranked full-text search over questions, answers and fetched pages.',
    query: HistorySearchRequestSchema.extend(CallParametersSchema.shape),
    numericQuery: ['limit'],
    response: z.array(FullTextHitSchema),
    handle: (context) =>
      context.api.history.search({
        text: context.query['text'] as string,
        scope: context.query['scope'] as 'all' | 'history' | 'pages',
        limit: context.query['limit'] as number,
      }),
  },
  {
    method: 'GET',
    path: '/v1/history/{id}',
    summary: 'One thread with its turns.',
    query: CallParametersSchema,
    response: ThreadSchema,
    handle: (context) => context.api.history.get({ id: idParam(context) }),
  },
  {
    method: 'GET',
    path: '/v1/history/{id}/export',
    summary: 'A thread as a Markdown document with its sources as footnotes.',
    query: CallParametersSchema,
    response: HistoryExportResponseSchema,
    handle: (context) => context.api.history.export({ id: idParam(context) }),
  },
  {
    method: 'DELETE',
    path: '/v1/history/{id}',
    summary: 'Deletes a thread and its turns.',
    query: CallParametersSchema,
    response: HistoryDeleteResponseSchema,
    handle: (context) => context.api.history.delete({ id: idParam(context) }),
  },
  {
    method: 'GET',
    path: '/v1/captcha/pending',
    summary: 'Engines paused by a CAPTCHA or consent wall.',
    query: CallParametersSchema,
    response: CaptchaPendingResponseSchema,
    handle: (context) => context.api.captcha.pending(),
  },
  {
    method: 'POST',
    path: '/v1/captcha/wait',
    summary: "Waits until an engine's block is solved, its pause runs out, or timeoutMs passes.",
    body: CaptchaWaitRequestSchema,
    query: CallParametersSchema,
    response: CaptchaWaitResponseSchema,
    handle: (context) => context.api.captcha.wait(context.body as z.input<typeof CaptchaWaitRequestSchema>, { signal: context.signal }),
  },
  {
    method: 'GET',
    path: '/v1/health',
    summary: 'Version, browser state and engine suspensions (no secrets).',
    query: CallParametersSchema,
    response: HealthResponseSchema,
    handle: (context) => context.health(),
  },
  {
    method: 'GET',
    path: '/v1/openapi.json',
    summary: 'This document (OpenAPI 3.1), generated from the contract schemas.',
    query: CallParametersSchema,
    response: z.record(z.string(), z.unknown()),
    handle: (context) => Promise.resolve(context.openapi()),
  },
];

/**
 * A search's text: one query's response rendered as it is; several queries' outcomes one after
 * another, a failed one as a line with its code, as fetched-text.ts tells one failure in a batch
 * (on one line, unable to pass for the untrusted-content wrapper).
 */
function searchText(render: (response: SearchResponse) => string): (response: SearchResponse | MultiSearchResponse) => string {
  return (response) =>
    'results' in response && !('searchId' in response)
      ? response.results
          .map((outcome) =>
            outcome.ok ? render(outcome.response) : escapeWrapperTags(oneLine(`A search for '${outcome.query}' failed: ${outcome.error.code}: ${outcome.error.message}`)),
          )
          .join('\n\n')
      : render(response);
}

/** The route for a method and path, with its path parameters; undefined when none matches. */
export function matchRoute(
  method: string,
  pathname: string,
  routes: readonly Route[] = ROUTES,
): { route: Route; params: Record<string, string> } | { allowed: string[] } | undefined {
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { allowed } : undefined;
}

function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    const value = got[i] as string;
    if (part.startsWith('{')) {
      if (value === '') return undefined;
      // The only path parameter is a thread id: no percent-decoding, whose failure would be a 500.
      params[part.slice(1, -1)] = value;
    } else if (part !== value) return undefined;
  }
  return params;
}
