/**
 * `lantern mcp` in front of a running `lantern serve`: an MCP server on stdio whose tools are the
 * running server's, reached over its streamable HTTP door (/mcp) with the token from the data
 * dir. The agent then shares that server's browser (its cookies, its warm Google session, the
 * CAPTCHA window a person solves) instead of starting a second Chromium on the same profile.
 * The relay holds no tool of its own: it lists the server's tools and passes each call through,
 * with its progress.
 *
 * The server may change under a long agent session: its token rotated (`lantern token --rotate`),
 * the server restarted (on another port, perhaps), or stopped. A call that could not reach it is
 * passed on once more: to the server with the token read again, to the server running now, or,
 * when none runs, to Lantern in this process, from then on. The tools only read, so a call cut
 * before its answer may run twice; one that was answered (even with isError) is never repeated.
 */
import { createParser } from 'eventsource-parser';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  ProgressNotificationSchema,
  type CallToolResult,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { readDiscovery } from '../http/discovery';
import { readToken } from '../../settings/api-token';
import { letProgressArrive } from '../mcp/progress-flush';

/** Longest a relayed call may take unless `--timeout` says otherwise (a research answer reads several pages within its own budget). */
const CALL_TIMEOUT_MS = 30 * 60_000;
/**
 * How long a stopping server has to exit (its requests' grace, then its browser's close) before
 * Lantern starts in this process anyway.
 */
const SERVER_EXIT_WAIT_MS = 10_000;
/** How long a running server has to answer the health check before the agent gets its own Lantern. */
const HEALTH_TIMEOUT_MS = 2_000;

export interface RunningServer {
  url: string;
  token: string;
  /** The server's process, whose browser holds the profile until it has exited. */
  pid: number;
}

/**
 * The `lantern serve` of this data dir, when one is running and answers with the token on file;
 * otherwise why not (a missing file, a process that is gone, a refusal), for the log.
 */
export async function findRunningServer(dataDir: string): Promise<RunningServer | { reason: string }> {
  const discovery = readDiscovery(dataDir);
  if (!discovery) return { reason: 'no server.json in the data dir' };
  if (!processIsAlive(discovery.pid))
    return { reason: `server.json names process ${discovery.pid}, which is not running` };
  let token: string | undefined;
  try {
    token = readToken(dataDir);
  } catch (error) {
    return { reason: (error as Error).message }; // a token file others can read is refused
  }
  if (token === undefined) return { reason: 'no API token in the data dir' };
  // Only loopback, whatever the file says: the token goes with the request.
  const url = `http://127.0.0.1:${discovery.port}`;
  try {
    const response = await fetch(`${url}/v1/health`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status !== 200) return { reason: `${url} answered its health check with HTTP ${response.status}` };
  } catch (error) {
    return { reason: `${url} did not answer its health check (${(error as Error).message})` };
  }
  return { url, token, pid: discovery.pid };
}

/** True once `pid` has exited; false if it still runs after `timeoutMs`. */
async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processIsAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What the relay needs of the in-process MCP server (whichever SDK class createLanternMcpServer returns). */
export interface LocalMcpServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export interface McpRelayOptions {
  version: string;
  /** The data dir whose server is relayed: where the token and server.json are read again. */
  dataDir: string;
  /** Lantern in this process, made at the first call after the server is gone. */
  localServer: () => LocalMcpServer;
  /** The longest one relayed call may take (the CLI's `--timeout`); 30 minutes when not given. */
  callTimeoutMs?: number;
  log: (text: string) => void;
  /** Offer only these of the server's tools (`lantern mcp --tools`); default all. */
  tools?: readonly string[];
}

export interface McpRelay {
  /** The MCP server to connect to the agent's transport (stdio). */
  server: Server;
  close(): Promise<void>;
}

/** Where calls go: an MCP client of the running server, or of Lantern in this process. */
interface Upstream {
  client: Client;
  /** For messages: "the Lantern server at http://…" or "Lantern in this process". */
  name: string;
  /** The running server; undefined for Lantern in this process. */
  server?: RunningServer;
  close(): Promise<void>;
}

