/**
 * Everything `lantern serve` runs, assembled once: the REST API, MCP at /mcp, the web UI at `/`
 * with its UI-only powers, and the discovery file that tells agents the port. The command
 * (doors/cli/serve-command.ts), the desktop app (so agents share the person's browser session and
 * CAPTCHA flow; without the web UI) and the UI's end-to-end tests start the same thing.
 */
import { removeDiscovery, writeDiscovery } from './discovery';
import { startApiServer, type ApiServer } from './server';
import { tokenFile } from '../../settings/api-token';
import { createWebUi, type WebUi } from './web-ui';
import { mcpOverHttp } from '../mcp/http';
import { createLanternMcpServer } from '../mcp/server';
import type { ResearchService } from '../../app/service';

export interface LanternServerOptions {
  api: ResearchService;
  dataDir: string;
  port: number;
  version: string;
  log: (message: string) => void;
  /** The built renderer (default: found next to the package). */
  rendererDir?: string;
  /** Serve the web UI at `/` (lantern serve; default). The desktop app has its own window and leaves it off. */
  webUi?: boolean;
}

export interface LanternServer {
  server: ApiServer;
  /** Undefined when the web UI is off (the desktop app). */
  webUi: WebUi | undefined;
  /** Stops MCP sessions and the server (requests in flight get graceMs), removes the discovery file. */
  close(graceMs: number): Promise<void>;
}

export async function startLanternServer(options: LanternServerOptions): Promise<LanternServer> {
  const { api, dataDir } = options;
  // The data dir's token file, whichever runtime serves: `lantern mcp` relays with what it reads there.
  const token = tokenFile(dataDir);
  const webUi =
    options.webUi === false
      ? undefined
      : createWebUi(options.rendererDir === undefined ? {} : { rendererDir: options.rendererDir });
  // MCP over streamable HTTP, behind the same guard as the REST routes.
  const mcp = mcpOverHttp(() => createLanternMcpServer(api, { version: options.version }));
  const server = await startApiServer({
    api,
    token: () => token.current(),
    port: options.port,
    version: options.version,
    browserState: () => api.browserState(),
    mcpSessions: () => mcp.sessionCount(),
    log: options.log,
    runs: api.runs,
    ...(webUi ? { webUi } : {}),
  });
  server.mount('/mcp', (req, res, admitWork) => mcp.handle(req, res, admitWork));
  writeDiscovery(dataDir, {
    port: server.port,
    pid: process.pid,
    url: server.url,
    startedAt: new Date().toISOString(),
  });
  return {
    server,
    webUi,
    async close(graceMs) {
      try {
        await mcp.close();
        await server.close(graceMs);
      } finally {
        webUi?.endSessions();
        removeDiscovery(dataDir);
      }
    },
  };
}
