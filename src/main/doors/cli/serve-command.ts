import { Option, type Command } from 'commander';
import { discoveryPath } from '../http/discovery';
import { startLanternServer } from '../http/lantern-server';
import { DEFAULT_PORT } from '../http/server';
import { tokenPath } from '../../settings/api-token';
import type { ResearchService } from '../../app/service';
import type { CliIo } from './output';
import { parseWholeNumber } from './output';
import { openAppWindow, type AppWindow } from './app-window';
import { sayWatchSyncs } from './library-command';

/** How long requests in flight may finish after SIGINT/SIGTERM before they are cancelled. */
const SHUTDOWN_GRACE_MS = 1500;

/**
 * `lantern serve`: the local HTTP API for agents, and the web UI for a person, on 127.0.0.1
 * until SIGINT or SIGTERM. The browser and store are closed by the CLI's entry point once this
 * command returns.
 */
export function registerServeCommand(
  program: Command,
  deps: { api: () => ResearchService; dataDir: () => string; io: CliIo; version: string; env: NodeJS.ProcessEnv },
): void {
  program
    .command('serve')
    .description('serve the local HTTP API for agents and the web UI on 127.0.0.1 (bearer token: `lantern token`)')
    .addOption(
      new Option(
        '--port <n>',
        `port to listen on; another free one if it is taken (default ${DEFAULT_PORT})`,
      ).argParser(parseWholeNumber('--port', 1, 65_535)),
    )
    .option('--open', 'open the web UI in an app window of Chrome/Chromium; closing it stops the server')
    .action(async (flags: { port?: number; open?: boolean }) => {
      const dataDir = deps.dataDir();
      const running = await startLanternServer({
        api: deps.api(),
        dataDir,
        port: flags.port ?? DEFAULT_PORT,
        version: deps.version,
        log: (message) => deps.io.err(message),
      });
      // The library's watched folders are followed again while the server runs (synced first), each sync said.
      const library = deps.api().library;
      sayWatchSyncs(library, deps.io.out);
      void library.resumeWatching().then(({ following }) => {
        if (following.length > 0) deps.io.out(`Library: following ${following.join(', ')} (synced).`);
      });
      const { server, webUi } = running;
      if (server.portWasTaken)
        deps.io.err(`Port ${flags.port ?? DEFAULT_PORT} is taken; listening on ${server.port} instead.`);
      deps.io.out(`Lantern API on ${server.url} (OpenAPI: ${server.url}/v1/openapi.json; MCP: ${server.url}/mcp)`);
      deps.io.out(`token: \`lantern token\` (file ${tokenPath(dataDir)}); discovery: ${discoveryPath(dataDir)}`);
      // The one-time link signs one browser in; the token itself never goes into a URL.
      // lantern serve always has the web UI (only the desktop app starts the server without it).
      const link = webUi!.loginUrl(server.url);
      let window: AppWindow | undefined;
      if (flags.open) {
        window = openAppWindow(link, dataDir, deps.env);
        if (window) deps.io.out(`Lantern is open in an app window (Ctrl+C here to stop).`);
        else
          deps.io.out(
            `No Chrome or Chromium found to open an app window; open this link in your browser (it works once): ${link}`,
          );
      } else {
        deps.io.out(`Open Lantern in your browser (this link works once): ${link}`);
      }

      const reason = await new Promise<string>((resolve) => {
        process.once('SIGINT', () => resolve('SIGINT'));
        process.once('SIGTERM', () => resolve('SIGTERM'));
        void window?.exited.then(() => resolve('the app window was closed'));
      });
      deps.io.err(`${reason}: shutting down…`);
      window?.close();
      await running.close(SHUTDOWN_GRACE_MS);
    });
}
