/**
 * `lantern mcp` in front of a running `lantern serve`: an MCP server on stdio whose tools are the
 * running server's, reached over its streamable HTTP door (/mcp) with the token from the data
 * dir. The agent then shares that server's browser (its cookies, its warm Google session, the
 * CAPTCHA window a person solves) instead of starting a second Chromium on the same profile.
 * The relay holds no tool of its own: it lists the server's tools and passes each call through,
 * with its progress.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListToolsRequestSchema,
  ProgressNotificationSchema,
  type CallToolResult,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { readDiscovery } from '../api/discovery';
import { readToken } from '../api/token';

/** Longest a relayed call may take (a research answer reads several pages within its own budget). */
const CALL_TIMEOUT_MS = 30 * 60_000;
/** How long a running server has to answer the health check before the agent gets its own Lantern. */
const HEALTH_TIMEOUT_MS = 2_000;

export interface RunningServer {
  url: string;
  token: string;
}

/**
 * The `lantern serve` of this data dir, when one is running and answers with the token on file;
 * otherwise why not (a missing file, a process that is gone, a refusal), for the log.
 */
export async function findRunningServer(dataDir: string): Promise<RunningServer | { reason: string }> {
  const discovery = readDiscovery(dataDir);
  if (!discovery) return { reason: 'no server.json in the data dir' };
  if (!processIsAlive(discovery.pid)) return { reason: `server.json names process ${discovery.pid}, which is not running` };
  const token = readToken(dataDir);
  if (token === undefined) return { reason: 'no API token in the data dir' };
  // Only loopback, whatever the file says: the token goes with the request.
  const url = `http://127.0.0.1:${discovery.port}`;
  try {
    const response = await fetch(`${url}/v1/health`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    await response.body?.cancel();
    if (response.status !== 200) return { reason: `${url} answered its health check with HTTP ${response.status}` };
  } catch (error) {
    return { reason: `${url} did not answer its health check (${(error as Error).message})` };
  }
  return { url, token };
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

export interface McpRelay {
  /** The MCP server to connect to the agent's transport (stdio). */
  server: Server;
  close(): Promise<void>;
}

/** Connects to the running server's /mcp (one MCP session for this agent) and serves its tools. */
export async function createMcpRelay(running: RunningServer, options: { version: string }): Promise<McpRelay> {
  const upstreamTransport = new StreamableHTTPClientTransport(new URL(`${running.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${running.token}` } },
  });
  const upstream = new Client({ name: 'lantern-mcp-relay', version: options.version });
  await upstream.connect(upstreamTransport);

  // Progress is routed by a token of the relay's own rather than through the SDK's per-request
  // progress handler: the SDK's client handles a notification that came in the same chunk as the
  // call's result only after the result, when that handler is gone, and would drop the last steps.
  const progressRoutes = new Map<string, (progress: Progress) => void>();
  upstream.setNotificationHandler(ProgressNotificationSchema, (notification) => {
    progressRoutes.get(String(notification.params.progressToken))?.(notification.params);
  });
  let calls = 0;

  const server = new Server({ name: 'lantern', version: options.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => upstream.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const agentToken = request.params._meta?.progressToken;
    const relayToken = `relay-${++calls}`;
    // Progress is written in order and before the result: a client drops progress that arrives after it.
    let forwarded = Promise.resolve();
    if (agentToken !== undefined) {
      progressRoutes.set(relayToken, ({ progress, total, message }) => {
        const params = { progressToken: agentToken, progress, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) };
        forwarded = forwarded.then(() => extra.sendNotification({ method: 'notifications/progress', params })).catch(() => undefined);
      });
    }
    try {
      const result = (await upstream.callTool(
        { name: request.params.name, arguments: request.params.arguments ?? {}, ...(agentToken === undefined ? {} : { _meta: { progressToken: relayToken } }) },
        CallToolResultSchema,
        { signal: extra.signal, timeout: CALL_TIMEOUT_MS },
      )) as CallToolResult;
      // Notifications that arrived with the result are handled just after it: let them through first.
      await new Promise((resolve) => setImmediate(resolve));
      await forwarded;
      return result;
    } catch (error) {
      // The server went away (stopped, restarted) or the call was cut: a tool error with a code, as for every failure.
      const text = `CANCELLED: The Lantern server at ${running.url} did not complete the call (${(error as Error).message}). Start it again, or restart the MCP client to run Lantern in its own process.`;
      return { content: [{ type: 'text', text }], isError: true };
    } finally {
      progressRoutes.delete(relayToken);
    }
  });

  return {
    server,
    async close() {
      await upstreamTransport.terminateSession().catch(() => undefined);
      await upstream.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    },
  };
}
