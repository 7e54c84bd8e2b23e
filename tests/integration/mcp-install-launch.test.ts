/**
 * What `lantern mcp install` writes starts Lantern: the entry it puts in a temporary home's
 * ~/.cursor/mcp.json is spawned as a client spawns it (its command and args as they are, from
 * another folder, without the shell's PATH), and the MCP SDK's own client lists its tools.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, it } from 'vitest';
import { EXIT } from '../../src/main/doors/cli/exit-codes';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { PROJECT_ROOT, runCliInProcess, tempDataDir } from '../support/run-cli';

it('the entry written into ~/.cursor/mcp.json starts an MCP server whose tools a client lists', async () => {
  assertBuiltFromCurrentSources(
    PROJECT_ROOT,
    'dist/cli.js',
    ['src/main', 'src/shared', 'package.json'],
    'npm run build:cli',
  );
  const home = mkdtempSync(join(tmpdir(), 'lantern-home-'));
  const dataDir = tempDataDir();
  const install = await runCliInProcess(['mcp', 'install', 'cursor', '--yes'], {
    HOME: home,
    LANTERN_DATA_DIR: dataDir,
  });
  expect(install.code).toBe(EXIT.ok);
  const config = JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')) as {
    mcpServers: { lantern: { command: string; args: string[]; env: Record<string, string> } };
  };
  const entry = config.mcpServers.lantern;

  // As a desktop client starts it: its own folder, no PATH, the entry's env alone.
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    cwd: home,
    env: { HOME: home, ...entry.env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'install-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['web_search', 'web_fetch', 'research']));
  } finally {
    await client.close();
  }
});
