/**
 * ResearchApi over the local HTTP API of `lantern serve` (web mode): each operation at its
 * method and path in the operations table (src/shared/operations.ts) — a GET's request as query
 * parameters, a POST's as the JSON body — and the steps of an operation with events as
 * server-sent events read from a fetch() body (EventSource cannot POST). Authentication is the
 * session cookie the server set when the printed link was opened; this code never sees a token,
 * and the browser sends the cookie to this origin only.
 */
import type { ErrorInfo } from '../../../shared/contract';
import { LanternError } from '../../../shared/errors';
import type { HistoryExportRequest, HistoryExportResponse } from '../../../shared/history-contract';
import { HTTP_DOOR_ENDPOINTS, pathParameters, routePath, type HttpEndpoint } from '../../../shared/http-endpoints';
import { operationSpec, type OperationName } from '../../../shared/operations';
import { createApiClient, type ApiClient, type Transport, type TransportOptions } from './api-client';

/** The UI's numbered results, apart from any agent's. */
const SESSION = 'ui';

interface RequestParts {
  /** The route's {name} path parameters. */
  params?: Record<string, unknown>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  accept?: string;
}

function urlOf(route: HttpEndpoint, parts: RequestParts): string {
  const params = new URLSearchParams({ session: SESSION });
  for (const [key, value] of Object.entries(parts.query ?? {})) if (value !== undefined) params.set(key, String(value));
  return `${routePath(route, parts.params)}?${params.toString()}`;
}

/** Why the client failed, for screens to tell apart (ErrorInfo.details.reason). */
export const SERVER_UNREACHABLE = 'server-unreachable';

function unreachable(cause: unknown): LanternError {
  return new LanternError(
    'INTERNAL',
    "Lantern's server does not answer. If you stopped `lantern serve` (or `npm start`), start it again and open the new link it prints.",
    { cause, details: { reason: SERVER_UNREACHABLE } },
  );
}

/** The server's `{error: {code, message}}` as a LanternError; anything else as what it is. */
async function errorOf(response: Response): Promise<LanternError> {
  let info: ErrorInfo | undefined;
  try {
    info = ((await response.json()) as { error?: ErrorInfo }).error;
  } catch {
    // not JSON: said below
  }
  if (response.status === 401 && info?.code === 'UNAUTHORIZED') {
    return new LanternError(
      'UNAUTHORIZED',
      'This browser is not signed in to Lantern (or the server restarted). Open the link that `lantern serve` printed; each link works once, so restart it for a new one.',
      info.details === undefined ? {} : { details: info.details },
    );
  }
  if (info) {
    return new LanternError(info.code, info.message, {
      ...(info.retryAfterMs === undefined ? {} : { retryAfterMs: info.retryAfterMs }),
      ...(info.details === undefined ? {} : { details: info.details }),
    });
  }
  return new LanternError(
    'INTERNAL',
    `The server answered HTTP ${response.status} without an explanation. Try again; if it repeats, restart lantern serve.`,
  );
}

/** Reads `event:`/`data:` blocks off the stream as they arrive; comment lines are heartbeats. */
async function readEvents(
  response: Response,
  onEvent: (type: string, data: unknown) => void,
  signal?: AbortSignal,
): Promise<void> {
  const body = response.body;
  if (!body) throw new LanternError('INTERNAL', 'The answer stream arrived without a body.');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (type && data !== undefined) onEvent(type, JSON.parse(data) as unknown);
      }
    }
  } catch (error) {
    if (signal?.aborted) throw new LanternError('CANCELLED', 'Stopped.');
    if (error instanceof LanternError) throw error;
    throw unreachable(error);
  }
}

/**
 * A streamed call's result: its events handed to onEvent as they arrive, its `response` event
 * (sent just before `done`) as the result, its `error` event thrown with the core's code and details.
 */
async function streamedResponse<T, E>(
  response: Response,
  options: { onEvent?: (event: E) => void; signal?: AbortSignal },
  incomplete: string,
): Promise<T> {
  let final: T | undefined;
  let failure: ErrorInfo | undefined;
  await readEvents(
    response,
    (type, data) => {
      if (type === 'response') {
        final = (data as { response: T }).response;
        return;
      }
      if (type === 'error') failure = (data as { error: ErrorInfo }).error;
      options.onEvent?.(data as E);
    },
    options.signal,
  );
  if (failure) {
    // Details too: a failed question's names the thread it was kept in.
    throw new LanternError(failure.code, failure.message, {
      ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
      ...(failure.details === undefined ? {} : { details: failure.details }),
    });
  }
  if (!final) throw new LanternError('INTERNAL', incomplete);
  return final;
}

/** How requests leave: the browser's fetch, same origin, session cookie (a test passes its own to reach a server from Node). */
export type FetchLike = (path: string, init: RequestInit) => Promise<Response>;

