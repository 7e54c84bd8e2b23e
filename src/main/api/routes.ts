/**
 * The REST v1 routes: the shared route table (src/shared/http-routes.ts) with a handler each, a
 * thin adapter from an HTTP request to one ResearchApi call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod';
import type { LlmKeyState, ResearchApi } from '../../shared/api';
import type { AnswerEvent, AnswerRequestSchema, AnswerResponse } from '../../shared/answer-contract';
import type { CaptchaWaitRequestSchema } from '../../shared/captcha-contract';
import type { FetchRequestSchema, FetchResponse } from '../../shared/fetch-contract';
import type { ExportFormat } from '../../shared/history-contract';
import type { ApiSearchRequestSchema, HealthResponse, TextFormat } from '../../shared/http-contract';
import { httpRoutesFor, type HttpRoute, type HttpRouteNameFor } from '../../shared/http-routes';
import type { ErrorInfo, SearchManyResponse, SearchResponse } from '../../shared/contract';
import type { ResearchEvent, ResearchPlanRequestInput, ResearchReport, ResearchRequestInput } from '../../shared/research-contract';
import { LanternError } from '../../shared/errors';
import { formatCitedAnswer, formatCitedReport, formatCitedResults } from '../../shared/format/cited';
import { formatCompactResults } from '../../shared/format/compact';
import { formatFetchedText } from '../../shared/format/fetched-text';
import { formatSearchOutcomes } from '../../shared/format/search-outcomes';
import { sendExport } from './export-response';
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
  /** Research runs started with a runId, by caller and id: research.stop ends one (one map per server). */
  stoppableRuns: Map<string, AbortController>;
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

export interface Route extends HttpRoute {
  /** The response as text/plain for `format=compact|cited` (src/shared/format/), same text as the MCP tools. */
  text?: Record<TextFormat, (response: never) => string>;
  handle(context: RouteContext): Promise<unknown>;
}

/** What the router adds to a route of the table. */
export type RouteHandler = Pick<Route, 'text' | 'handle'>;

/**
 * The table's routes for `caller` in the table's order (a literal path such as /v1/history/search
 * before /v1/history/{id}), each with its handler: the types require one for every route.
 */
export function withHandlers<Caller extends HttpRoute['caller']>(caller: Caller, handlers: { [Name in HttpRouteNameFor<Caller>]: RouteHandler }): Route[] {
  return httpRoutesFor(caller).map(([name, route]) => ({ ...route, ...(handlers as Record<string, RouteHandler>)[name] }) as Route);
}

/** The thread id as the path gave it: history.* validates it like any other request (INVALID_INPUT). */
const idParam = (context: RouteContext): string => context.params['id'] as string;
/** CallParametersSchema gives it its default ('default'). */
const session = (context: RouteContext): string => context.query['session'] as string;

export const ROUTES: Route[] = withHandlers('agent', {
  search: {
    text: { compact: searchText(formatCompactResults), cited: searchText(formatCitedResults) },
    handle(context) {
      const body = context.body as z.output<typeof ApiSearchRequestSchema>;
      const options = { session: session(context), signal: context.signal, ...(context.caller === 'ui' ? { recordHistory: true } : {}) };
      return 'queries' in body ? context.api.searchMany(body, options) : context.api.search(body, options);
    },
  },
  fetch: {
    // A page's text is wrapped with its URL either way: compact and cited are the same text.
    text: { compact: (response: FetchResponse) => formatFetchedText(response), cited: (response: FetchResponse) => formatFetchedText(response) },
    handle: (context) => context.api.fetch(context.body as z.input<typeof FetchRequestSchema>, { session: session(context), signal: context.signal }),
  },
  answer: {
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
      if (!wantsEventStream(context, 'answer')) return context.api.answer(request, options);
      // The web UI also needs what only the response holds (follow-ups, the thread id): it gets a
      // `response` event just before `done`. Agents' streams are unchanged.
      return streamEvents<AnswerEvent>(context, (onEvent) => context.api.answer(request, { ...options, onEvent }), context.caller === 'ui');
    },
  },
  'research.plan': {
    handle: (context) => context.api.research.plan(context.body as ResearchPlanRequestInput, { session: session(context), signal: context.signal }),
  },
  'research.run': {
    // A report's text always carries its sources as footnotes with their URLs.
    text: { compact: (report: ResearchReport) => formatCitedReport(report), cited: (report: ResearchReport) => formatCitedReport(report) },
    async handle(context) {
      const request = context.body as ResearchRequestInput;
      const stop = stoppable(context);
      try {
        return await runResearch(context, request, stop?.signal ?? context.signal);
      } finally {
        stop?.release();
      }
    },
  },
  'research.stop': {
    handle(context) {
      const { runId } = context.body as { runId: string };
      const run = context.stoppableRuns.get(runKey(context, runId));
      run?.abort(new LanternError('CANCELLED', 'Stopped by the caller.'));
      return Promise.resolve({ stopped: run !== undefined });
    },
  },
  'history.list': {
    handle: (context) => context.api.history.list({ limit: context.query['limit'] as number, offset: context.query['offset'] as number }),
  },
  'history.search': {
    handle: (context) =>
      context.api.history.search({
        text: context.query['text'] as string,
        scope: context.query['scope'] as 'all' | 'history' | 'pages',
        limit: context.query['limit'] as number,
      }),
  },
  'history.get': { handle: (context) => context.api.history.get({ id: idParam(context) }) },
  'history.export': {
    async handle(context) {
      const format = context.query['format'] as 'json' | ExportFormat;
      const turn = context.query['turn'] as number | undefined;
      const exported = await context.api.history.export({ id: idParam(context), format: format === 'json' ? 'markdown' : format, ...(turn === undefined ? {} : { turn }) });
      if (format === 'json') return exported;
      sendExport(context.res, exported);
      return STREAMED;
    },
  },
  'history.delete': { handle: (context) => context.api.history.delete({ id: idParam(context) }) },
  'captcha.pending': { handle: (context) => context.api.captcha.pending() },
  'captcha.wait': {
    handle: (context) => context.api.captcha.wait(context.body as z.input<typeof CaptchaWaitRequestSchema>, { signal: context.signal }),
  },
  health: { handle: (context) => context.health() },
  openapi: { handle: (context) => Promise.resolve(context.openapi()) },
});

