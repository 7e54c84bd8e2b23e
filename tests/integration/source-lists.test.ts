/**
 * The person's source lists (settings `sources`) and a request's domains in answers and deep
 * research, end to end on the fixture topic (tests/support/research-topic.ts): the real runtime
 * (SearchService, system Chromium, the guarded fetch pipeline, SQLite), the fixture Google
 * answering each query — its site operators ignored, as an engine may — with the articles on
 * another loopback server. A blocked page is never shown, never read and never cited.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { startResearchTopic, TOPIC_FACETS, TOPIC_QUESTION, type ResearchTopic } from '../support/research-topic';

/** The query as the topic knows it: the operators a search added taken off, as an engine that ignores them. */
const withoutOperators = (query: string): string => query.replace(/\s+\(?-?site:\S+?\)?(?=\s|$)/g, '').trim();

let topic: ResearchTopic;
let web: FixtureWeb;
let api: ResearchService;
beforeAll(async () => {
  topic = await startResearchTopic();
  web = await startFixtureWeb({ results: (query) => topic.resultsPage(withoutOperators(query)) });
  api = createNodeRuntime({
    env: {
      ...process.env,
      LANTERN_DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-sources-')),
      LANTERN_ENGINE_URL_GOOGLE: web.origin,
    },
    pageTimeoutMs: 30_000,
    searchPacing: { minGapMs: 0, jitterMs: 0 },
  });
  await api.settings.update({ resultCacheTtlMs: 0, engines: ['google'] });
});
afterAll(async () => {
  await api?.close();
  await web?.close();
  await topic?.close();
});

/** The article paths the topic's server was asked for since `from`. */
const readSince = (from: number): string[] => topic.requests.slice(from).filter((path) => path !== '/favicon.ico');

describe("the person's block list", () => {
  it('keeps blocked pages out of an answer: not among its sources, never read', async () => {
    // uBlacklist rules: a match pattern for each page.
    await api.settings.update({
      sources: { block: ['*://127.0.0.1/overview/myths', '*://127.0.0.1/overview/buyers-primer'] },
    });
    const from = topic.requests.length;
    const answer = await api.answer({ question: TOPIC_QUESTION }, { allowPrivateNetworks: true });
    const paths = answer.sources.map((source) => new URL(source.url).pathname);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).not.toContain('/overview/myths');
    expect(paths).not.toContain('/overview/buyers-primer');
    expect(
      readSince(from).filter(
        (path) => path.startsWith('/overview/myths') || path.startsWith('/overview/buyers-primer'),
      ),
    ).toEqual([]);
  }, 120_000);

  it('keeps blocked pages out of deep research: never read, never cited, in any of its searches', async () => {
    await api.settings.update({
      sources: { block: ['*://127.0.0.1/efficiency/*', '*://127.0.0.1/running/annual-bills'] },
    });
    const from = topic.requests.length;
    const report = await api.research.run(
      { question: TOPIC_QUESTION, subQuestions: [TOPIC_FACETS.efficiency, TOPIC_FACETS.running], maxPages: 8 },
      { allowPrivateNetworks: true },
    );
    const paths = report.sources.map((source) => new URL(source.url).pathname);
    expect(paths.some((path) => path.startsWith('/running/'))).toBe(true);
    expect(paths.filter((path) => path.startsWith('/efficiency/') || path === '/running/annual-bills')).toEqual([]);
    expect(
      readSince(from).filter((path) => path.startsWith('/efficiency/') || path === '/running/annual-bills'),
    ).toEqual([]);
  }, 180_000);
});

describe("a request's domains in answers and deep research", () => {
  it('sends every search of a deep research its operator', async () => {
    await api.settings.update({ sources: { block: [] } });
    const from = web.requests.length;
    await api.research.run(
      { question: TOPIC_QUESTION, subQuestions: [TOPIC_FACETS.install], maxPages: 2, excludeDomains: ['spam.example'] },
      { allowPrivateNetworks: true },
    );
    const sent = web.requests
      .slice(from)
      .flatMap((path) => (path.startsWith('/search?') ? [new URL(path, web.origin).searchParams.get('q')] : []));
    expect(sent).toEqual([`${TOPIC_FACETS.install} -site:spam.example`]);
  }, 120_000);

  it("sends an answer's search its operator", async () => {
    const from = web.requests.length;
    await api.answer({ question: TOPIC_QUESTION, site: '127.0.0.1', pages: 2 }, { allowPrivateNetworks: true });
    const sent = web.requests
      .slice(from)
      .flatMap((path) => (path.startsWith('/search?') ? [new URL(path, web.origin).searchParams.get('q')] : []));
    expect(sent).toEqual([`${TOPIC_QUESTION} site:127.0.0.1`]);
  }, 120_000);
});
