/**
 * The MCP server over streamable HTTP, mounted at `/mcp` of `lantern serve` behind the local API's
 * guard (Host, Origin, bearer token). One MCP session per client (the `Mcp-Session-Id` the SDK
 * hands out at initialisation), each with its own server, so result numbers (web_fetch index=N)
 * belong to the session that searched.
 *
 * Only a `tools/call` is work for the API's limits (src/main/doors/http/limits.ts); a session's own
 * traffic is not, the GET event stream above all, which the SDK's client holds open for as long as
 * the session lives.
 *
 * Sessions are bounded, since a client may go away without ending its session: one idle for
 * `idleMs` (30 minutes) is ended, and with `maxSessions` (256) open a new one ends the session idle
 * the longest first. Idle means no request under way and none since; the open event stream does
 * not count, as it asks nothing. A client whose session was ended gets 404 and, as the MCP spec
 * asks, initialises a new one (`lantern mcp` does so by itself). Expiry is checked at each request
 * and each count (`/v1/health`) against the clock given, so a test moves time instead of waiting.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CancelledNotificationSchema, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { LanternError } from '../../../shared/errors';
import { readJsonBody } from '../http/body';

export const MCP_SESSION_IDLE_MS = 30 * 60_000;
export const MAX_MCP_SESSIONS = 256;

export interface McpHttpOptions {
  idleMs?: number;
  maxSessions?: number;
  now?: () => number;
}

export interface McpHttpHandler {
  /** `admitWork` is the API server's (MountedHandler): called with the number of tool calls a request carries. */
  handle(req: IncomingMessage, res: ServerResponse, admitWork: (count?: number) => void): Promise<void>;
  /** Sessions open now (after ending the expired ones). */
  sessionCount(): number;
  /** Closes every open session (on shutdown). */
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  /** When its latest request (other than the event stream) started or ended. */
  lastActive: number;
  /** Requests under way, the event stream aside. */
  requests: number;
}

export function mcpOverHttp(newServer: () => Server, options: McpHttpOptions = {}): McpHttpHandler {
  const idleMs = options.idleMs ?? MCP_SESSION_IDLE_MS;
  const maxSessions = options.maxSessions ?? MAX_MCP_SESSIONS;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, Session>();
  /** Initialisations under way: they count against the cap before their session has an id. */
  let starting = 0;

  const end = (id: string, session: Session): void => {
    sessions.delete(id);
    // Closes its event stream and its server; the client's next request gets 404.
    void session.transport.close().catch(() => undefined);
  };

  const endExpired = (): void => {
    for (const [id, session] of sessions) {
      if (session.requests === 0 && now() - session.lastActive >= idleMs) end(id, session);
    }
  };

  /** Room for one more session: the one idle the longest is ended; when every one is busy, refused. */
  const makeRoom = (): void => {
    if (sessions.size + starting < maxSessions) return;
    let oldest: [string, Session] | undefined;
    for (const entry of sessions) {
      if (entry[1].requests === 0 && (!oldest || entry[1].lastActive < oldest[1].lastActive)) oldest = entry;
    }
    if (!oldest)
      throw new LanternError(
        'RATE_LIMITED',
        `All ${maxSessions} MCP sessions have a request under way; retry shortly.`,
        { retryAfterMs: 1000 },
      );
    end(...oldest);
  };

  const serve = async (
    session: Session,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    messages: unknown[],
  ): Promise<void> => {
    if (req.method !== 'GET') {
      session.lastActive = now();
      session.requests += 1;
      res.once('close', () => {
        session.requests -= 1;
        session.lastActive = now();
      });
    }
    await session.transport.handleRequest(req, res, body);
    // The SDK's server answers nothing to a request its client cancelled, so that request's
    // response stream would stay open until the session ends, keeping its place among the work in
    // flight and the session busy: ended here, as nothing more will come on it.
    for (const message of messages) {
      const cancelled = CancelledNotificationSchema.safeParse(message);
      if (cancelled.success && cancelled.data.params.requestId !== undefined)
        session.transport.closeSSEStream(cancelled.data.params.requestId);
    }
  };

  return {
    async handle(req, res, admitWork) {
      endExpired();
      const sessionId = req.headers['mcp-session-id'];
      // Capped like every other body of the local API; GET (the event stream) and DELETE have none.
      const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
      const messages: unknown[] = Array.isArray(body) ? body : [body];
      if (typeof sessionId === 'string') {
        const session = sessions.get(sessionId);
        if (!session)
          throw new LanternError(
            'NOT_FOUND',
            'No such MCP session (it ended, or the server restarted): initialise a new one.',
          );
        const calls = messages.filter(
          (message) => (message as { method?: unknown } | undefined)?.method === 'tools/call',
        ).length;
        if (calls > 0) admitWork(calls);
        return serve(session, req, res, body, messages);
      }
      if (!messages.some((message) => isInitializeRequest(message))) {
        throw new LanternError('INVALID_INPUT', 'No Mcp-Session-Id: start a session with an initialize request first.');
      }
      makeRoom();
      starting += 1;
      let counted = true;
      const started = (): void => {
        if (counted) starting -= 1;
        counted = false;
      };
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          started();
          sessions.set(id, session);
        },
      });
      const session: Session = { transport, lastActive: now(), requests: 0 };
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      try {
        await newServer().connect(transport);
        await serve(session, req, res, body, messages);
      } finally {
        started();
      }
    },
    sessionCount() {
      endExpired();
      return sessions.size;
    },
    async close() {
      await Promise.all([...sessions.values()].map((session) => session.transport.close().catch(() => undefined)));
      sessions.clear();
    },
  };
}
