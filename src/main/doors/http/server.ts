/**
 * The local HTTP API on 127.0.0.1 (node:http, no framework). Every request goes through the
 * guard (Host → Origin → token), then either a mounted handler (the MCP door at /mcp) or a REST
 * route: the limits (work only, limits.ts) → body (≤ 1 MB JSON) → schema → handler, which adapts
 * one ResearchApi call.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResearchApi } from '../../../shared/api';
import type { ErrorInfo } from '../../../shared/contract';
import { LanternError } from '../../../shared/errors';
import { validationError } from '../../common/validation';
import { readJsonBody } from './body';
import { checkHost, guardRequest } from './guard';
import { publicErrorInfo, sendError, sendJson, sendText } from './http-errors';
import { DEFAULT_LIMITS, RequestLimits, type LimitOptions } from './limits';
import { buildOpenApiDocument } from './openapi';
import { matchRoute, STREAMED, UI_ROUTES, type Route } from './routes';
import { RunRegistry } from '../../common/run-registry';
import type { WebUi } from './web-ui';
import type { HealthResponse } from '../../../shared/http-contract';

export const DEFAULT_PORT = 7777;
const HEARTBEAT_MS = 15_000;

export interface ApiServerOptions {
  api: ResearchApi;
  /** The token in force, read at each request. */
  token: () => string;
  /** The port to try first; another free one when it is taken (0: any). */
  port?: number;
  version?: string;
  limits?: LimitOptions;
  heartbeatMs?: number;
  browserState?: () => HealthResponse['browser'];
  /** The MCP sessions open at /mcp, for `/v1/health` (lantern-server.ts). */
  mcpSessions?: () => number;
  /** Where internal errors are told (never to the client). */
  log?: (message: string) => void;
  /** Web mode: the renderer at `/` and its session cookies (web-ui.ts). */
  webUi?: WebUi;
  /** Where runs started with a runId are kept for research.stop (the runtime's; a registry of its own by default). */
  runs?: RunRegistry;
}

/**
 * Runs after the guard; the response is its own. Before it starts work (limits.ts) it calls
 * `admitWork` with how many pieces of work the request carries: that throws RATE_LIMITED over the
 * limits, and otherwise holds their places until the response has closed.
 */
export type MountedHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  admitWork: (count?: number) => void,
) => void | Promise<void>;

export interface ApiServer {
  port: number;
  url: string;
  /** True when the port asked for was taken and another was used. */
  portWasTaken: boolean;
  /** Adds a handler for every path under `prefix` (e.g. '/mcp'), behind the same guard. */
  mount(prefix: string, handler: MountedHandler): void;
  /** Stops accepting; lets requests in flight finish for graceMs, then cancels them. */
  close(graceMs?: number): Promise<void>;
}

