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
import { CallToolRequestSchema, CallToolResultSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readDiscovery } from '../api/discovery';
import { readToken } from '../api/token';

/** A research answer reads several pages; progress notifications restart this clock. */
const CALL_TIMEOUT_MS = 10 * 60_000;
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

  const server = new Server({ name: 'lantern', version: options.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => upstream.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const progressToken = request.params._meta?.progressToken;
    try {
      // The agent's own _meta (its progress token) stays here: the relay asks for progress itself and passes it on.
      return (await upstream.callTool({ name: request.params.name, arguments: request.params.arguments ?? {} }, CallToolResultSchema, {
        signal: extra.signal,
        timeout: CALL_TIMEOUT_MS,
        resetTimeoutOnProgress: true,
        ...(progressToken === undefined
          ? {}
          : {
              onprogress: (progress) =>
                void extra.sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken } }).catch(() => undefined),
            }),
      })) as CallToolResult;
    } catch (error) {
      // The server went away (stopped, restarted) or the call was cut: a tool error with a code, as for every failure.
      const text = `CANCELLED: The Lantern server at ${running.url} did not complete the call (${(error as Error).message}). Start it again, or restart the MCP client to run Lantern in its own process.`;
      return { content: [{ type: 'text', text }], isError: true };
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
