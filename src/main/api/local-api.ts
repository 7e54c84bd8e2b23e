import { removeDiscovery, writeDiscovery } from './discovery';
import { startApiServer, type ApiServer } from './server';
import { mcpOverHttp } from '../mcp/http';
import { createLanternMcpServer } from '../mcp/server';
import type { ResearchService } from '../service';

export interface LocalApiOptions {
  api: ResearchService;
  dataDir: string;
  /** The token in force, asked at each request (a rotation applies at once). */
  token: () => string;
  port: number;
  version: string;
  log: (message: string) => void;
}

export interface LocalApi {
  server: ApiServer;
  /** Stops accepting, lets requests in flight finish for `graceMs`, removes the discovery file. */
  close(graceMs: number): Promise<void>;
}

/**
 * The agents' door on 127.0.0.1: REST and MCP over streamable HTTP behind the same guard, and
 * the discovery file that tells agents the port. `lantern serve` and the desktop app (so agents
 * share the person's browser session and CAPTCHA flow) both start it here.
 */
export async function startLocalApi(options: LocalApiOptions): Promise<LocalApi> {
  const { api, dataDir } = options;
  const server = await startApiServer({
    api,
    token: options.token,
    port: options.port,
    version: options.version,
    browserState: () => api.browserState(),
    log: options.log,
  });
  const mcp = mcpOverHttp(() => createLanternMcpServer(api, { version: options.version }));
  server.mount('/mcp', (req, res) => mcp.handle(req, res));
  writeDiscovery(dataDir, { port: server.port, pid: process.pid, url: server.url, startedAt: new Date().toISOString() });
  return {
    server,
    async close(graceMs) {
      try {
        await mcp.close();
        await server.close(graceMs);
      } finally {
        removeDiscovery(dataDir);
      }
    },
  };
}
