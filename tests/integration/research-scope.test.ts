/**
 * Deep research with a scope, over one real runtime (SQLite in its own data dir, the fixture
 * Google and the topic's articles on 127.0.0.1): a folder of the person's documents (a PDF printed
 * by Chromium, a Markdown file) added to the library, then researched alone ('library': not one
 * request to the engine or the articles, every source a document with its page or heading) or
 * beside the web's pages ('both': each cited), through ResearchApi, REST, the CLI in process and
 * the MCP SDK's client; a library with nothing for the question is NOT_FOUND, a bad scope
 * INVALID_INPUT naming `scope`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedMcpClient, toolText } from '../support/mcp-client';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import type { ResearchEvent, ResearchReport } from '../../src/shared/research-contract';
import { ResearchReportSchema } from '../../src/shared/research-contract';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';
import { errorOf } from '../support/error-of';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { makePdf } from '../support/library-fixtures';
import { startResearchTopic, TOPIC_FACETS, type ResearchTopic } from '../support/research-topic';
import { runCliInProcess } from '../support/run-cli';

const CABIN = 'How warm did the Kestrel heat pump keep the lake cabin?';
const HOUSE = 'How much did it cost to install the heat pump in our house?';

let topic: ResearchTopic;
let web: FixtureWeb;
let api: TestApi;
let folder: string;

beforeAll(async () => {
  topic = await startResearchTopic();
  web = await startFixtureWeb({ results: (query) => topic.resultsPage(query) });
  api = await startTestApi({ LANTERN_ENGINE_URL_GOOGLE: web.origin });
  await api.runtime.settings.update({ fetch: { allowPrivateNetworks: true } });
  folder = join(api.dataDir, 'documents');
  mkdirSync(folder);
  const browser = await chromium.launch({ executablePath: findChrome(), args: chromiumArgs(), headless: true });
  try {
    writeFileSync(
      join(folder, 'cabin-log.pdf'),
      await makePdf(browser, 'Cabin heating log', [
        'The cabin heating log records the winter of 2025 at the lake.',
        'The Kestrel heat pump kept the lake cabin at 19 °C while it was -22 °C outside.',
        'Appendix: the firewood stacked by the shed was not needed.',
      ]),
    );
  } finally {
    await browser.close();
  }
  writeFileSync(
    join(folder, 'house-notes.md'),
    [
      '# House notes',
      '',
      '## Heat pump installation',
      '',
      'It cost 9,800 euros to install the heat pump in our house, grants included, and the install took three days.',
      '',
      '## Garden',
      '',
      'The tomatoes were planted in April beside the shed.',
      '',
    ].join('\n'),
  );
  expect((await api.runtime.library.add({ paths: [folder] })).indexed).toHaveLength(2);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await web?.close();
  await topic?.close();
});

/** Every request the engine and the articles' server have had so far. */
const outside = (): number => web.requests.length + topic.requests.length;

function citedSources(report: ResearchReport) {
  const cited = new Set(
    [report.summary, ...report.sections].flatMap((s) =>
      s.sentences.flatMap((sentence) => sentence.citations.filter((c) => c.supported).map((c) => c.n)),
    ),
  );
  return report.sources.filter((s) => cited.has(s.n));
}

const post = (path: string, body: unknown) =>
  rawRequest(api.server.port, { method: 'POST', path, headers: goodHeaders(api), body: JSON.stringify(body) });

