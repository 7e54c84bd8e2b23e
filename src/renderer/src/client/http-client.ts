/**
 * ResearchApi over the local HTTP API of `lantern serve` (web mode): JSON requests, and the
 * answer's and research's steps as server-sent events read from a fetch() body (EventSource cannot POST).
 * Authentication is the session cookie the server set when the printed link was opened; this
 * code never sees a token, and the browser sends the cookie to this origin only. Methods and paths
 * come from the endpoints the server's route table is built on (src/shared/http-endpoints.ts).
 */
import type { AccessApi, AnswerOptions, CallOptions, ResearchApi, ResearchOptions } from '../../../shared/api';
import type { AnswerEvent, AnswerRequestInput, AnswerResponse } from '../../../shared/answer-contract';
import type {
  CaptchaPendingResponse,
  CaptchaSolveRequest,
  CaptchaSolveResponse,
  CaptchaWaitRequest,
  CaptchaWaitResponse,
} from '../../../shared/captcha-contract';
import type { ErrorInfo, SearchManyRequestInput, SearchManyResponse, SearchRequestInput, SearchResponse } from '../../../shared/contract';
import { LanternError } from '../../../shared/errors';
import type { FetchRequestInput, FetchResponse } from '../../../shared/fetch-contract';
import type {
  FullTextHit,
  HistoryDeleteResponse,
  HistoryExportRequest,
  HistoryExportResponse,
  HistoryListRequest,
  HistorySearchRequest,
  Thread,
  ThreadRequest,
  ThreadSummary,
} from '../../../shared/history-contract';
import { HTTP_ENDPOINTS, routePath, type HttpEndpoint } from '../../../shared/http-endpoints';
import type { ResearchEvent, ResearchPlan, ResearchPlanRequestInput, ResearchReport, ResearchRequestInput } from '../../../shared/research-contract';
import type { Settings, SettingsPatch } from '../../../shared/settings-contract';

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
  return new LanternError('INTERNAL', `The server answered HTTP ${response.status} without an explanation. Try again; if it repeats, restart lantern serve.`);
}

/** Reads `event:`/`data:` blocks off the stream as they arrive; comment lines are heartbeats. */
async function readEvents(response: Response, onEvent: (type: string, data: unknown) => void, signal?: AbortSignal): Promise<void> {
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

export function createHttpClient(
  fetchImpl: FetchLike = (path, init) => fetch(path, init),
): ResearchApi & { access: AccessApi; resetSearchSession(): Promise<void> } {
  const { send, call } = requester(fetchImpl);
  return {
    search: (request: SearchRequestInput, options: CallOptions = {}) => call<SearchResponse>(HTTP_ENDPOINTS.search, { body: request, signal: options.signal }),

    searchMany: (request: SearchManyRequestInput, options: CallOptions = {}) =>
      call<SearchManyResponse>(HTTP_ENDPOINTS.search, { body: request, signal: options.signal }),

    fetch: (request: FetchRequestInput, options: CallOptions = {}) => call<FetchResponse>(HTTP_ENDPOINTS.fetch, { body: request, signal: options.signal }),

    async answer(request: AnswerRequestInput, options: AnswerOptions = {}): Promise<AnswerResponse> {
      const response = await send(HTTP_ENDPOINTS.answer, {
        query: { threadId: options.threadId },
        body: request,
        signal: options.signal,
        accept: 'text/event-stream',
      });
      return streamedResponse<AnswerResponse, AnswerEvent>(response, options, 'The answer stream ended before the answer was complete. Ask again.');
    },

    research: {
      plan: (request: ResearchPlanRequestInput, options: CallOptions = {}) =>
        call<ResearchPlan>(HTTP_ENDPOINTS['research.plan'], { body: request, signal: options.signal }),
      /**
       * Stopping (options.signal) asks the server to end the gathering rather than closing the
       * stream, so the report of what was read still arrives (stopped: "cancelled"); only when that
       * request fails is the stream closed, and the run ends with nothing back.
       */
      async run(request: ResearchRequestInput, options: ResearchOptions = {}): Promise<ResearchReport> {
        const runId = crypto.randomUUID();
        const connection = new AbortController();
        const stop = (): void => {
          call(HTTP_ENDPOINTS['research.stop'], { body: { runId } }).catch(() => connection.abort());
        };
        if (options.signal?.aborted) throw new LanternError('CANCELLED', 'Stopped.');
        options.signal?.addEventListener('abort', stop, { once: true });
        try {
          const response = await send(HTTP_ENDPOINTS['research.run'], { query: { runId }, body: request, signal: connection.signal, accept: 'text/event-stream' });
          return await streamedResponse<ResearchReport, ResearchEvent>(
            response,
            { ...(options.onEvent ? { onEvent: options.onEvent } : {}), signal: connection.signal },
            'The research stream ended before the report was complete. Run it again.',
          );
        } finally {
          options.signal?.removeEventListener('abort', stop);
        }
      },
    },

    history: {
      list: (request: HistoryListRequest = {}) =>
        call<ThreadSummary[]>(HTTP_ENDPOINTS['history.list'], { query: { limit: request.limit, offset: request.offset } }),
      get: (request: ThreadRequest) => call<Thread>(HTTP_ENDPOINTS['history.get'], { params: { id: request.id } }),
      search: (request: HistorySearchRequest) =>
        call<FullTextHit[]>(HTTP_ENDPOINTS['history.search'], { query: { text: request.text, scope: request.scope, limit: request.limit } }),
      delete: (request: ThreadRequest) => call<HistoryDeleteResponse>(HTTP_ENDPOINTS['history.delete'], { params: { id: request.id } }),
      export: (request: HistoryExportRequest) => call<HistoryExportResponse>(HTTP_ENDPOINTS['history.export'], { params: { id: request.id } }),
    },

    settings: {
      get: () => call<Settings>(HTTP_ENDPOINTS['settings.get']),
      update: (patch: SettingsPatch) => call<Settings>(HTTP_ENDPOINTS['settings.update'], { body: patch }),
      reset: () => call<Settings>(HTTP_ENDPOINTS['settings.reset']),
    },

    captcha: {
      pending: () => call<CaptchaPendingResponse>(HTTP_ENDPOINTS['captcha.pending']),
      wait: (request: CaptchaWaitRequest, options: CallOptions = {}) =>
        call<CaptchaWaitResponse>(HTTP_ENDPOINTS['captcha.wait'], { body: request, signal: options.signal }),
      solve: (request: CaptchaSolveRequest, options: CallOptions = {}) =>
        call<CaptchaSolveResponse>(HTTP_ENDPOINTS['captcha.solve'], { body: request, signal: options.signal }),
    },

    async resetSearchSession() {
      await call<{ reset: true }>(HTTP_ENDPOINTS.resetSearchSession);
    },

    access: {
      token: () => call<{ token: string }>(HTTP_ENDPOINTS['access.token']),
      rotateToken: () => call<{ token: string }>(HTTP_ENDPOINTS['access.rotateToken']),
      setLlmKey: (request: { key: string | null }) => call<{ hasKey: boolean }>(HTTP_ENDPOINTS['access.setLlmKey'], { body: request }),
      llmKeyState: () => call<{ hasKey: boolean }>(HTTP_ENDPOINTS['access.llmKeyState']),
    },
  };
}
