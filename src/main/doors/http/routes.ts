/**
 * The REST v1 routes: the shared route table (src/shared/http-routes.ts, derived from the
 * operations table) served by one generic handler, a thin adapter from an HTTP request to one
 * ResearchApi call, plus the handlers of the door's own routes (research.stop, health, OpenAPI).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResearchApi } from '../../../shared/api';
import type { AnswerResponse } from '../../../shared/answer-contract';
import type { FetchResponse } from '../../../shared/fetch-contract';
import type { ExportFormat } from '../../../shared/history-contract';
import type { HealthResponse, TextFormat } from '../../../shared/http-contract';
import { httpRoutesFor, type DoorRouteName, type HttpRoute } from '../../../shared/http-routes';
import { OPERATION_SCHEMAS, type OperationSchemas } from '../../../shared/operation-schemas';
import type { ErrorInfo, SearchManyResponse, SearchResponse } from '../../../shared/contract';
import { operationSpec, type OperationName } from '../../../shared/operations';
import type { ResearchReport } from '../../../shared/research-contract';
import { LanternError } from '../../../shared/errors';
import { formatCitedAnswer, formatCitedReport, formatCitedResults } from '../../../shared/format/cited';
import { formatCompactResults } from '../../../shared/format/compact';
import { formatFetchedText } from '../../../shared/format/fetched-text';
import { formatLibraryPassages } from '../../../shared/format/library-passages';
import type { LibrarySearchResponse } from '../../../shared/library-contract';
import { formatSearchOutcomes } from '../../../shared/format/search-outcomes';
import { callerOptions, type Caller } from '../../common/caller';
import { callOperation } from '../../common/operation-call';
import type { RunRegistry } from '../../common/run-registry';
import { publicErrorInfo } from './http-errors';
import { sendExport } from './export-response';
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
  /** Research runs started with a runId, by caller and id: research.stop ends one. */
  runs: RunRegistry;
  req: IncomingMessage;
  res: ServerResponse;
  health: () => Promise<HealthResponse>;
  openapi: () => unknown;
  heartbeatMs: number;
  /** The server's log, for what a client must not see (an internal error's details). */
  log: (message: string) => void;
  /** Who is calling: an agent with the bearer token, or the person in the web UI (web-ui.ts). */
  caller: 'agent' | 'ui';
}

/** A handler that has already written its own response (an event stream). */
export const STREAMED = Symbol('streamed');

export interface Route extends HttpRoute {
  /** The response as text/plain for `format=compact|cited` (src/shared/format/), same text as the MCP tools. */
  text?: Record<TextFormat, (response: never) => string>;
  handle(context: RouteContext): Promise<unknown>;
}

/** A search's text: one query's response as it is, several queries' outcomes as formatSearchOutcomes tells them. */
function searchText(
  render: (response: SearchResponse) => string,
): (response: SearchResponse | SearchManyResponse) => string {
  return (response) => ('searchId' in response ? render(response) : formatSearchOutcomes(response, render));
}

/** The text of each route with `plainText`, by route name. */
const TEXT: Record<string, Record<TextFormat, (response: never) => string>> = {
  search: { compact: searchText(formatCompactResults), cited: searchText(formatCitedResults) },
  // A page's text is wrapped with its URL either way: compact and cited are the same text.
  fetch: {
    compact: (response: FetchResponse) => formatFetchedText(response),
    cited: (response: FetchResponse) => formatFetchedText(response),
  },
  // An answer's text always carries its numbered sources with their URLs.
  answer: {
    compact: (response: AnswerResponse) => formatCitedAnswer(response),
    cited: (response: AnswerResponse) => formatCitedAnswer(response),
  },
  // A report's text always carries its sources as footnotes with their URLs.
  'research.run': {
    compact: (report: ResearchReport) => formatCitedReport(report),
    cited: (report: ResearchReport) => formatCitedReport(report),
  },
  // Passages always carry their document's title and path.
  'library.search': {
    compact: (response: LibrarySearchResponse) => formatLibraryPassages(response),
    cited: (response: LibrarySearchResponse) => formatLibraryPassages(response),
  },
};

/** The door's own routes: they carry no operation. */
const DOOR_HANDLERS: Record<DoorRouteName, Route['handle']> = {
  'research.stop': (context) => {
    const { runId } = context.body as { runId: string };
    return Promise.resolve({ stopped: context.runs.cancel(runOwner(context), runId) });
  },
  health: (context) => context.health(),
  openapi: (context) => Promise.resolve(context.openapi()),
};

/**
 * Operations whose HTTP answer can be a file rather than JSON: a thread's export with
 * format=markdown|pdf|docx is the document itself, with its media type and a download name.
 */
