/**
 * Deep research through each door agents use, on the fixture topic: REST (JSON, server-sent
 * events with the report before `done`, text), the MCP `research` tool with depth "deep" (the
 * real SDK client, progress notifications) and `lantern ask --deep [--interactive]` (the CLI, in process); each
 * answering bad input with INVALID_INPUT and what was wrong. Small plans and page budgets: the
 * doors only relay, the pipeline itself is tested in research-deep.test.ts.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedMcpClient } from '../support/mcp-client';
import { ResearchEventSchema, ResearchPlanSchema, ResearchReportSchema } from '../../src/shared/research-contract';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { callToolWithProgress } from '../support/mcp-progress';
import { startResearchTopic, TOPIC_FACETS, TOPIC_QUESTION, type ResearchTopic } from '../support/research-topic';
import { runCliInProcess, tempDataDir } from '../support/run-cli';
import { waitFor } from '../support/wait-for';

let topic: ResearchTopic;
let web: FixtureWeb;
let api: TestApi;
beforeAll(async () => {
  topic = await startResearchTopic();
  web = await startFixtureWeb({ results: (query) => topic.resultsPage(query) });
  api = await startTestApi({ LANTERN_ENGINE_URL_GOOGLE: web.origin });
  // The articles are on 127.0.0.1: allowed by the person who runs the server, never by a request.
  await api.runtime.settings.update({ fetch: { allowPrivateNetworks: true } });
});
afterAll(async () => {
  await api?.close();
  await web?.close();
  await topic?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  rawRequest(api.server.port, { method: 'POST', path, headers: goodHeaders(api, headers), body: JSON.stringify(body) });

/** The `event:`/`data:` blocks of a whole event stream, heartbeats left out. */
function streamedEvents(body: string): Array<{ type: string; data: unknown }> {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => ({
      type: /^event: (.*)$/m.exec(block)![1]!,
      data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as unknown,
    }));
}

const SMALL = { question: TOPIC_QUESTION, subQuestions: [TOPIC_FACETS.install], maxPages: 2 };

describe('REST', () => {
  it('plans, then streams the run: its events, the report as `response`, and `done` last', async () => {
    const plan = await post('/v1/research/plan', { question: TOPIC_QUESTION });
    expect(plan.status).toBe(200);
    expect(ResearchPlanSchema.parse(plan.json())).toMatchObject({
      plannedBy: 'facets',
      subQuestions: Object.values(TOPIC_FACETS),
    });

    const stream = await post('/v1/research', SMALL, { accept: 'text/event-stream' });
    expect(stream.status).toBe(200);
    const events = streamedEvents(stream.body);
    expect(events.map((e) => e.type).slice(-2)).toEqual(['response', 'done']);
    for (const event of events.filter((e) => e.type !== 'response'))
      expect(ResearchEventSchema.parse(event.data).type).toBe(event.type);
    const report = ResearchReportSchema.parse((events.at(-2)!.data as { response: unknown }).response);
    expect(report.sources).toHaveLength(2);
    expect(report.sections[0]!.answered).toBe(true);
  }, 120_000);

  it('answers the report as text with format=cited', async () => {
    const text = await post('/v1/research?format=cited', SMALL);
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toMatch(/^Research report for "How do heat pumps compare/);
    expect(text.body).toContain('<untrusted_content');
  }, 120_000);

  it('refuses bad input with 400 INVALID_INPUT naming the field', async () => {
    for (const [body, field] of [
      [{ question: TOPIC_QUESTION, maxPages: 41 }, 'maxPages'],
      [{ question: TOPIC_QUESTION, subQuestions: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'subQuestions'],
      [{ question: TOPIC_QUESTION, urls: ['https://example.com/'] }, 'urls'],
    ] as const) {
      const response = await post('/v1/research', body);
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'INVALID_INPUT', message: expect.stringContaining(field) },
      });
    }
    expect((await post('/v1/research/plan', { question: '' })).status).toBe(400);
  });

  it('stops a run given a runId without closing its connection: the report of what was read still comes back', async () => {
    // The second search never answers: without the stop the run would wait out its time budget.
    const runId = 'stop-test-0001';
    const running = post(`/v1/research?runId=${runId}`, {
      question: TOPIC_QUESTION,
      subQuestions: [TOPIC_FACETS.install, FIXTURE_QUERIES.hang],
    });
    await waitFor(
      () => web.requests.some((path) => path.includes(encodeURIComponent(FIXTURE_QUERIES.hang))) || undefined,
      60_000,
    );
    // The same id cannot start a second run while the first goes on.
    expect((await post(`/v1/research?runId=${runId}`, SMALL)).json()).toMatchObject({
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('already in use') },
    });

    const stop = await post('/v1/research/stop', { runId });
    expect(stop.status).toBe(200);
    expect(stop.json()).toEqual({ stopped: true });
    const response = await running;
    expect(response.status).toBe(200);
    expect(ResearchReportSchema.parse(response.json()).stopped).toBe('cancelled');

    // Once it has ended there is nothing to stop; a malformed id is refused.
    expect((await post('/v1/research/stop', { runId })).json()).toEqual({ stopped: false });
    const bad = await post('/v1/research/stop', { runId: 'no spaces' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'INVALID_INPUT', message: expect.stringContaining('runId') } });
  }, 120_000);
});