export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const limits = new RequestLimits(options.limits ?? DEFAULT_LIMITS);
  const mounts: Array<{ prefix: string; handler: MountedHandler }> = [];
  const inFlight = new Set<AbortController>();
  const runs = options.runs ?? new RunRegistry();
  const version = options.version ?? 'dev';
  let openapi: unknown;
  let port = 0;

  const health = async (): Promise<HealthResponse> => ({
    status: 'ok',
    version,
    browser: options.browserState?.() ?? 'unknown',
    suspensions: (await options.api.captcha.pending()).blocks,
    ...(options.mcpSessions ? { mcpSessions: options.mcpSessions() } : {}),
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { webUi } = options;
    if (webUi?.serves(req.method ?? 'GET', new URL(req.url ?? '/', 'http://localhost').pathname)) {
      // The page and its files hold no secret: the Host check (DNS rebinding) is all they need.
      const refusedHost = checkHost(req, port);
      if (refusedHost) return refuse(req, res, refusedHost);
      return webUi.handle(req, res, new URL(req.url ?? '/', 'http://localhost'));
    }
    const uiSession = webUi?.hasSession(req) ?? false;
    const refusal = guardRequest(req, {
      port,
      token: options.token,
      uiSession,
      endedUiSession: !uiSession && (webUi?.hasEndedSession(req) ?? false),
    });
    if (refusal) return refuse(req, res, refusal);
    const caller = uiSession ? ('ui' as const) : ('agent' as const);
    let admitted: { release: () => void } | undefined;
    const admitWork = (count?: number): void => {
      admitted ??= limits.admit(req.socket.remoteAddress ?? 'unknown', count);
    };
    const controller = new AbortController();
    inFlight.add(controller);
    res.on('close', () => {
      // The client went away before the answer was written: stop the work it asked for.
      if (!res.writableFinished) controller.abort(new LanternError('CANCELLED', 'The client closed the connection.'));
      inFlight.delete(controller);
      admitted?.release();
    });
    const url = new URL(req.url ?? '/', 'http://localhost');
    const mounted = mounts.find(({ prefix }) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
    try {
      if (mounted) return await mounted.handler(req, res, admitWork);
      const uiFound = matchRoute(req.method ?? 'GET', url.pathname, UI_ROUTES);
      if (uiFound && caller !== 'ui') {
        throw new LanternError(
          'FORBIDDEN',
          `${url.pathname} is for the web UI of lantern serve only; on this machine, use \`lantern settings\` or \`lantern token\`.`,
        );
      }
      const found = uiFound && 'route' in uiFound ? uiFound : matchRoute(req.method ?? 'GET', url.pathname);
      if (!found)
        throw new LanternError('NOT_FOUND', `No such endpoint: ${url.pathname}. The list is at /v1/openapi.json.`);
      if ('allowed' in found)
        throw new LanternError('NOT_FOUND', `${url.pathname} answers ${found.allowed.join(', ')}, not ${req.method}.`);
      const { route, params } = found;
      if (!route.bookkeeping) admitWork();
      const query = parseQuery(route, url.searchParams);
      const body = route.body ? parse(route.body, await readJsonBody(req, route.maxBodyBytes), 'body') : undefined;
      const result = await route.handle({
        api: options.api,
        body,
        query,
        params,
        signal: controller.signal,
        runs,
        req,
        res,
        health,
        openapi: () => (openapi ??= buildOpenApiDocument(version)),
        heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
        log,
        caller,
      });
      if (result === STREAMED) return;
      const format = query['format'];
      if (route.text && (format === 'compact' || format === 'cited'))
        sendText(res, 200, route.text[format](result as never));
      else sendJson(res, 200, result);
    } catch (error) {
      if (res.headersSent) {
        res.end();
        return;
      }
      refuse(req, res, publicErrorInfo(error, log));
    }
  };

  // A request without Host is refused by the guard, in JSON, rather than by Node's own 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`request failed: ${String(error)}`);
      if (!res.headersSent) sendError(res, publicErrorInfo(error, log));
      else res.end();
    });
  });
  // Slow-loris bodies and idle sockets must not hold the concurrency cap.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  const wanted = options.port ?? DEFAULT_PORT;
  let portWasTaken = false;
  try {
    port = await listen(server, wanted);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    portWasTaken = true;
    port = await listen(server, 0);
  }

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    portWasTaken,
    mount(prefix, handler) {
      mounts.push({ prefix: prefix.replace(/\/+$/, ''), handler });
    },
    async close(graceMs = 3000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = Date.now() + graceMs;
      while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const controller of inFlight)
        controller.abort(new LanternError('CANCELLED', 'The server is shutting down.'));
      // Cancelled work gets a moment to write its error; then every connection is cut.
      const cutAt = Date.now() + 500;
      while (inFlight.size > 0 && Date.now() < cutAt) await new Promise((resolve) => setTimeout(resolve, 20));
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * The most of a refused request's unread body that is read (and dropped) to keep its connection.
 * Node frames requests by Content-Length, so the next request on the connection starts after the
 * body however little of it was read.
 */
const DISCARDED_BODY_MAX_BYTES = 64 * 1024;

/**
 * A refusal keeps its connection, as an answer does: closing it costs the client a new connection
 * per refusal (and load generators such as autocannon, which write their next request before they
 * see the close, count those as slow). Only a body still to come that is large, or of unknown
 * length (chunked), closes it: reading what was refused would cost more than a reconnection.
 */
function refuse(req: IncomingMessage, res: ServerResponse, info: ErrorInfo): void {
  const length = req.headers['content-length'];
  const smallBody =
    req.headers['transfer-encoding'] === undefined &&
    (length === undefined || Number(length) <= DISCARDED_BODY_MAX_BYTES);
  if (!req.complete && !smallBody) res.setHeader('connection', 'close');
  sendError(res, info);
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function parse(schema: NonNullable<Route['body']>, value: unknown, what: string): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(what, result.error);
  return result.data;
}

function parseQuery(route: Route, params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (key in raw) throw new LanternError('INVALID_INPUT', `Query parameter ${key} is given twice.`);
    const numeric = route.numericQuery?.includes(key) && /^\d+$/.test(value);
    raw[key] = numeric ? Number(value) : value;
  }
  if (!route.query) return raw;
  return parse(route.query, raw, 'query parameters') as Record<string, unknown>;
}
