import { Option, type Command } from 'commander';
import { discoveryPath } from '../api/discovery';
import { startLocalApi } from '../api/local-api';
import { DEFAULT_PORT } from '../api/server';
import { ensureToken, tokenPath, tokenReader } from '../api/token';
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
      const local = await startLocalApi({
        api,
        dataDir,
        // Asked at each request (a stat; read again when the file was replaced), so `lantern token --rotate` applies at once.
        token: () => currentToken() ?? '',
        port: flags.port ?? DEFAULT_PORT,
        version: deps.version,
        log: (message) => deps.io.err(message),
      });
      const { server } = local;
      if (server.portWasTaken) deps.io.err(`Port ${flags.port ?? DEFAULT_PORT} is taken; listening on ${server.port} instead.`);
      deps.io.out(`Lantern API on ${server.url} (OpenAPI: ${server.url}/v1/openapi.json; MCP: ${server.url}/mcp)`);
      deps.io.out(`token: \`lantern token\` (file ${tokenPath(dataDir)}); discovery: ${discoveryPath(dataDir)}`);

      const signal = await new Promise<NodeJS.Signals>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      deps.io.err(`${signal}: shutting down…`);
      await local.close(SHUTDOWN_GRACE_MS);
    });
}