describe('scope library', () => {
  it('reads the documents instead of searching: no engine request, every source a document, cited by page and heading', async () => {
    const before = outside();
    const events: ResearchEvent[] = [];
    const report = ResearchReportSchema.parse(
      await api.runtime.research.run(
        { question: CABIN, subQuestions: [CABIN, HOUSE], maxPages: 4, scope: 'library' },
        { onEvent: (event) => events.push(event) },
      ),
    );
    expect(outside()).toBe(before);
    expect(report.sources.length).toBeGreaterThan(0);
    expect(report.sources.every((s) => s.library !== undefined && s.url.startsWith('file://'))).toBe(true);
    expect(report.sections.map((s) => s.answered)).toEqual([true, true]);
    const cited = citedSources(report);
    const pdf = cited.find((s) => s.library?.kind === 'pdf');
    expect(pdf).toMatchObject({
      title: 'Cabin heating log, p. 2',
      library: { path: join(folder, 'cabin-log.pdf'), page: 2 },
    });
    expect(pdf?.url).toMatch(/^file:\/\/.*cabin-log\.pdf#page=2$/);
    expect(pdf?.quotes.join(' ')).toContain('19 °C');
    expect(cited.find((s) => s.library?.kind === 'markdown')).toMatchObject({
      title: 'House notes › Heat pump installation',
      library: { path: join(folder, 'house-notes.md'), heading: 'House notes › Heat pump installation' },
    });
    // The footnotes link the file, at its page.
    expect(report.markdown).toMatch(/\[\^\d+\]: \[Cabin heating log, p\. 2\]\(<file:\/\/[^>]*cabin-log\.pdf#page=2>\)/);
    // One library search per sub-question, told as the searches are.
    expect(events.filter((e) => e.type === 'search' && e.state === 'done')).toHaveLength(2);
  }, 120_000);

  it('plans without a search', async () => {
    const before = outside();
    const plan = await api.runtime.research.plan({ question: CABIN, scope: 'library' });
    expect(plan).toMatchObject({ plannedBy: 'facets', subQuestions: [CABIN] });
    expect(outside()).toBe(before);
  });

  it('is NOT_FOUND when the library holds nothing for the question, or nothing at all', async () => {
    const before = outside();
    const none = await errorOf(
      api.runtime.research.run({ question: 'quantum chromodynamics gluon', scope: 'library' }),
    );
    expect([none.code, none.message]).toEqual([
      'NOT_FOUND',
      'Nothing in the library matches "quantum chromodynamics gluon"; add documents (lantern library add <folder>) or use scope "web".',
    ]);
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-research-empty-'));
    const empty = createNodeRuntime({
      env: { ...process.env, LANTERN_DATA_DIR: dataDir, LANTERN_ENGINE_URL_GOOGLE: web.origin },
    });
    try {
      const error = await errorOf(empty.research.run({ question: CABIN, scope: 'library' }));
      expect([error.code, error.message]).toEqual([
        'NOT_FOUND',
        expect.stringMatching(/^Nothing in the library matches/),
      ]);
    } finally {
      await empty.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(outside()).toBe(before);
  });
});

describe('scope both', () => {
  it('over REST: the web pages and a library document read together, each cited', async () => {
    const response = await post('/v1/research', {
      question: TOPIC_FACETS.install,
      subQuestions: [TOPIC_FACETS.install],
      maxPages: 4,
      scope: 'both',
    });
    expect(response.status).toBe(200);
    const report = ResearchReportSchema.parse(response.json());
    // Sections and pages take turns within the page budget.
    expect(report.sources.length).toBeLessThanOrEqual(4);
    expect(report.sources.some((s) => s.url.startsWith(topic.origin))).toBe(true);
    const cited = citedSources(report);
    expect(cited.some((s) => s.url.startsWith(topic.origin))).toBe(true);
    expect(cited.find((s) => s.library)).toMatchObject({ title: 'House notes › Heat pump installation' });
    // Numbered in one run of numbers.
    expect(report.sources.map((s) => s.n).sort((a, b) => a - b)).toEqual(report.sources.map((_, i) => i + 1));
  }, 120_000);
});

describe('a bad scope', () => {
  it('is INVALID_INPUT naming scope, before anything is searched', async () => {
    const before = outside();
    for (const call of [
      api.runtime.research.run({ question: CABIN, scope: 'everywhere' as 'web' }),
      api.runtime.research.plan({ question: CABIN, scope: 'everywhere' as 'web' }),
    ]) {
      const error = await errorOf(call);
      expect([error.code, error.message]).toEqual(['INVALID_INPUT', expect.stringMatching(/: scope: .*everywhere/)]);
    }
    const rest = await post('/v1/research', { question: CABIN, scope: 'everywhere' });
    expect(rest.status).toBe(400);
    expect(rest.json()).toMatchObject({ error: { code: 'INVALID_INPUT', message: expect.stringContaining('scope') } });
    expect(outside()).toBe(before);
  });
});

describe('lantern ask --deep --scope', () => {
  const env = (): Record<string, string> => ({ LANTERN_DATA_DIR: api.dataDir, LANTERN_ENGINE_URL_GOOGLE: web.origin });

  it('researches the library with --scope library', async () => {
    const before = outside();
    const run = await runCliInProcess(['ask', '--deep', '--scope', 'library', '--json', CABIN], env());
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`searching 1/1: ${CABIN}`);
    const report = ResearchReportSchema.parse(JSON.parse(run.stdout));
    expect(citedSources(report)[0]).toMatchObject({ library: { path: join(folder, 'cabin-log.pdf'), page: 2 } });
    expect(outside()).toBe(before);
  }, 120_000);

  it('refuses a bad scope with INVALID_INPUT and its exit code', async () => {
    const run = await runCliInProcess(['ask', '--deep', '--scope', 'everywhere', '--json', CABIN], env());
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('scope') },
    });
  });
});

describe('the MCP research tool with depth "deep" and a scope', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectedMcpClient(api.runtime, 'research-scope');
  });
  afterAll(async () => client?.close());

  it('researches the library: the report cites the document and its page', async () => {
    const before = outside();
    const result = await client.callTool({
      name: 'research',
      arguments: { question: CABIN, depth: 'deep', scope: 'library' },
    });
    expect(result.isError).toBeFalsy();
    const text = toolText(result);
    expect(text).toMatch(/^Research report for "How warm did the Kestrel heat pump keep the lake cabin\?":/);
    expect(text).toMatch(/\[\^1\]: \[Cabin heating log, p\. 2\]\(<file:\/\/[^>]*cabin-log\.pdf#page=2>\)/);
    expect(outside()).toBe(before);
  }, 120_000);

  it('answers a bad scope with INVALID_INPUT naming it', async () => {
    const result = await client.callTool({
      name: 'research',
      arguments: { question: CABIN, depth: 'deep', scope: 'everywhere' },
    });
    expect([result.isError, toolText(result)]).toEqual([true, expect.stringMatching(/^INVALID_INPUT: .*scope/)]);
  });
});
