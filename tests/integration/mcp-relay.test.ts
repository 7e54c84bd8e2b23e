/**
 * `lantern mcp` in front of a running `lantern serve` of the same data dir, both the built CLI:
 * the MCP SDK's own client spawns `node bin/lantern.js mcp` with LANTERN_DATA_DIR, as the README's
 * config does. Its tools are then the server's: the search runs in the server's browser (its
 * health says the browser started), and the numbered results live in the server's MCP session.
 * When the server changes under a connected agent (token rotated, server restarted on another
 * port, stopped between or during calls), the next call still succeeds: through the server again,
 * or in the relay's own process. `--timeout` bounds each relayed call. With a stale discovery file
 * (its process gone), `lantern mcp` runs Lantern in its own process. The agent falls behind after
 * a call's first progress step (StallingTransport): the rest reach it in the same read as the result.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { discoveryPath, readDiscovery, type Discovery } from '../../src/main/doors/http/discovery';
import { startLanternServer } from '../../src/main/doors/http/lantern-server';
import { readToken } from '../../src/main/settings/api-token';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import { moveEncryptedSecrets } from '../../src/main/settings/secrets';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { FIXTURE_QUERIES } from '../support/fixture-web';
import { SafeStorageDouble } from '../support/electron-double';
import { callToolWithProgress, StallingTransport } from '../support/mcp-progress';
import { PROJECT_ROOT, runCli, tempDataDir } from '../support/run-cli';
import { waitFor } from '../support/wait-for';

let web: FixtureWeb;
let site: AnswerSite;
let serve: ChildProcess;
let dataDir: string;
let discovery: Discovery;
let token: string;

/**
 * The page budget is past every test's own timeout: a page that never answers holds its engine
 * (one page at a time) until the call is cancelled, never until the budget ends.
 */
const PAGE_TIMEOUT_MS = 120_000;

const env = (dir = dataDir, engineOrigin = web.origin): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  LANTERN_DATA_DIR: dir,
  LANTERN_ENGINE_URL_GOOGLE: engineOrigin,
  LANTERN_PAGE_TIMEOUT_MS: String(PAGE_TIMEOUT_MS),
});

/** The MCP SDK's client, spawning `lantern mcp` as the README's JSON config does; its stderr kept. */
async function mcpClient(
  globalOptions: string[] = [],
  dir = dataDir,
): Promise<{ client: Client; transport: StallingTransport; stderr: () => string }> {
  let stderr = '';
  const stdio = new StdioClientTransport({
    command: 'node',
    args: ['bin/lantern.js', ...globalOptions, 'mcp'],
    cwd: PROJECT_ROOT,
    env: env(dir),
    stderr: 'pipe',
  });
  stdio.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const transport = new StallingTransport(stdio);
  const client = new Client({ name: 'lantern-relay-test', version: '0' });
  await client.connect(transport);
  // Closing the client ends `lantern mcp`, however the test ended.
  onTestFinished(() => client.close());
  return { client, transport, stderr: () => stderr };
}

const health = async (): Promise<{ browser: string }> =>
  (await (await fetch(`${discovery.url}/v1/health`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    browser: string;
  };

const textOf = (result: CallToolResult): string => (result.content[0]?.type === 'text' ? result.content[0].text : '');

/**
 * `lantern serve` of the test's data dir (its engine at `engineOrigin`), until its discovery file
 * names it: the spawn and the start-up are in no budget but the backstop, and a server that exits
 * first fails with its stderr.
 */
async function startServe(port: number, engineOrigin = web.origin): Promise<void> {
  serve = spawn(process.execPath, ['bin/lantern.js', 'serve', '--port', String(port)], {
    cwd: PROJECT_ROOT,
    env: env(dataDir, engineOrigin),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const child = serve;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const gone = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`lantern serve exited (${code ?? signal}) before it wrote its discovery file: ${stderr}`)),
    ),
  );
  discovery = await Promise.race([
    waitFor(() => {
      const found = readDiscovery(dataDir);
      return found?.pid === child.pid ? found : undefined;
    }, 60_000),
    gone,
  ]);
  token = readToken(dataDir) as string;
}

