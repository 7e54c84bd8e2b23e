/**
 * searchMany, one rule at every door: through ResearchApi on a real store (SQLite in a temporary
 * data dir, the fixture web's pages through the replaying loader: what is tested is what each
 * door makes of the outcomes, which needs no browser), then the same batch over REST and over
 * the MCP web_search tool (the SDK's own client), which must tell the same outcome for each query.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { connectedMcpClient } from '../support/mcp-client';
import { startApiServer } from '../../src/main/doors/http/server';
import { ensureToken, readToken } from '../../src/main/settings/api-token';
import { assembleResearch } from '../../src/main/app/node-runtime';
import { MAX_QUERIES_PER_SEARCH, SearchManyResponseSchema, type SearchManyResponse } from '../../src/shared/contract';
import { errorOf } from '../support/error-of';
import { goodHeaders, rawRequest, type TestApi } from '../support/api-server';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { ReplayingPageLoader } from '../support/replaying-loader';

/** A recorded page, an engine answering HTTP 500 (no suspension: the next query still runs), another recorded page. */
const BATCH = ['coffee', FIXTURE_QUERIES.serverError, 'hotels london'];
const OUTCOMES = [
  ['coffee', 'ok'],
  [FIXTURE_QUERIES.serverError, 'ENGINE_UNREACHABLE'],
  ['hotels london', 'ok'],
];
const TOO_MANY = Array.from({ length: MAX_QUERIES_PER_SEARCH + 1 }, (_, i) => `query ${i}`);

let web: FixtureWeb;
let api: TestApi;
let mcp: Client;
beforeAll(async () => {
  web = await startFixtureWeb();
  api = await startReplayingApi({ LANTERN_ENGINE_URL_GOOGLE: web.origin });
  mcp = await connectedMcpClient(api.runtime, 'lantern-test');
});
afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await web?.close();
});

/**
 * The local API as startTestApi (api-server.ts) makes it, on the runtime's own assembly
 * (assembleResearch, as createNodeRuntime calls it) with the replaying loader for the browser.
 */
async function startReplayingApi(env: Record<string, string>): Promise<TestApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-api-test-'));
  ensureToken(dataDir);
  const runtime = assembleResearch({
    dataDir,
    env: { ...process.env, ...env, LANTERN_DATA_DIR: dataDir },
    // What a door makes of the outcomes does not depend on the browser's settle grace (the 500
    // page has no ready marker) or on the engine's pacing gap (search-pacing.test.ts).
    loader: new ReplayingPageLoader({ settleGraceMs: 0 }),
    pageTimeoutMs: 30_000,
    searchPacing: { minGapMs: 0, jitterMs: 0 },
    canShowWindow: () => false,
  });
  const token = (): string => readToken(dataDir) as string;
  const server = await startApiServer({
    api: runtime,
    token,
    port: 0,
    log: () => {},
    browserState: () => runtime.browserState(),
  });
  return {
    server,
    dataDir,
    token,
    calls: [],
    settled: [],
    runtime,
    async close() {
      await server.close(500);
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const outcomes = (batch: SearchManyResponse): string[][] =>
  batch.results.map((outcome) => [outcome.query, outcome.ok ? 'ok' : outcome.error.code]);
const post = (path: string, body: unknown) =>
  rawRequest(api.server.port, { method: 'POST', path, headers: goodHeaders(api), body: JSON.stringify(body) });
const textOf = (result: CallToolResult): string => (result.content[0] as { text: string }).text;

describe('searchMany', () => {
  it('through ResearchApi: one outcome per query in the order asked, a failed query among answered ones, each answer recorded', async () => {
    const batch = await api.runtime.searchMany(
      { queries: BATCH, engine: 'google', limit: 3 },
      { session: 'batch', recordHistory: true },
    );
    expect(outcomes(batch)).toEqual(OUTCOMES);
    const [first, failed] = batch.results;
    if (first?.ok) expect(first.response.results).toHaveLength(3);
    if (failed && !failed.ok) expect(failed.error.message).toContain('HTTP 500');
    // Recorded as single searches are: the person's history holds each answered query.
    const threads = await api.runtime.history.list();
    expect(threads.map((thread) => thread.title).sort()).toEqual(['coffee', 'hotels london']);
  });

  it(`refuses more than ${MAX_QUERIES_PER_SEARCH} queries with INVALID_INPUT before asking any engine`, async () => {
    const searchesAsked = (): number => web.requests.filter((path) => path.startsWith('/search?')).length;
    const asked = searchesAsked();
    const error = await errorOf(api.runtime.searchMany({ queries: TOO_MANY }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain(`at most ${MAX_QUERIES_PER_SEARCH} queries`);
    const mcpRefusal = (await mcp.callTool({ name: 'web_search', arguments: { queries: TOO_MANY } })) as CallToolResult;
    expect(mcpRefusal.isError).toBe(true);
    expect(textOf(mcpRefusal)).toMatch(/^INVALID_INPUT: .*at most 10 queries/);
    expect((await post('/v1/search', { queries: TOO_MANY })).status).toBe(400);
    expect(searchesAsked()).toBe(asked);
  });

  it('over REST and over MCP: the same outcome for each query, the same text for the model', async () => {
    const rest = await post('/v1/search', { queries: BATCH, engine: 'google', limit: 3 });
    expect(rest.status).toBe(200);
    expect(outcomes(SearchManyResponseSchema.parse(rest.json()))).toEqual(OUTCOMES);

    // Structured content is for programs that ask for it (mcp.structuredContent).
    await api.runtime.settings.update({ mcp: { structuredContent: true } });
    onTestFinished(async () => void (await api.runtime.settings.update({ mcp: { structuredContent: false } })));
    const tool = (await mcp.callTool({
      name: 'web_search',
      arguments: { queries: BATCH, engine: 'google', limit: 3 },
    })) as CallToolResult;
    expect(tool.isError).toBeFalsy();
    const structured = tool.structuredContent as {
      searches: Array<{ query: string }>;
      failures: Array<{ query: string; code: string }>;
    };
    expect(structured.searches.map((search) => search.query)).toEqual(['coffee', 'hotels london']);
    expect(structured.failures.map((failure) => [failure.query, failure.code])).toEqual([
      [FIXTURE_QUERIES.serverError, 'ENGINE_UNREACHABLE'],
    ]);

    const restText = await post('/v1/search?format=compact', { queries: BATCH, engine: 'google', limit: 3 });
    expect(textOf(tool)).toBe(restText.body);
    expect(restText.body.split('\n\n').filter((block) => block.startsWith('A '))).toEqual([
      expect.stringMatching(/^A Google search for 'coffee' found 3 results:/),
      expect.stringMatching(/^A search for 'fixture:500' failed: ENGINE_UNREACHABLE: .*HTTP 500/),
      expect.stringMatching(/^A Google search for 'hotels london' found 3 results:/),
    ]);

    const json = (await mcp.callTool({
      name: 'web_search',
      arguments: { queries: BATCH, engine: 'google', limit: 3, format: 'json' },
    })) as CallToolResult;
    expect(outcomes(SearchManyResponseSchema.parse(JSON.parse(textOf(json))))).toEqual(OUTCOMES);
  });
});