/** Why a call did not come back with an answer, and so what the relay does next. */
type Failure =
  /** The agent cancelled it: nothing to do. */
  | { kind: 'cancelled' }
  | { kind: 'timeout' }
  /** The server refused the token (rotated): read it again and reconnect. */
  | { kind: 'unauthorized' }
  /** No answer from the server (refused, reset, session gone, stream cut): look for a server again. */
  | { kind: 'unreachable' }
  /** An answer, as a JSON-RPC error: passed on as it is. */
  | { kind: 'answered'; error: McpError }
  /** An HTTP refusal other than the token's (400, 413, 429…): reported, not repeated. */
  | { kind: 'refused' };

function classify(error: unknown, agentSignal: AbortSignal): Failure {
  if (agentSignal.aborted) return { kind: 'cancelled' };
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return { kind: 'timeout' };
    if (error.code === ErrorCode.ConnectionClosed) return { kind: 'unreachable' };
    return { kind: 'answered', error };
  }
  if (error instanceof StreamableHTTPError) {
    if (error.code === 401) return { kind: 'unauthorized' };
    // 404: the session is gone (the server restarted); -1 or 5xx: not the server's answer to the call.
    if (error.code === 404 || error.code === -1 || (error.code ?? 0) >= 500) return { kind: 'unreachable' };
    return { kind: 'refused' };
  }
  // fetch failed (connection refused or reset), or the response stream ended without the answer.
  return { kind: 'unreachable' };
}

