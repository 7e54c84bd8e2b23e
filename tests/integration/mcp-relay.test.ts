/**
 * `lantern mcp` in front of a running `lantern serve` of the same data dir, both the built CLI:
 * the MCP SDK's own client spawns `node bin/lantern.js mcp` with LANTERN_DATA_DIR, as the README's
 * config does. Its tools are then the server's: the search runs in the server's browser (its
 * health says the browser started), and the numbered results live in the server's MCP session.
 * With a stale discovery file (its process gone), `lantern mcp` runs Lantern in its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoveryPath, readDiscovery, type Discovery } from '../../src/main/api/discovery';
import { readToken } from '../../src/main/api/token';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { PROJECT_ROOT, tempDataDir } from '../support/run-cli';
import { waitFor } from '../support/wait-for';

let web: FixtureWeb;
let site: AnswerSite;
let serve: ChildProcess;
let dataDir: string;
let discovery: Discovery;
let token: string;

const env = (): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  LANTERN_DATA_DIR: dataDir,
  LANTERN_ENGINE_URL_GOOGLE: web.origin,
  LANTERN_PAGE_TIMEOUT_MS: '30000',
});

/** The MCP SDK's client, spawning `lantern mcp` as the README's JSON config does; its stderr kept. */
async function mcpClient(): Promise<{ client: Client; stderr: () => string }> {
  let stderr = '';
  const transport = new StdioClientTransport({ command: 'node', args: ['bin/lantern.js', 'mcp'], cwd: PROJECT_ROOT, env: env(), stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'lantern-relay-test', version: '0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

const health = async (): Promise<{ browser: string }> =>
  (await (await fetch(`${discovery.url}/v1/health`, { headers: { authorization: `Bearer ${token}` } })).json()) as { browser: string };

const textOf = (result: CallToolResult): string => (result.content[0]?.type === 'text' ? result.content[0].text : '');

beforeAll(async () => {
  assertBuiltFromCurrentSources(PROJECT_ROOT, 'dist/cli.js', ['src/main', 'src/shared', 'package.json'], 'npm run build:cli');
  web = await startFixtureWeb();
  site = await startAnswerSite();
  dataDir = tempDataDir();
  // The answer site is on 127.0.0.1: allowed by the person's settings file, as in mcp-stdio.test.ts.
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ version: 1, fetch: { allowPrivateNetworks: true } }));
  serve = spawn(process.execPath, ['bin/lantern.js', 'serve', '--port', '7777'], { cwd: PROJECT_ROOT, env: env(), stdio: 'ignore' });
  discovery = await waitFor(() => readDiscovery(dataDir), 15_000);
  token = readToken(dataDir) as string;
}, 30_000);

afterAll(async () => {
  if (serve.exitCode === null) {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.once('exit', resolve));
  }
  await site?.close();
  await web?.close();
});

describe('lantern mcp with a running lantern serve', () => {
  it("relays the tools to the running server: the search runs in the server's browser, in one MCP session", async () => {
    expect((await health()).browser).toBe('not started');
    const { client, stderr } = await mcpClient();
    try {
      expect(stderr()).toContain(`lantern mcp: serving on stdio through the running server at http://127.0.0.1:${discovery.port}`);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['research', 'web_fetch', 'web_search']);

      const search = (await client.callTool({ name: 'web_search', arguments: { query: 'coffee', limit: 3 } })) as CallToolResult;
      expect(search.isError).toBeFalsy();
      expect(textOf(search).split('\n')[0]).toBe("A Google search for 'coffee' found 3 results:");
      // The relay's process has no browser of its own: the server launched its Chromium for the search.
      expect((await health()).browser).toBe('started');
      // The numbers are the server-side MCP session's: result 7 of a 3-result search is out of range there.
      const beyond = (await client.callTool({ name: 'web_fetch', arguments: { index: 7 } })) as CallToolResult;
      expect(beyond.isError).toBe(true);
      expect(textOf(beyond)).toMatch(/^NOT_FOUND: Index 7 is out of range: search .* \("coffee"\) has 3 results/);
      // A research call's progress comes through the relay, in order, then the cited answer.
      const progress: Progress[] = [];
      const research = (await client.callTool(
        { name: 'research', arguments: { question: 'How much caffeine is in a shot of espresso?', urls: [`${site.pages}/espresso`] } },
        CallToolResultSchema,
        { onprogress: (p) => progress.push(p), timeout: 60_000 },
      )) as CallToolResult;
      expect(research.isError).toBeFalsy();
      expect(textOf(research)).toContain(`[1] Espresso, explained (${site.pages}/espresso)`);
      // The relay passes on every step before the result, but the SDK's client handles a notification
      // that came in the same chunk as the result after it and drops it (see mcp-stdio.test.ts): the
      // steps seen are the first ones, in order, at least the first.
      const steps = ['found 1 source', `reading 1/1 [1] ${site.pages}/espresso`, 'writing…', 'checking… 100% of citations supported'];
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.map((p) => p.message?.replace(/^done in \d+ ms$/, 'done'))).toEqual([...steps, 'done'].slice(0, progress.length));
      expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
      // Errors come back as the server's tool errors, with their codes.
      const empty = (await client.callTool({ name: 'web_search', arguments: { query: ' ' } })) as CallToolResult;
      expect(textOf(empty)).toBe('INVALID_INPUT: Invalid search request: query: query is empty');
    } finally {
      await client.close();
    }
  }, 90_000);

  it('runs in its own process when the discovery file names a process that is gone', async () => {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.once('exit', resolve));
    expect(existsSync(discoveryPath(dataDir))).toBe(false);
    // What a server killed with -9 leaves behind: its file, naming a pid no longer running.
    writeFileSync(discoveryPath(dataDir), JSON.stringify({ ...discovery, pid: serve.pid }));
    const { client, stderr } = await mcpClient();
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['research', 'web_fetch', 'web_search']);
      expect(stderr()).toContain(`lantern mcp: serving on stdio, in this process (server.json names process ${serve.pid}, which is not running)`);
    } finally {
      await client.close();
    }
  }, 60_000);
});
