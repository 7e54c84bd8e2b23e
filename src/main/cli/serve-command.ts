import { Option, type Command } from 'commander';
import { discoveryPath, removeDiscovery, writeDiscovery } from '../api/discovery';
import { DEFAULT_PORT, startApiServer } from '../api/server';
import { ensureToken, rotateToken, tokenPath, tokenReader } from '../api/token';
import { createWebUi } from '../api/web-ui';
import { hasLlmKey, writeLlmKey } from '../api/llm-key-file';
import { mcpOverHttp } from '../mcp/http';
import { createLanternMcpServer } from '../mcp/server';
import type { ResearchService } from '../service';
import type { CliIo } from './output';
import { parseWholeNumber } from './output';

/** How long requests in flight may finish after SIGINT/SIGTERM before they are cancelled. */
const SHUTDOWN_GRACE_MS = 1500;

/**
 * `lantern serve`: the local HTTP API for agents on 127.0.0.1 until SIGINT or SIGTERM. The
 * browser and store are closed by the CLI's entry point once this command returns.
 */
export function registerServeCommand(
  program: Command,
  deps: { api: () => ResearchService; dataDir: () => string; io: CliIo; version: string },
): void {
  program
    .command('serve')
    .description('serve the local HTTP API for agents on 127.0.0.1 (bearer token: `lantern token`)')
    .addOption(new Option('--port <n>', `port to listen on; another free one if it is taken (default ${DEFAULT_PORT})`).argParser(parseWholeNumber('--port', 1, 65_535)))
    .action(async (flags: { port?: number }) => {
      const dataDir = deps.dataDir();
      ensureToken(dataDir);
      const api = deps.api();
      const currentToken = tokenReader(dataDir);
      const webUi = createWebUi();
      const server = await startApiServer({
        webUi,
        uiPowers: {
          token: () => currentToken() ?? ensureToken(dataDir),
          rotateToken: () => rotateToken(dataDir),
          setLlmKey: (key) => writeLlmKey(dataDir, key),
          hasLlmKey: () => hasLlmKey(dataDir),
        },
        api,
        // Asked at each request (a stat; read again when the file was replaced), so `lantern token --rotate` applies at once.
        token: () => currentToken() ?? '',
        port: flags.port ?? DEFAULT_PORT,
        version: deps.version,
        browserState: () => api.browserState(),
        log: (message) => deps.io.err(message),
      });
      // MCP over streamable HTTP, behind the same guard as the REST routes.
      const mcp = mcpOverHttp(() => createLanternMcpServer(api, { version: deps.version }));
      server.mount('/mcp', (req, res) => mcp.handle(req, res));
      writeDiscovery(dataDir, { port: server.port, pid: process.pid, url: server.url, startedAt: new Date().toISOString() });
      if (server.portWasTaken) deps.io.err(`Port ${flags.port ?? DEFAULT_PORT} is taken; listening on ${server.port} instead.`);
      deps.io.out(`Lantern API on ${server.url} (OpenAPI: ${server.url}/v1/openapi.json; MCP: ${server.url}/mcp)`);
      deps.io.out(`token: \`lantern token\` (file ${tokenPath(dataDir)}); discovery: ${discoveryPath(dataDir)}`);
      // The one-time link signs one browser in; the token itself never goes into a URL.
      deps.io.out(`Open Lantern in your browser (this link works once): ${webUi.loginUrl(server.url)}`);

      const signal = await new Promise<NodeJS.Signals>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      deps.io.err(`${signal}: shutting down…`);
      try {
        await mcp.close();
        await server.close(SHUTDOWN_GRACE_MS);
      } finally {
        removeDiscovery(dataDir);
      }
    });
}