/** Connects to the running server's /mcp (one MCP session for this agent) and serves its tools. */
export async function createMcpRelay(running: RunningServer, options: McpRelayOptions): Promise<McpRelay> {
  const callTimeoutMs = options.callTimeoutMs ?? CALL_TIMEOUT_MS;
  // Progress is routed by a token of the relay's own rather than through the SDK's per-request
  // progress handler: the SDK's client handles a notification that came in the same chunk as the
  // call's result only after the result, when that handler is gone, and would drop the last steps.
  const progressRoutes = new Map<string, (progress: Progress) => void>();
  // A call whose response stream ended without its answer (the server stopped mid-call) would
  // otherwise wait for its timeout: the stream's end cuts it, by the relay's token.
  const unansweredRoutes = new Map<string, () => void>();

  const newClient = (): Client => {
    const client = new Client({ name: 'lantern-mcp-relay', version: options.version });
    client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      progressRoutes.get(String(notification.params.progressToken))?.(notification.params);
    });
    return client;
  };

  const connectToServer = async (server: RunningServer): Promise<Upstream> => {
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${server.token}` } },
      fetch: fetchNoticingUnanswered((relayToken) => unansweredRoutes.get(relayToken)?.()),
    });
    const client = newClient();
    await client.connect(transport);
    return {
      client,
      name: `the Lantern server at ${server.url}`,
      server,
      async close() {
        await transport.terminateSession().catch(() => undefined);
        await client.close().catch(() => undefined);
      },
    };
  };

  const connectInProcess = async (): Promise<Upstream> => {
    const local = options.localServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await local.connect(serverSide);
    const client = newClient();
    await client.connect(clientSide);
    return {
      client,
      name: 'Lantern in this process',
      async close() {
        await client.close().catch(() => undefined);
        await local.close().catch(() => undefined);
      },
    };
  };

  let upstream: Promise<Upstream> = Promise.resolve(await connectToServer(running));

  /**
   * Replaces `failed` after a call could not reach it. Calls that failed on the same upstream at
   * once share one replacement. Lantern in this process, once there, is kept.
   */
  const replace = (failed: Upstream, failure: 'unauthorized' | 'unreachable'): Promise<Upstream> => {
    const current = upstream;
    return (upstream = current.then(async (now) => {
      if (now !== failed || failed.server === undefined) return now;
      try {
        return await successorOf(failed, failed.server, failure);
      } catch (error) {
        // Kept as it is, so that the next call tries again.
        options.log(`lantern mcp: could not replace ${failed.name} (${(error as Error).message})`);
        return failed;
      }
    }));
  };

  const successorOf = async (
    failed: Upstream,
    was: RunningServer,
    failure: 'unauthorized' | 'unreachable',
  ): Promise<Upstream> => {
    void failed.close();
    if (failure === 'unauthorized') {
      // The token was rotated: the same server, with the token on file now.
      const token = readToken(options.dataDir);
      if (token !== undefined) {
        try {
          const next = await connectToServer({ ...was, token });
          options.log(
            `lantern mcp: ${failed.name} refused the old token; reconnected with the one now in the data dir`,
          );
          return next;
        } catch {
          // Not the token after all (or not only): look for the server again, below.
        }
      }
    }
    const found = await findRunningServer(options.dataDir);
    let reason = 'reason' in found ? found.reason : '';
    if ('url' in found) {
      try {
        const next = await connectToServer(found);
        options.log(`lantern mcp: ${failed.name} did not answer; reconnected to the running server at ${found.url}`);
        return next;
      } catch (error) {
        reason = `${found.url} refused the MCP connection: ${(error as Error).message}`;
      }
    }
    // A server stopped mid-call may still be closing its browser, which holds the profile this process's would use.
    await exited(was.pid, SERVER_EXIT_WAIT_MS);
    const next = await connectInProcess();
    options.log(`lantern mcp: ${failed.name} is gone (${reason}); serving on stdio in this process from now on`);
    return next;
  };

  /** Runs `send` on the upstream; after a failure to reach it, once more on its replacement. */
  const forward = async <T>(
    send: (client: Client, attempt: number) => Promise<T>,
    agentSignal: AbortSignal,
  ): Promise<{ value: T } | { failure: Failure; where: Upstream; error: unknown }> => {
    for (let attempt = 1; ; attempt++) {
      const target = await upstream;
      try {
        return { value: await send(target.client, attempt) };
      } catch (error) {
        const failure = classify(error, agentSignal);
        if (attempt === 1 && (failure.kind === 'unauthorized' || failure.kind === 'unreachable')) {
          await replace(target, failure.kind);
          continue;
        }
        return { failure, where: target, error };
      }
    }
  };

  let calls = 0;
  const offered = options.tools;
  const server = new Server({ name: 'lantern', version: options.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
    const outcome = await forward((client) => client.listTools(request.params, { signal: extra.signal }), extra.signal);
    if ('value' in outcome)
      return offered === undefined
        ? outcome.value
        : { ...outcome.value, tools: outcome.value.tools.filter((tool) => offered.includes(tool.name)) };
    if (outcome.failure.kind === 'answered') throw outcome.failure.error;
    throw new McpError(
      ErrorCode.InternalError,
      `${outcome.where.name} did not list its tools (${(outcome.error as Error).message})`,
    );
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    if (offered !== undefined && !offered.includes(request.params.name)) {
      return {
        content: [
          {
            type: 'text',
            text: `NOT_FOUND: No tool named "${request.params.name}": the tools are ${offered.join(', ')}.`,
          },
        ],
        isError: true,
      };
    }
    const agentToken = request.params._meta?.progressToken;
    const deadline = Date.now() + callTimeoutMs;
    const call = ++calls;
    // Progress is written in order and before the result: a client drops progress that arrives after it.
    let forwarded = Promise.resolve();
    // A repeated call counts its steps on from the first attempt's: progress only goes up.
    let progressSent = 0;
    const tokensUsed: string[] = [];
    const send = async (client: Client, attempt: number): Promise<CallToolResult> => {
      const relayToken = `relay-${call}-${attempt}`;
      tokensUsed.push(relayToken);
      const base = progressSent;
      if (agentToken !== undefined) {
        progressRoutes.set(relayToken, ({ progress, total, message }) => {
          progressSent = Math.max(progressSent, base + progress);
          const params = {
            progressToken: agentToken,
            progress: base + progress,
            ...(total === undefined ? {} : { total: base + total }),
            ...(message === undefined ? {} : { message }),
          };
          forwarded = forwarded
            .then(() => extra.sendNotification({ method: 'notifications/progress', params }))
            .catch(() => undefined);
        });
      }
      const unanswered = new AbortController();
      unansweredRoutes.set(relayToken, () =>
        unanswered.abort(new McpError(ErrorCode.ConnectionClosed, 'the server closed the call without answering it')),
      );
      const result = (await client.callTool(
        { name: request.params.name, arguments: request.params.arguments ?? {}, _meta: { progressToken: relayToken } },
        CallToolResultSchema,
        { signal: AbortSignal.any([extra.signal, unanswered.signal]), timeout: Math.max(1, deadline - Date.now()) },
      )) as CallToolResult;
      // Notifications that arrived with the result are handled just after it: let them through first.
      await new Promise((resolve) => setImmediate(resolve));
      await forwarded;
      if (progressSent > 0) await letProgressArrive();
      return result;
    };
    try {
      const outcome = await forward(send, extra.signal);
      if ('value' in outcome) return outcome.value;
      const { failure, where, error } = outcome;
      const reason = error instanceof Error ? error.message : String(error);
      switch (failure.kind) {
        case 'answered':
          throw failure.error;
        case 'timeout':
          return toolError(
            'TIMEOUT',
            `${request.params.name} took longer than ${callTimeoutMs} ms through ${where.name}, and was cancelled. Give \`lantern mcp\` a larger --timeout (in ms) in the MCP client's command, or ask for less.`,
          );
        case 'cancelled':
          return toolError('CANCELLED', `The call was cancelled before ${where.name} answered it.`);
        case 'unauthorized':
          return toolError(
            'UNAUTHORIZED',
            `${where.name} refused the token in the data dir (${reason}). Check \`lantern token\`, or restart the MCP client.`,
          );
        default:
          return toolError(
            'CANCELLED',
            `${where.name} did not complete the call (${reason}). Start it again, or restart the MCP client to run Lantern in its own process.`,
          );
      }
    } finally {
      for (const token of tokensUsed) {
        progressRoutes.delete(token);
        unansweredRoutes.delete(token);
      }
    }
  });

  return {
    server,
    async close() {
      await upstream.then((current) => current.close()).catch(() => undefined);
      await server.close().catch(() => undefined);
    },
  };
}