async function stopServe(): Promise<void> {
  if (serve.exitCode !== null || serve.signalCode !== null) return;
  const exited = new Promise((resolve) => serve.once('exit', resolve));
  serve.kill('SIGTERM');
  await exited;
}

/** research over the answer site's espresso page, with the progress the client received before the answer. */
async function researchEspresso(client: Client): Promise<{ research: CallToolResult; progress: Progress[] }> {
  const { result, progress } = await callToolWithProgress(
    client,
    {
      name: 'research',
      arguments: { question: 'How much caffeine is in a shot of espresso?', urls: [`${site.pages}/espresso`] },
    },
    { timeout: 60_000 },
  );
  return { research: result, progress };
}

/** The espresso research's steps, in order ("done in N ms" as "done"). */
const ESPRESSO_STEPS = (): string[] => [
  'found 1 source',
  `reading 1/1 [1] ${site.pages}/espresso`,
  'writing…',
  'checking… 100% of quotes verified',
  'done',
];
const stepsOf = (progress: Progress[]): Array<string | undefined> =>
  progress.map((p) => p.message?.replace(/^done in \d+ ms$/, 'done'));

const search = async (client: Client, query = 'coffee'): Promise<CallToolResult> =>
  (await client.callTool({ name: 'web_search', arguments: { query, limit: 3 } }, CallToolResultSchema, {
    timeout: 60_000,
  })) as CallToolResult;

const searchFound = (query = 'coffee'): string => `A Google search for '${query}' found 3 results:`;

beforeAll(async () => {
  assertBuiltFromCurrentSources(
    PROJECT_ROOT,
    'dist/cli.js',
    ['src/main', 'src/shared', 'package.json'],
    'npm run build:cli',
  );
  web = await startFixtureWeb();
  site = await startAnswerSite();
  dataDir = tempDataDir();
  // The answer site is on 127.0.0.1: allowed by the person's settings file, as in mcp-stdio.test.ts.
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ version: 1, fetch: { allowPrivateNetworks: true } }));
  await startServe(7777);
});

afterAll(async () => {
  if (serve) await stopServe();
  await site?.close();
  await web?.close();
});

