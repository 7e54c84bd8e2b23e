import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ResearchApi } from '../../shared/api';
import { createLanternMcpServer } from '../mcp/server';

/**
 * `lantern mcp`: an MCP server on stdin/stdout for agents (Claude Code, Gemini CLI, Cursor),
 * running in this process. stdout carries protocol messages only; warnings and logs go to
 * stderr. The command ends when the client closes stdin, and the CLI root then closes the browser.
 */
export function registerMcpCommand(
  program: Command,
  deps: { api: () => ResearchApi; version: string; log: (text: string) => void },
): void {
  program
    .command('mcp')
    .description('Serve web_search, web_fetch and research to an agent over MCP (stdio)')
    .action(async () => {
      const server = createLanternMcpServer(deps.api(), { version: deps.version });
      const transport = new StdioServerTransport();
      const closed = new Promise<void>((resolve) => {
        // The stdio transport does not watch for the end of its input: the client going away ends the server.
        process.stdin.once('end', resolve);
        process.stdin.once('close', resolve);
        transport.onclose = resolve;
      });
      await server.connect(transport);
      deps.log('lantern mcp: serving on stdio');
      await closed;
      await server.close();
    });
}
