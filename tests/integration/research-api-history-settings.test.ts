/**
 * history.* and settings.* through ResearchApi, on the Node runtime over a real SQLite store in
 * a temporary data dir; and settings changed through settings.update steering the very next
 * search and fetch of the same runtime (real Chromium against the fixture web on 127.0.0.1).
 */
import http from 'node:http';
import type net from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import { settingsPath } from '../../src/main/settings/settings';
import { openStore } from '../../src/main/store';
import { ENGINE_IDS } from '../../src/shared/contract';
import { isFetchBatch } from '../../src/shared/fetch-contract';
import {
  FullTextHitSchema,
  HistoryDeleteResponseSchema,
  HistoryExportResponseSchema,
  ThreadSchema,
  ThreadSummarySchema,
} from '../../src/shared/history-contract';
import { SettingsSchema } from '../../src/shared/settings-contract';
import { errorOf } from '../support/error-of';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { startSilentServer } from '../support/silent-server';
import { tempDataDir } from '../support/temp-store';

let temp: ReturnType<typeof tempDataDir>;
const runtimes: ResearchService[] = [];
beforeEach(() => {
  temp = tempDataDir();
});
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
  temp.cleanup();
});

/** A Node runtime on the temp data dir; every engine points at 127.0.0.1 (`origins`, else a closed port). */
function runtime(origins: Partial<Record<string, string>> = {}): ResearchService {
  const env: NodeJS.ProcessEnv = { LANTERN_DATA_DIR: temp.dir };
  for (const id of ENGINE_IDS) env[`LANTERN_ENGINE_URL_${id.toUpperCase()}`] = origins[id] ?? 'http://127.0.0.1:9';
  const api = createNodeRuntime({ env });
  runtimes.push(api);
  return api;
}

function seedHistory(): { heat: number; title: string } {
  const store = openStore({ path: temp.dbPath, purgeIntervalMs: 0 });
  try {
    const thread = store.history.createThread();
    store.history.appendTurn(thread.id, {
      question: 'How efficient are [heat] *pumps*?',
      mode: 'answer',
      answer: 'A COP of 3 is common [1].',
      sources: [{ url: 'https://energy.example/cop', title: 'COP explained' }],
    });
    return { heat: thread.id, title: 'How efficient are [heat] *pumps*?' };
  } finally {
    store.close();
  }
}