describe('lantern mcp with a running lantern serve', () => {
  it("relays the tools to the running server: the search runs in the server's browser, in one MCP session", async () => {
    expect((await health()).browser).toBe('not started');
    const { client, transport, stderr } = await mcpClient();
    expect(stderr()).toContain(
      `lantern mcp: serving on stdio through the running server at http://127.0.0.1:${discovery.port}`,
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['research', 'web_fetch', 'web_search']);

    const search = (await client.callTool({
      name: 'web_search',
      arguments: { query: 'coffee', limit: 3 },
    })) as CallToolResult;
    expect(search.isError).toBeFalsy();
    expect(textOf(search).split('\n')[0]).toBe("A Google search for 'coffee' found 3 results:");
    // The relay's process has no browser of its own: the server launched its Chromium for the search.
    expect((await health()).browser).toBe('started');
    // The numbers are the server-side MCP session's: result 7 of a 3-result search is out of range there.
    const beyond = (await client.callTool({ name: 'web_fetch', arguments: { index: 7 } })) as CallToolResult;
    expect(beyond.isError).toBe(true);
    expect(textOf(beyond)).toMatch(/^NOT_FOUND: Index 7 is out of range: search .* \("coffee"\) has 3 results/);
    // A research call's progress comes through the relay, in order, then the cited answer.
    const { research, progress } = await researchEspresso(client);
    expect(research.isError).toBeFalsy();
    expect(textOf(research)).toContain(`[1] Espresso, explained (${site.pages}/espresso)`);
    // The relay passes on every step, in order, before the result: the agent read the first, then
    // nothing until the result was written, then the other four with it.
    expect(transport.bursts).toEqual([['progress', 'progress', 'progress', 'progress', 'response']]);
    expect(stepsOf(progress)).toEqual(ESPRESSO_STEPS());
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5]);
    // Errors come back as the server's tool errors, with their codes.
    const empty = (await client.callTool({ name: 'web_search', arguments: { query: ' ' } })) as CallToolResult;
    expect(textOf(empty)).toBe('INVALID_INPUT: Invalid search request: query: query is empty (got string " ")');
  }, 90_000);

  it('goes on through the server after `lantern token --rotate`: the token is read again', async () => {
    const { client, stderr } = await mcpClient();
    expect(textOf(await search(client)).split('\n')[0]).toBe(searchFound());
    const rotated = await runCli(['token', '--rotate'], { LANTERN_DATA_DIR: dataDir });
    expect(rotated.code).toBe(0);
    const old = token;
    token = readToken(dataDir) as string;
    expect(token).not.toBe(old);
    // The server refuses the old token at once; the relay reads the new one and the call goes through.
    const after = await search(client, 'paris');
    expect(after.isError).toBeFalsy();
    expect(textOf(after).split('\n')[0]).toBe(searchFound('paris'));
    expect(stderr()).toContain(
      `lantern mcp: the Lantern server at ${discovery.url} refused the old token; reconnected with the one now in the data dir`,
    );
    expect(stderr()).not.toContain('in this process');
  }, 90_000);

  it('reconnects to the server after it restarted on another port', async () => {
    const { client, stderr } = await mcpClient();
    expect(textOf(await search(client)).split('\n')[0]).toBe(searchFound());
    const before = discovery;
    await stopServe();
    await startServe(7778);
    expect(discovery.port).not.toBe(before.port);
    const after = await search(client, 'matrix');
    expect(after.isError).toBeFalsy();
    expect(textOf(after).split('\n')[0]).toBe(searchFound('matrix'));
    expect(stderr()).toContain(
      `lantern mcp: the Lantern server at ${before.url} did not answer; reconnected to the running server at ${discovery.url}`,
    );
    // The new server ran it: its browser started for the search.
    expect((await health()).browser).toBe('started');
  }, 90_000);

  it('ends a relayed call that takes longer than --timeout with a TIMEOUT tool error, and goes on', async () => {
    const { client } = await mcpClient(['--timeout', '5000']);
    // The engine never answers; the server's own page budget (PAGE_TIMEOUT_MS) is longer than
    // this test, so the relay's TIMEOUT, naming its 5000 ms, is the relay's --timeout firing.
    const hung = await search(client, FIXTURE_QUERIES.hang);
    expect(hung.isError).toBe(true);
    expect(textOf(hung)).toMatch(
      /^TIMEOUT: web_search took longer than 5000 ms through the Lantern server at http:\/\/127\.0\.0\.1:\d+/,
    );
    // The same session goes on, through the server: a call the server answers at once (no page
    // load inside the relay's 5 s).
    const next = (await client.callTool({ name: 'web_search', arguments: { query: ' ' } })) as CallToolResult;
    expect(textOf(next)).toBe('INVALID_INPUT: Invalid search request: query: query is empty (got string " ")');
    // The server cancelled the call the relay gave up on: the engine (one page at a time) is free
    // for the next search. Left running, the hung page would hold it past this test's timeout.
    const after = await fetch(`${discovery.url}/v1/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'hotels', engine: 'google', limit: 3 }),
    });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { results: unknown[] }).results).toHaveLength(3);
  }, 90_000);

  it('runs a call in its own process when the server stopped during it', async () => {
    // The server's engine takes every request and never answers (the relay's own process asks the
    // fixture web): the call is under way in the server until the server stops.
    let asked!: () => void;
    const engineAsked = new Promise<void>((resolve) => (asked = resolve));
    const silentEngine = createServer(() => asked());
    await new Promise<void>((resolve) => silentEngine.listen(0, '127.0.0.1', resolve));
    onTestFinished(async () => {
      silentEngine.closeAllConnections();
      await new Promise<void>((resolve) => silentEngine.close(() => resolve()));
    });
    await stopServe();
    await startServe(7777, `http://127.0.0.1:${(silentEngine.address() as AddressInfo).port}`);
    const { client, stderr } = await mcpClient();
    expect(stderr()).toContain('through the running server');
    const before = discovery;
    // A query no earlier test searched: the result cache of the data dir does not answer it.
    const pending = search(client, 'google');
    await engineAsked;
    await stopServe();
    const result = await pending;
    expect(result.isError).toBeFalsy();
    expect(textOf(result).split('\n')[0]).toBe(searchFound('google'));
    expect(stderr()).toMatch(
      new RegExp(
        `lantern mcp: the Lantern server at ${before.url.replace(/\./g, '\\.')} is gone \\(.+\\); serving on stdio in this process from now on`,
      ),
    );
  }, 90_000);

  it('runs the next call in its own process after the server stopped between calls', async () => {
    if (serve.exitCode !== null || serve.signalCode !== null) await startServe(7777);
    const { client, transport, stderr } = await mcpClient();
    expect(stderr()).toContain('through the running server');
    const before = discovery;
    await stopServe();
    const after = await search(client, 'dell');
    expect(after.isError).toBeFalsy();
    expect(textOf(after).split('\n')[0]).toBe(searchFound('dell'));
    expect(stderr()).toContain(
      `lantern mcp: the Lantern server at ${before.url} is gone (no server.json in the data dir); serving on stdio in this process from now on`,
    );
    // Later calls stay here, and the tools are the same; every step still comes before the result, in order.
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['research', 'web_fetch', 'web_search']);
    const { research, progress } = await researchEspresso(client);
    expect(research.isError).toBeFalsy();
    expect(textOf(research)).toContain(`[1] Espresso, explained (${site.pages}/espresso)`);
    expect(transport.bursts).toEqual([['progress', 'progress', 'progress', 'progress', 'response']]);
    expect(stepsOf(progress)).toEqual(ESPRESSO_STEPS());
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5]);
    expect(stderr().match(/in this process from now on/g)).toHaveLength(1);
  }, 90_000);

  it('runs in its own process when the discovery file names a process that is gone', async () => {
    await stopServe();
    expect(existsSync(discoveryPath(dataDir))).toBe(false);
    // What a server killed with -9 leaves behind: its file, naming a pid no longer running.
    writeFileSync(discoveryPath(dataDir), JSON.stringify({ ...discovery, pid: serve.pid }));
    const { client, stderr } = await mcpClient();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['research', 'web_fetch', 'web_search']);
    expect(stderr()).toContain(
      `lantern mcp: serving on stdio, in this process (server.json names process ${serve.pid}, which is not running)`,
    );
  }, 60_000);
});