/** A search's text: one query's response as it is, several queries' outcomes as formatSearchOutcomes tells them. */
function searchText(render: (response: SearchResponse) => string): (response: SearchResponse | SearchManyResponse) => string {
  return (response) => ('searchId' in response ? render(response) : formatSearchOutcomes(response, render));
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

/** A caller's runs are theirs to stop: the web UI's and agents' ids never meet. */
const runKey = (context: RouteContext, runId: string): string => `${context.caller ?? 'agent'}:${runId}`;

/**
 * A run given ?runId= can be stopped by research.stop without closing its connection, so the
 * report of what was read still comes back. Undefined without a runId.
 */
function stoppable(context: RouteContext): { signal: AbortSignal; release: () => void } | undefined {
  const runId = context.query['runId'] as string | undefined;
  if (runId === undefined) return undefined;
  const key = runKey(context, runId);
  if (context.stoppableRuns.has(key)) throw new LanternError('INVALID_INPUT', `runId ${runId} is already in use by a run of yours: choose a new one for each run.`);
  const stop = new AbortController();
  context.stoppableRuns.set(key, stop);
  return { signal: AbortSignal.any([context.signal, stop.signal]), release: () => context.stoppableRuns.delete(key) };
}

async function runResearch(context: RouteContext, request: ResearchRequestInput, signal: AbortSignal): Promise<unknown> {
  const options = {
    session: session(context),
    signal,
    // The person's research is their history, and they are at hand to solve a CAPTCHA; an agent's is neither.
    ...(context.caller === 'ui' ? { recordHistory: true, interactive: true } : {}),
  };
  if (!wantsEventStream(context, 'report')) return context.api.research.run(request, options);
  // The report is only in the run's result: every caller gets it as a `response` event.
  return streamEvents<ResearchEvent>(context, (onEvent) => context.api.research.run(request, { ...options, onEvent }), true);
}

/** Whether the caller asked for the steps as server-sent events (which are JSON whatever `format` says). */
function wantsEventStream(context: RouteContext, what: string): boolean {
  if (!(context.req.headers.accept ?? '').includes('text/event-stream')) return false;
  if (context.query['format'] !== 'json') {
    throw new LanternError('INVALID_INPUT', `The event stream is JSON events: drop format, or drop 'Accept: text/event-stream' for the ${what} as text.`);
  }
  return true;
}

/**
 * A call's events as server-sent events, an unexpected failure's own message kept to the log.
 * With `withResponse`, the call's result follows as a `response` event just before `done`, which
 * stays last.
 */
async function streamEvents<E extends { type: string; error?: ErrorInfo | undefined }>(
  context: RouteContext,
  call: (onEvent: (event: E) => void) => Promise<unknown>,
  withResponse: boolean,
): Promise<typeof STREAMED> {
  const stream = openEventStream(context.res, context.heartbeatMs);
  let errorSent = false;
  let heldDone: E | undefined;
  try {
    const result = await call((event) => {
      if (event.type === 'done' && withResponse) {
        heldDone = event;
        return;
      }
      const told = event.type === 'error' ? event.error : undefined;
      if (told === undefined) return stream.send(event.type, event);
      errorSent = true;
      // The pipeline tells an unexpected failure's own message, which may name paths.
      const error = told.code === 'INTERNAL' ? publicErrorInfo(new Error(told.message), context.log) : told;
      stream.send('error', { type: 'error', error });
    });
    if (withResponse) {
      stream.send('response', { type: 'response', response: result });
      if (heldDone) stream.send('done', heldDone);
    }
  } catch (error) {
    if (!errorSent) stream.send('error', { type: 'error', error: publicErrorInfo(error, context.log) });
  } finally {
    stream.end();
  }
  return STREAMED;
}
