/**
 * Everything `lantern serve` runs, assembled once: the REST API, MCP at /mcp, the web UI at `/`
 * with its UI-only powers, and the discovery file. The command (cli/serve-command.ts) and the
 * UI's end-to-end tests start the same thing.
 */
import { removeDiscovery, writeDiscovery } from './discovery';
import { hasLlmKey, writeLlmKey } from './llm-key-file';
import { startApiServer, type ApiServer } from './server';
import { ensureToken, rotateToken, tokenReader } from './token';
import { createWebUi, type WebUi } from './web-ui';
import { mcpOverHttp } from '../mcp/http';
import { createLanternMcpServer } from '../mcp/server';
import type { ResearchService } from '../service';

export interface LanternServerOptions {
  api: ResearchService;
  dataDir: string;
  port: number;
  version: string;
  log: (message: string) => void;
  /** The built renderer (default: found next to the package). */
  rendererDir?: string;
}

export interface LanternServer {
  server: ApiServer;
  webUi: WebUi;
  /** Stops MCP sessions and the server (requests in flight get graceMs), removes the discovery file. */
  close(graceMs: number): Promise<void>;
}

export async function startLanternServer(options: LanternServerOptions): Promise<LanternServer> {
  const { api, dataDir } = options;
  ensureToken(dataDir);
  const currentToken = tokenReader(dataDir);
  const webUi = createWebUi(options.rendererDir === undefined ? {} : { rendererDir: options.rendererDir });
  const server = await startApiServer({
    api,
    // Asked at each request (a stat; read again when the file was replaced), so `lantern token --rotate` applies at once.
    token: () => currentToken() ?? '',
    port: options.port,
    version: options.version,
    browserState: () => api.browserState(),
    log: options.log,
    webUi,
    uiPowers: {
      token: () => currentToken() ?? ensureToken(dataDir),
      rotateToken: () => rotateToken(dataDir),
      setLlmKey: (key) => writeLlmKey(dataDir, key),
      hasLlmKey: () => hasLlmKey(dataDir),
    },
  });
  // MCP over streamable HTTP, behind the same guard as the REST routes.
  const mcp = mcpOverHttp(() => createLanternMcpServer(api, { version: options.version }));
  server.mount('/mcp', (req, res) => mcp.handle(req, res));
  writeDiscovery(dataDir, { port: server.port, pid: process.pid, url: server.url, startedAt: new Date().toISOString() });
  return {
    server,
    webUi,
    async close(graceMs) {
      try {
        await mcp.close();
        await server.close(graceMs);
      } finally {
        webUi.endSessions();
        removeDiscovery(dataDir);
      }
    },
  };
}