describe("lantern mcp with the desktop app's local API", () => {
  it('relays to the app with the token the app keeps, the one an earlier version kept encrypted', async () => {
    const appDir = tempDataDir();
    // An earlier desktop version kept its token encrypted with safeStorage; agents were given it.
    const safeStorage = new SafeStorageDouble();
    writeFileSync(join(appDir, 'api-token.enc'), safeStorage.encryptString('token-the-agents-have'), { mode: 0o600 });
    // What the desktop app does once ready (src/main/index.ts): move the secrets into the store
    // every runtime reads, then start its local API (no web UI) over its runtime.
    expect(moveEncryptedSecrets(appDir, safeStorage)).toEqual([]);
    const runtime = createNodeRuntime({ env: env(appDir) });
    const app = await startLanternServer({
      api: runtime,
      dataDir: appDir,
      webUi: false,
      port: 0,
      version: 'test',
      log: () => undefined,
    });
    onTestFinished(async () => {
      await app.close(500);
      await runtime.close();
    });
    const { client, stderr } = await mcpClient([], appDir);
    expect(stderr()).toContain(
      `lantern mcp: serving on stdio through the running server at http://127.0.0.1:${app.server.port}`,
    );
    expect(textOf(await search(client)).split('\n')[0]).toBe(searchFound());
    // The search ran in the app's browser, which agents with the old token still reach.
    const appHealth = await fetch(`${app.server.url}/v1/health`, {
      headers: { authorization: 'Bearer token-the-agents-have' },
    });
    expect(((await appHealth.json()) as { browser: string }).browser).toBe('started');
  }, 90_000);
});