describe('history through ResearchApi', () => {
  it('lists, gets, searches, exports and deletes threads of the store', async () => {
    const { heat, title } = seedHistory();
    const api = runtime();
    expect(await api.history.list()).toEqual([expect.objectContaining({ id: heat, title, turnCount: 1 })]);
    const thread = await api.history.get({ id: heat });
    expect(thread.turns.map((t) => t.question)).toEqual([title]);
    expect(await api.history.get({ id: `#${heat}` })).toEqual(thread);

    const hits = await api.history.search({ text: 'efficient', scope: 'history' });
    expect(hits).toEqual([expect.objectContaining({ kind: 'turn', threadId: heat })]);
    expect(await api.history.search({ text: 'efficient', scope: 'pages' })).toEqual([]);

    const exported = await api.history.export({ id: heat });
    expect(exported).toMatchObject({ id: heat, title, format: 'markdown' });
    const markdown = exported.format === 'markdown' ? exported.markdown : '';
    expect(markdown).toContain('# How efficient are \\[heat\\] \\*pumps\\*?');
    expect(markdown).toContain('[^1]: COP explained. <https://energy.example/cop>');

    // What the store hands back is exactly what the contract's response schemas describe.
    const listed = await api.history.list();
    expect(ThreadSummarySchema.array().parse(listed)).toEqual(listed);
    expect(ThreadSchema.parse(thread)).toEqual(thread);
    expect(FullTextHitSchema.array().parse(hits)).toEqual(hits);
    expect(HistoryExportResponseSchema.parse(exported)).toEqual(exported);

    const deleted = await api.history.delete({ id: heat });
    expect(deleted).toEqual({ deleted: heat, title, turnCount: 1 });
    expect(HistoryDeleteResponseSchema.parse(deleted)).toEqual(deleted);
    expect(await api.history.list()).toEqual([]);
    const missing = await errorOf(api.history.get({ id: heat }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toContain(`No thread ${heat}`);
    expect((await errorOf(api.history.delete({ id: heat }))).code).toBe('NOT_FOUND');
  });

  it('answers bad requests with INVALID_INPUT naming the field', async () => {
    const api = runtime();
    for (const request of [{ id: 'abc' }, { id: 0 }, { id: 1.5 }, { id: 3, extra: true }]) {
      const error = await errorOf(api.history.get(request as { id: number }));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toMatch(/^Invalid history\.get request: /);
    }
    expect((await errorOf(api.history.list({ limit: 0 }))).message).toMatch(/limit/);
    expect((await errorOf(api.history.search({ text: '***' }))).code).toBe('INVALID_INPUT');
    expect((await errorOf(api.history.search({ text: 'x', scope: 'everything' as 'all' }))).message).toMatch(/scope/);
  });
});

describe('settings through ResearchApi', () => {
  it('gets the defaults, saves a validated change, resets', async () => {
    const api = runtime();
    const defaults = await api.settings.get();
    expect(SettingsSchema.parse(defaults)).toEqual(defaults);
    expect(defaults).toMatchObject({
      engines: ['google', 'bing', 'duckduckgo'],
      consent: 'reject',
      pageTimeoutMs: 5000,
    });

    const changed = await api.settings.update({ pageTimeoutMs: 8000, fetch: { proxy: 'http://127.0.0.1:3128' } });
    expect(changed.pageTimeoutMs).toBe(8000);
    expect(changed.fetch).toEqual({
      allowPrivateNetworks: false,
      publicRanges: [],
      proxy: 'http://127.0.0.1:3128',
      renderWithoutSandbox: false,
    });
    expect(JSON.parse(readFileSync(settingsPath(temp.dir), 'utf8'))).toMatchObject({ pageTimeoutMs: 8000 });
    // Another process (a new runtime) reads what was saved.
    expect((await runtime().settings.get()).pageTimeoutMs).toBe(8000);

    const withoutProxy = await api.settings.update({ fetch: { proxy: null } });
    expect(withoutProxy.fetch).toEqual({ allowPrivateNetworks: false, publicRanges: [], renderWithoutSandbox: false });
    expect(await api.settings.reset()).toEqual(defaults);
    expect(JSON.parse(readFileSync(settingsPath(temp.dir), 'utf8'))).toEqual(defaults);
  });

  it('refuses an invalid change and keeps the settings as they were', async () => {
    const api = runtime();
    await api.settings.update({ consent: 'accept' });
    const saved = readFileSync(settingsPath(temp.dir), 'utf8');
    for (const [patch, field] of [
      [{ engines: [] }, 'engines'],
      [{ engines: ['altavista'] }, 'engines.0'],
      [{ pageTimeoutMs: 10 }, 'pageTimeoutMs'],
      [{ fetch: { publicRanges: ['198.18.0.0/99'] } }, 'fetch.publicRanges.0'],
      [{ fetch: { proxy: 'socks5://127.0.0.1:1080' } }, 'fetch.proxy'],
      [{ fetch: { allowPrivate: true } }, 'fetch.allowPrivate'],
      [{ version: 2 }, 'version'],
    ] as const) {
      const error = await errorOf(api.settings.update(patch as never));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toMatch(new RegExp(`^Invalid settings change: ${field.replace('.', '\\.')}: `));
    }
    expect(readFileSync(settingsPath(temp.dir), 'utf8')).toBe(saved);
    expect((await api.settings.get()).consent).toBe('accept');
  });

  it('a settings file that no longer parses fails searches clearly, while history and reset still work', async () => {
    writeFileSync(settingsPath(temp.dir), '{ not json');
    const api = runtime();
    const error = await errorOf(api.search({ query: 'coffee' }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('settings.json is not valid JSON');
    expect((await errorOf(api.settings.get())).code).toBe('INVALID_INPUT');
    expect(await api.history.list()).toEqual([]);
    expect((await api.settings.reset()).engines).toEqual(['google', 'bing', 'duckduckgo']);
    expect((await api.settings.get()).consent).toBe('reject');
  });
});

describe('settings.update applies to the next search and fetch without a restart', () => {
  let google: FixtureWeb;
  let bing: FixtureWeb;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let page: http.Server;
  let pageUrl: string;
  beforeAll(async () => {
    [google, bing, silent] = await Promise.all([
      startFixtureWeb(),
      startFixtureWeb({ engine: 'bing' }),
      startSilentServer(),
    ]);
    page = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('A page on a loopback server.'),
    );
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as net.AddressInfo).port}/notes.txt`;
  });
  afterAll(async () => {
    page.closeAllConnections();
    await Promise.all([google.close(), bing.close(), silent.close(), new Promise((resolve) => page.close(resolve))]);
  });

  it('engine order, result cache TTL, and the search it records in the history', async () => {
    const api = runtime({ google: google.origin, bing: bing.origin });
    // A patient budget: a browser launch on a loaded machine must not decide this test.
    await api.settings.update({ pageTimeoutMs: 30_000 });
    const first = await api.search({ query: 'coffee', limit: 3 }, { recordHistory: true });
    expect(first.engine).toBe('google');

    await api.settings.update({ engines: ['bing'], resultCacheTtlMs: 0 });
    const second = await api.search({ query: 'coffee', limit: 3 }, { noCache: true });
    expect(second.engine).toBe('bing');
    // TTL 0: what the last search stored has already expired.
    expect((await api.search({ query: 'coffee', limit: 3 })).fromCache).toBeUndefined();

    await api.settings.update({ resultCacheTtlMs: 60_000 });
    await api.search({ query: 'coffee', limit: 3 }, { noCache: true });
    expect((await api.search({ query: 'coffee', limit: 3 })).fromCache).toBe(true);

    // The search recorded in the history links each result, whatever its title holds.
    const [thread] = await api.history.list();
    const recorded = await api.history.get({ id: thread!.id });
    const html = micromark(recorded.turns[0]!.answer, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect([...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1])).toEqual(first.results.map((r) => r.url));
    // Each source keeps what the results list shows of it, for the thread view.
    expect(recorded.turns[0]!.sources).toEqual(
      first.results.map((r) => ({
        url: r.url,
        title: r.title,
        snippet: r.snippet,
        source: r.source,
        ...(r.date ? { date: r.date } : {}),
      })),
    );
    // and what its results page suggested searching next: people also ask and related searches.
    expect(first.peopleAlsoAsk?.length).toBeGreaterThan(0);
    expect(first.relatedSearches?.length).toBeGreaterThan(0);
    expect(recorded.turns[0]!.suggestions).toEqual({
      peopleAlsoAsk: first.peopleAlsoAsk,
      relatedSearches: first.relatedSearches,
    });
  });

  it("search language and region: the request's own, else the setting, else (lang) the query's script", async () => {
    const api = runtime({ google: google.origin });
    await api.settings.update({ pageTimeoutMs: 30_000 });
    /** hl and gl of the first engine page the call asked Google for (a recorded page may reload itself after). */
    const sent = async (call: () => Promise<unknown>): Promise<{ hl: string | null; gl: string | null }> => {
      const before = google.requests.length;
      await call();
      const path = google.requests.slice(before).find((p) => p.startsWith('/search?'));
      expect(path).toBeDefined();
      const params = new URL(path!, google.origin).searchParams;
      return { hl: params.get('hl'), gl: params.get('gl') };
    };
    const search =
      (query: string, more: { lang?: string; region?: string } = {}) =>
      () =>
        api.search({ query, limit: 3, ...more }, { noCache: true });

    // No setting: Latin script leaves both to the engine; Cyrillic implies Russian.
    expect(await sent(search('coffee'))).toEqual({ hl: null, gl: null });
    expect(await sent(search('кофе'))).toEqual({ hl: 'ru', gl: null });

    await api.settings.update({ search: { lang: 'de', region: 'at' } });
    expect(await sent(search('coffee'))).toEqual({ hl: 'de', gl: 'at' });
    // The setting beats the query's script.
    expect(await sent(search('кофе'))).toEqual({ hl: 'de', gl: 'at' });
    // The request's own beats the setting.
    expect(await sent(search('coffee', { lang: 'fr', region: 'CH' }))).toEqual({ hl: 'fr', gl: 'ch' });
    // The cache answers to the settings in force: a changed region is a different search.
    await api.search({ query: 'coffee', limit: 3 });
    await api.settings.update({ search: { region: 'ch' } });
    expect((await api.search({ query: 'coffee', limit: 3 })).fromCache).toBeUndefined();
    // Answers search through the same path (the answer itself does not matter here: offline pages).
    expect(await sent(() => api.answer({ question: 'coffee', pages: 1 }).catch(() => undefined))).toEqual({
      hl: 'de',
      gl: 'ch',
    });

    await api.settings.update({ search: { lang: null, region: null } });
    expect(await sent(search('кофе'))).toEqual({ hl: 'ru', gl: null });
  });

  it('page timeout', async () => {
    const api = runtime({ google: silent.origin });
    await api.settings.update({ pageTimeoutMs: 1500 });
    const error = await errorOf(api.search({ query: 'coffee', engine: 'google' }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.details?.['timeoutMs']).toBe(1500);
    expect(error.message).toContain('1500 ms');
  });

  it('consent answer', async () => {
    const api = runtime({ google: google.origin });
    await api.settings.update({ consent: 'accept', pageTimeoutMs: 30_000 });
    const response = await api.search({ query: FIXTURE_QUERIES.consentOnce, engine: 'google' });
    expect(response.results).toHaveLength(10);
    expect(google.consentAnswers).toEqual(['accept']);
  });

  it('fetch: private networks allowed, then refused again', async () => {
    const api = runtime();
    expect((await errorOf(api.fetch({ url: pageUrl }))).code).toBe('BLOCKED_URL');
    await api.settings.update({ fetch: { allowPrivateNetworks: true } });
    const fetched = await api.fetch({ url: pageUrl });
    expect(!isFetchBatch(fetched) && fetched.markdown).toBe('A page on a loopback server.');
    await api.settings.update({ fetch: { allowPrivateNetworks: false } });
    // Cached while allowed, yet refused now: the cache answers to the settings in force.
    expect((await errorOf(api.fetch({ url: pageUrl }))).code).toBe('BLOCKED_URL');
  });
});