function requester(fetchImpl: FetchLike) {
  async function send(route: HttpEndpoint, options: RequestParts = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(urlOf(route, options), {
        method: route.method,
        headers,
        credentials: 'same-origin',
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw new LanternError('CANCELLED', 'Stopped.');
      throw unreachable(error);
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  async function call<T>(route: HttpEndpoint, options: RequestParts = {}): Promise<T> {
    const response = await send(route, options);
    return (await response.json()) as T;
  }
  return { send, call };
}

/** How an operation's request and call options become the request's parts. */
function partsOf(
  name: OperationName,
  request: unknown,
  options: TransportOptions,
): { route: HttpEndpoint; parts: RequestParts } {
  const spec = operationSpec(name);
  if (!spec.http) throw new LanternError('NOT_FOUND', `${name} is for the desktop app only.`);
  const route = spec.http;
  const fields = { ...((request ?? {}) as Record<string, unknown>) };
  const params: Record<string, unknown> = {};
  for (const param of pathParameters(route)) {
    params[param] = fields[param];
    delete fields[param];
  }
  const query: Record<string, string | number | undefined> = {};
  for (const option of spec.options ?? []) query[option] = options[option];
  // A GET or DELETE carries its request in the query; a POST in its body.
  if (route.method !== 'POST') Object.assign(query, fields);
  const body = route.method === 'POST' && request !== undefined ? request : undefined;
  return {
    route,
    parts: {
      params,
      query,
      ...(body === undefined ? {} : { body }),
      signal: options.signal,
      ...(spec.events ? { accept: 'text/event-stream' } : {}),
    },
  };
}

/**
 * A thread's export as ResearchApi answers it: the route serves Markdown as JSON when asked for
 * `format=json` (its title with it), and a PDF or DOCX as the file itself (export-response.ts),
 * read back as its bytes, media type and the name the server gave it.
 */
async function exported(
  send: (route: HttpEndpoint, options?: RequestParts) => Promise<Response>,
  route: HttpEndpoint,
  parts: RequestParts,
  request: HistoryExportRequest,
): Promise<HistoryExportResponse> {
  const format = request.format ?? 'markdown';
  if (format === 'markdown')
    return (await (
      await send(route, { ...parts, query: { ...parts.query, format: 'json' } })
    ).json()) as HistoryExportResponse;
  const response = await send(route, parts);
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? `lantern-thread-${request.id}.${format}`;
  return {
    id: Number(request.id),
    // The file's name is made from the thread's title (export-file-name.ts); the title itself is not sent with the file.
    title: fileName.replace(/\.[a-z]+$/, ''),
    format,
    mediaType: response.headers.get('content-type') ?? 'application/octet-stream',
    fileName,
    data: new Uint8Array(await response.arrayBuffer()),
  };
}

/** The UTF-8 file name of a Content-Disposition header (RFC 6266's filename*), else its plain one. */
function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // a malformed name: the plain one below
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

export function httpTransport(fetchImpl: FetchLike): Transport {
  const { send, call } = requester(fetchImpl);

  /**
   * An operation stopped by a route of its own (research.run: stoppedBy) asks the server to end
   * it rather than closing the stream, so the result of what was done still arrives (a report,
   * stopped: "cancelled"); only when that request fails is the stream closed, and the call ends
   * with nothing back.
   */
  async function stoppable(
    route: HttpEndpoint,
    parts: RequestParts,
    stop: HttpEndpoint,
    options: TransportOptions,
    incomplete: string,
  ): Promise<unknown> {
    const runId = crypto.randomUUID();
    const connection = new AbortController();
    const onAbort = (): void => {
      call(stop, { body: { runId } }).catch(() => connection.abort());
    };
    if (options.signal?.aborted) throw new LanternError('CANCELLED', 'Stopped.');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await send(route, { ...parts, query: { ...parts.query, runId }, signal: connection.signal });
      return await streamedResponse(
        response,
        { ...(options.onEvent ? { onEvent: options.onEvent } : {}), signal: connection.signal },
        incomplete,
      );
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async call(name, request, options) {
      const { route, parts } = partsOf(name, request, options);
      if (name === 'history.export') return exported(send, route, parts, request as HistoryExportRequest);
      const spec = operationSpec(name);
      if (!spec.events) return call(route, parts);
      const incomplete = `The server's events ended before the result of ${name} was complete. Try again.`;
      if (spec.http?.stoppedBy)
        return stoppable(route, parts, HTTP_DOOR_ENDPOINTS[spec.http.stoppedBy], options, incomplete);
      return streamedResponse(await send(route, parts), options, incomplete);
    },
  };
}

export function createHttpClient(fetchImpl: FetchLike = (path, init) => fetch(path, init)): ApiClient {
  return createApiClient(httpTransport(fetchImpl));
}