/** A tool error with a code, as the server's own tools report theirs (`CODE: message`). */
function toolError(code: string, message: string): CallToolResult {
  return { content: [{ type: 'text', text: `${code}: ${message}` }], isError: true };
}

/**
 * fetch for the upstream transport that watches each tools/call's response stream: when it ends
 * (or breaks) without a JSON-RPC response in it, the server will not answer that call any more
 * (it stopped or restarted mid-call), and `onUnanswered` gets the call's relay token.
 */
function fetchNoticingUnanswered(onUnanswered: (relayToken: string) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const relayToken = relayTokenOfCall(init?.body);
    const type = response.headers.get('content-type') ?? '';
    if (relayToken === undefined || !response.ok || !response.body || !type.startsWith('text/event-stream'))
      return response;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    // The stream is read as the SDK reads it, event by event, only to see whether an answer came.
    let answered = false;
    const events = createParser({ onEvent: (event) => (answered ||= isResponse(event.data)) });
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          onUnanswered(relayToken);
          controller.error(error);
          return;
        }
        if (chunk.done) {
          events.feed(decoder.decode());
          controller.close();
          if (!answered) onUnanswered(relayToken);
          return;
        }
        events.feed(decoder.decode(chunk.value, { stream: true }));
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function relayTokenOfCall(body: unknown): string | undefined {
  if (typeof body !== 'string' || !body.includes('"tools/call"')) return undefined;
  try {
    const message = JSON.parse(body) as { method?: string; params?: { _meta?: { progressToken?: unknown } } };
    const token = message.method === 'tools/call' ? message.params?._meta?.progressToken : undefined;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

/** True when an event's data is a JSON-RPC response (a result or an error). */
function isResponse(data: string): boolean {
  try {
    const message = JSON.parse(data) as Record<string, unknown>;
    return 'id' in message && ('result' in message || 'error' in message);
  } catch {
    return false;
  }
}
