import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ResearchApi } from '../../../shared/api';
import { createMcpRelay, findRunningServer } from '../mcp-relay/relay';
import { createLanternMcpServer } from '../mcp/server';
import { toolSubset } from '../mcp/tools';
import { reportError, type CliIo } from './output';

/**
 * `lantern mcp`: an MCP server on stdin/stdout for agents (Claude Code, Gemini CLI, Cursor).
 * When a `lantern serve` of the same data dir is running (its discovery file, a live pid, the
 * token on file), the tools are that server's, relayed: the agent shares its browser session and
 * its CAPTCHA flow (should that server stop mid-session, Lantern moves into this process). Otherwise
 * Lantern runs in this process. stdout carries protocol messages only;
 * warnings and logs go to stderr. The command ends when the client closes stdin, and the CLI root
 * then closes the browser (if this process started one).
 */
export function registerMcpCommand(
  program: Command,
  deps: {
    api: () => ResearchApi;
    dataDir: () => string;
    /** The CLI's global --timeout: in this process the page budget; through a server, the longest one call may take. */
    timeoutMs: () => number | undefined;
    version: string;
    log: (text: string) => void;
    /** Where a refused --tools is told, and its exit code. */
    io: CliIo;
    setExitCode: (code: number) => void;
    /** The protocol's streams; default the process's. */
    stdin?: Readable;
    stdout?: Writable;
  },
): Command {
  return program
    .command('mcp')
    .description(
      'Serve web_search, web_fetch and research to an agent over MCP (stdio); through a running `lantern serve` when there is one',
    )
    .option(
      '--tools <names>',
      'offer only these tools, e.g. web_search,web_fetch (a small context pays for fewer descriptions)',
    )
    .action(async (flags: { tools?: string }) => {
      let tools: string[] | undefined;
      try {
        tools = flags.tools === undefined ? undefined : toolSubset(flags.tools);
      } catch (error) {
        deps.setExitCode(reportError(error, false, deps.io));
        return;
      }
      const subset = tools === undefined ? {} : { tools };
      const dataDir = deps.dataDir();
      const running = await findRunningServer(dataDir);
      let server: { connect: Server['connect'] };
      let close: () => Promise<void>;
      if ('url' in running) {
        const timeoutMs = deps.timeoutMs();
        const relay = await createMcpRelay(running, {
          version: deps.version,
          dataDir,
          // Should the server go away, Lantern starts in this process, as without one.
          localServer: () => createLanternMcpServer(deps.api(), { version: deps.version, ...subset }),
          ...(timeoutMs === undefined ? {} : { callTimeoutMs: timeoutMs }),
          log: deps.log,
          ...subset,
        });
        server = relay.server;
        close = () => relay.close();
        deps.log(`lantern mcp: serving on stdio through the running server at ${running.url}`);
      } else {
        const own = createLanternMcpServer(deps.api(), { version: deps.version, ...subset });
        server = own;
        close = () => own.close();
        deps.log(`lantern mcp: serving on stdio, in this process (${running.reason})`);
      }
      const stdin = deps.stdin ?? process.stdin;
      const transport = new StdioServerTransport(stdin, deps.stdout ?? process.stdout);
      const closed = new Promise<void>((resolve) => {
        // The stdio transport does not watch for the end of its input: the client going away ends the server.
        stdin.once('end', resolve);
        stdin.once('close', resolve);
        transport.onclose = resolve;
      });
      await server.connect(transport);
      await closed;
      await close();
    });
}