const FILE_HANDLERS: Partial<Record<OperationName, Route['handle']>> = {
  'history.export': async (context) => {
    const format = context.query['format'] as 'json' | ExportFormat;
    const turn = context.query['turn'] as number | undefined;
    const exported = await context.api.history.export({
      id: context.params['id'] as string,
      format: format === 'json' ? 'markdown' : format,
      ...(turn === undefined ? {} : { turn }),
    });
    if (format === 'json') return exported;
    sendExport(context.res, exported);
    return STREAMED;
  },
};

/** Query parameters of the door, never part of an operation's request. */
const DOOR_PARAMETERS = new Set(['session', 'format', 'runId']);

/** The operation a request on a route calls: the one whose `when` field the body has, else the route's own. */
function operationOf(route: HttpRoute, body: unknown): OperationName {
  const [own, ...sharing] = route.operations as [OperationName, ...OperationName[]];
  const when = sharing.find((name) => {
    const field = operationSpec(name).http?.when;
    return field !== undefined && typeof body === 'object' && body !== null && field in body;
  });
  return when ?? own;
}

/** The request of a route without a body: its path parameters and its query's own fields (a thread id as the path gave it: the service validates it). */
function requestOf(name: OperationName, route: HttpRoute, context: RouteContext): unknown {
  if (route.body) return context.body;
  const own = (key: string): boolean =>
    !DOOR_PARAMETERS.has(key) && !operationSpec(name).options?.includes(key as never);
  const fields = {
    ...Object.fromEntries(Object.entries(context.query).filter(([key]) => own(key))),
    ...context.params,
  };
  return (OPERATION_SCHEMAS[name] as OperationSchemas).request ? fields : undefined;
}

/** One operation's call: the caller's options, the call options the query may set, events as SSE when asked. */
async function handleOperation(route: HttpRoute, context: RouteContext): Promise<unknown> {
  const name = operationOf(route, context.body);
  const spec = operationSpec(name);
  const request = requestOf(name, route, context);
  const caller: Caller = { session: context.query['session'] as string, person: context.caller === 'ui' };
  const run = spec.http?.stoppedBy ? stoppable(context) : undefined;
  try {
    const set = Object.fromEntries(
      (spec.options ?? []).flatMap((option) =>
        context.query[option] === undefined ? [] : [[option, context.query[option]]],
      ),
    );
    const options = { ...callerOptions(caller, run?.signal ?? context.signal), ...set };
    if (!spec.events || !wantsEventStream(context, name))
      return await callOperation(context.api, name, request, options);
    // The web UI also needs what only the response holds (follow-ups, the thread id): it gets a
    // `response` event just before `done`. Agents' streams have it where the route says.
    return await streamEvents(
      context,
      (onEvent) => callOperation(context.api, name, request, { ...options, onEvent }),
      context.caller === 'ui' || route.responseEventForAgents === true,
    );
  } finally {
    run?.release();
  }
}

function withHandlers(caller: HttpRoute['caller']): Route[] {
  const routes = httpRoutesFor(caller).map(([name, route]): Route => {
    const door = (DOOR_HANDLERS as Record<string, Route['handle'] | undefined>)[name];
    const text = route.plainText ? TEXT[name] : undefined;
    if (route.plainText && !text) throw new Error(`The route ${name} answers text/plain but has no text in routes.ts`);
    const file = FILE_HANDLERS[route.operations[0] as OperationName];
    return {
      ...route,
      ...(text ? { text } : {}),
      handle: door ?? file ?? ((context) => handleOperation(route, context)),
    };
  });
  // A literal path such as /v1/history/search before /v1/history/{id}.
  return [
    ...routes.filter((route) => !route.path.includes('{')),
    ...routes.filter((route) => route.path.includes('{')),
  ];
}

/** The routes agents (and the web UI) reach, and those only the web UI's session reaches. */
export const ROUTES: Route[] = withHandlers('agent');
export const UI_ROUTES: Route[] = withHandlers('ui');

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
const runOwner = (context: RouteContext): string => `http:${context.caller}`;

/**
 * A run given ?runId= can be stopped by research.stop without closing its connection, so the
 * report of what was read still comes back. Undefined without a runId.
 */
function stoppable(context: RouteContext): { signal: AbortSignal; release: () => void } | undefined {
  const runId = context.query['runId'] as string | undefined;
  return runId === undefined ? undefined : context.runs.start(runOwner(context), runId, context.signal);
}

/** Whether the caller asked for the steps as server-sent events (which are JSON whatever `format` says). */
function wantsEventStream(context: RouteContext, name: OperationName): boolean {
  if (!(context.req.headers.accept ?? '').includes('text/event-stream')) return false;
  if (context.query['format'] !== 'json') {
    throw new LanternError(
      'INVALID_INPUT',
      `The event stream is JSON events: drop format, or drop 'Accept: text/event-stream' for the ${name} response as text.`,
    );
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