describe('MCP research with depth "deep"', () => {
  const connect = (): Promise<Client> => connectedMcpClient(api.runtime, 'research-doors');

  it('runs deep research, telling its steps as progress, the report inside <untrusted_content>', async () => {
    const client = await connect();
    const { result, progress } = await callToolWithProgress(client, {
      name: 'research',
      arguments: { question: TOPIC_FACETS.install, depth: 'deep', pages: 2 },
    });
    expect(result.isError).toBeFalsy();
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(/^Research report for "How much does it cost to install a heat pump\?":/);
    expect(text).toMatch(/\[\^1\]: /);
    const messages = progress.map((p) => p.message ?? '');
    expect(messages[0]).toMatch(/^plan \(facets\): 1\. How much does it cost to install a heat pump\?/);
    expect(messages).toContainEqual(expect.stringMatching(/^read \[1\] /));
    expect(messages.at(-1)).toMatch(/^done in \d+ ms$/);
    await client.close();
  }, 120_000);

  it('refuses what deep research cannot take, as INVALID_INPUT', async () => {
    const client = await connect();
    const withUrls = await client.callTool({
      name: 'research',
      arguments: { question: 'x', depth: 'deep', urls: ['https://example.com/'] },
    });
    expect(withUrls.isError).toBe(true);
    expect((withUrls.content as Array<{ text: string }>)[0]!.text).toMatch(/^INVALID_INPUT: urls is for depth "quick"/);
    const badDepth = await client.callTool({ name: 'research', arguments: { question: 'x', depth: 'deeper' } });
    expect((badDepth.content as Array<{ text: string }>)[0]!.text).toMatch(/^INVALID_INPUT: .*depth/);
    const tooMany = await client.callTool({
      name: 'research',
      arguments: { question: 'x', depth: 'deep', pages: 100 },
    });
    expect((tooMany.content as Array<{ text: string }>)[0]!.text).toMatch(/^INVALID_INPUT: .*maxPages/);
    await client.close();
  });
});

describe('lantern ask --deep', () => {
  it('prints progress on stderr and the ResearchReport with --json', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: web.origin };
    const run = await runCliInProcess(
      ['ask', '--deep', '--json', '--allow-private', '--max-pages', '4', TOPIC_FACETS.lifespan],
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^planning…\nplan \(facets\): 1\. heat pump lifespan vs gas boiler lifespan\n/);
    expect(run.stderr).toMatch(/\ndone in \d+ ms\n$/);
    const report = ResearchReportSchema.parse(JSON.parse(run.stdout));
    expect(report.sources).toHaveLength(4);
    expect(report.sections[0]!.answered).toBe(true);
    expect(report.threadId).toEqual(expect.any(Number));
  }, 120_000);

  it('refuses flags deep research does not take, and bad budgets, before searching', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: 'http://127.0.0.1:9' };
    const withUrl = await runCliInProcess(['ask', 'why?', '--deep', '--json', '--url', 'https://example.com/'], env);
    expect(withUrl.code).toBe(2);
    expect(JSON.parse(withUrl.stdout)).toMatchObject({
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('--max-pages') },
    });
    const budget = await runCliInProcess(['ask', '--deep', '--max-pages', '0', 'why?'], env);
    expect(budget.code).not.toBe(0);
    expect(budget.stderr).toContain('--max-pages must be a whole number from 1 to 40');
    const quick = await runCliInProcess(['ask', '--max-pages', '3', 'why?'], env);
    expect(quick.stderr).toContain('--max-pages and --time-budget are for deep research: add --deep.');
    const quickInteractive = await runCliInProcess(['ask', '--interactive', '--json', 'why?'], env);
    expect(quickInteractive.code).toBe(2);
    expect(JSON.parse(quickInteractive.stdout)).toMatchObject({
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringContaining('--interactive is for deep research: add --deep'),
      },
    });
  });

  it('with --interactive, a CAPTCHA pauses the run for a person (here no display, so it fails with why)', async () => {
    // No display: the window cannot open, so the person flow ends at once; without --interactive the run would not pause at all.
    // Bing and DuckDuckGo, the fallbacks, refuse at once on a closed port (rather than a name lookup).
    const closed = 'http://127.0.0.1:9';
    const env = {
      LANTERN_DATA_DIR: tempDataDir(),
      LANTERN_ENGINE_URL_GOOGLE: web.origin,
      LANTERN_ENGINE_URL_BING: closed,
      LANTERN_ENGINE_URL_DUCKDUCKGO: closed,
      DISPLAY: '',
      WAYLAND_DISPLAY: '',
    };
    web.blockEverySearch('captcha');
    try {
      const run = await runCliInProcess(
        ['ask', '--deep', '--interactive', '--allow-private', '--max-pages', '1', TOPIC_FACETS.install],
        env,
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('paused: google wants a person to solve a CAPTCHA');
      expect(run.stderr).toContain('CAPTCHA_REQUIRED');
    } finally {
      web.blockEverySearch(undefined);
    }
  }, 120_000);
});
