/**
 * What SearchService does with the pages it gets — the cache and its key, paging to fill the
 * limit, de-duplication, block pages, pacing — on the recorded Google pages of the fixture web,
 * through the replaying loader (tests/support/replaying-loader.ts): no browser, the real
 * fixture server on loopback, the real SQLite cache. What only a browser shows (readiness of real
 * pages, launch and idle close, crashes) is in search-service.test.ts. And the replaying loader's
 * own contract, so that it is no friendlier than ChromiumPageLoader.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoadOptions } from '../../src/main/browser/page-loader';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureRequest, type FixtureWeb } from '../support/fixture-web';
import { errorOf } from '../support/error-of';
import { listenOnLoopback } from '../support/loopback-http';
import { ReplayingPageLoader } from '../support/replaying-loader';
import { normalizeUrl } from '../support/serp-eval';
import { tempResultCache } from '../support/temp-store';
import { waitFor } from '../support/wait-for';

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb({ slowMs: 1500 });
});
afterAll(async () => {
  await web.close();
});

/** A Google search service on the replaying loader; the loader's `loads` list every page it was asked for. */
function harness(options: { timeoutMs?: number; gapMs?: number } = {}): {
  service: SearchService;
  loader: ReplayingPageLoader;
} {
  // No settle grace for a page without a ready marker (a 500, a block page): what the service
  // makes of such a page does not depend on how long the browser gave its scripts.
  const loader = new ReplayingPageLoader({ settleGraceMs: 0 });
  const service = new SearchService({
    loader,
    engines: { google },
    cache: tempResultCache(),
    origins: { google: web.origin },
    pageTimeoutMs: options.timeoutMs ?? 30_000,
    pacing: { minGapMs: options.gapMs ?? 0, jitterMs: 0 },
  });
  return { service, loader };
}

/** Requests for engine pages since `from` (the search, and a redirect's /sorry/ page). */
function enginePagesServed(from: number): FixtureRequest[] {
  return web.log.slice(from).filter((r) => r.path.startsWith('/search?') || r.path.startsWith('/sorry/'));
}

/** The result URLs Google's parser finds in the recorded page a query (and offset) gets. */
async function pageUrls(query: string, offset = 0): Promise<string[]> {
  const url = google.buildRequest({ query, offset }, web.origin);
  const page = { finalUrl: url, status: 200, html: await (await fetch(url)).text(), title: '' };
  return google.parse(page).results.map((result) => result.url);
}

describe('SearchService on recorded pages', () => {
  it('returns up to the limit of what the page holds, each search with its own id', async () => {
    const { service } = harness();
    const first = await service.search({ query: 'paris' });
    const second = await service.search({ query: 'matrix' });
    expect(first.results).toHaveLength(10); // the default limit; the recorded paris page has 10
    expect(second.results).toHaveLength(8); // all the recorded matrix page has
    expect(first.results.map((r) => r.url)).toEqual(await pageUrls('paris'));
    expect(first.searchId).not.toBe(second.searchId);
  });

  it('serves a repeated search from the cache without loading a page, and loads again with noCache', async () => {
    const { service, loader } = harness();
    const first = await service.search({ query: 'dell', limit: 5 });
    const again = await service.search({ query: '  DELL ', limit: 5 });
    expect(loader.loads).toHaveLength(1);
    expect(again.fromCache).toBe(true);
    expect(again.results).toEqual(first.results);
    const fresh = await service.search({ query: 'dell', limit: 5 }, { noCache: true });
    expect(loader.loads).toHaveLength(2);
    expect(fresh.fromCache).toBeUndefined();
    // The answer read with noCache is cached for later.
    expect((await service.search({ query: 'dell', limit: 5 })).searchId).toBe(fresh.searchId);
  });

  it('keys the cache on what shapes the answer: the limit and region are part of it, the case of region and query are not', async () => {
    const { service, loader } = harness();
    await service.search({ query: 'Dell', limit: 5, region: 'US' });
    expect((await service.search({ query: 'dell', limit: 5, region: 'us' })).fromCache).toBe(true);
    expect((await service.search({ query: 'dell', limit: 5 })).fromCache).toBeUndefined();
    expect((await service.search({ query: 'dell', limit: 6, region: 'us' })).fromCache).toBeUndefined();
    expect((await service.search({ query: 'dell', limit: 5, region: 'us', lang: 'de' })).fromCache).toBeUndefined();
    expect(loader.loads.map((load) => new URL(load.url).search)).toEqual([
      '?q=Dell&gl=us',
      '?q=dell',
      '?q=dell&gl=us',
      '?q=dell&hl=de&gl=us',
    ]);
  });

  it('takes the limit from one page that holds it, with 0-based indexes', async () => {
    const { service, loader } = harness();
    const response = await service.search({ query: 'coffee', limit: 15 });
    expect(response.results.map((r) => r.index)).toEqual([...Array(15).keys()]);
    expect(response.results.map((r) => r.url)).toEqual((await pageUrls('coffee')).slice(0, 15));
    expect(loader.loads).toHaveLength(1);
  });

  it('reads the next results page when the first holds fewer than the limit, within the pacing', async () => {
    const { service, loader } = harness({ gapMs: 300 });
    const from = web.log.length;
    // The recorded domain page holds 8 results; its page 2 (start=10) holds 3 that page 1 has not.
    const response = await service.search({ query: 'domain' });
    expect(response.results.map((r) => r.index)).toEqual([...Array(10).keys()]);
    const served = enginePagesServed(from);
    expect(served.map((r) => r.path)).toEqual(['/search?q=domain', '/search?q=domain&start=10']);
    expect(loader.loads).toHaveLength(2);
    // The first 8 are page 1's; the 9th and 10th page 2's first two that page 1 did not have.
    const [first, second] = [await pageUrls('domain'), await pageUrls('domain', 10)];
    expect(response.results.slice(0, 8).map((r) => r.url)).toEqual(first);
    expect(response.results.slice(8).map((r) => r.url)).toEqual(
      second.filter((url) => !first.includes(url)).slice(0, 2),
    );
    // Page 2 waited its turn: never a burst. (Date.now() has 1 ms steps.)
    expect(served[1]!.at - served[0]!.at).toBeGreaterThanOrEqual(299);

    // Cached as it was answered: the same search again loads no page.
    const again = await service.search({ query: 'domain' });
    expect(again.fromCache).toBe(true);
    expect(again.results).toEqual(response.results);
    expect(loader.loads).toHaveLength(2);
  });

  it('pages on until the engine has no more, and keeps what every page added', async () => {
    const { service } = harness();
    const from = web.log.length;
    // domain: 8 on page 1, 3 new on page 2, page 3 is Google's "no results" page.
    const response = await service.search({ query: 'domain', limit: 15 });
    expect(response.results).toHaveLength(11);
    expect(new Set(response.results.map((r) => normalizeUrl(r.url))).size).toBe(11);
    expect(enginePagesServed(from).map((r) => r.path)).toEqual([
      '/search?q=domain',
      '/search?q=domain&start=10',
      '/search?q=domain&start=20',
    ]);
  });

  it("asks for the page after the request's own page", async () => {
    const { service } = harness();
    const from = web.log.length;
    // Page 2 of domain starts at result 10: its page is the recorded second page, and more comes from start=20.
    const response = await service.search({ query: 'domain', page: 2 });
    expect(enginePagesServed(from).map((r) => r.path)).toEqual([
      '/search?q=domain&start=10',
      '/search?q=domain&start=20',
    ]);
    expect(response.results.map((r) => r.url)).toEqual(await pageUrls('domain', 10));
  });

  it("counts a later page's result once even where the engine writes its address differently (scheme, case)", async () => {
    const { service } = harness();
    const from = web.log.length;
    // coffee's page 1 holds 95 results; page 2 (start=10) holds 10, each one of page 1's, two of
    // them as http:// or in other letter case: nothing new, so paging stops there.
    const response = await service.search({ query: 'coffee', limit: 100 });
    expect(enginePagesServed(from).map((r) => r.path)).toEqual(['/search?q=coffee', '/search?q=coffee&start=10']);
    expect(response.results.map((r) => r.url)).toEqual(await pageUrls('coffee'));
    expect(new Set(response.results.map((r) => normalizeUrl(r.url).toLowerCase())).size).toBe(95);
  });

  it('returns what an engine with one results page has, without error', async () => {
    const { service } = harness();
    const from = web.log.length;
    // The recorded hotels query has one page of 9: its page 2 is Google's "no results" page.
    const hotels = await service.search({ query: 'hotels' });
    expect(hotels.results).toHaveLength(9);
    expect(enginePagesServed(from).map((r) => r.path)).toEqual(['/search?q=hotels', '/search?q=hotels&start=10']);
    // However many are asked for: paging stops at the page that has none.
    expect((await service.search({ query: 'matrix', limit: 30 })).results).toHaveLength(8);
    expect(enginePagesServed(from)).toHaveLength(4);
  });

  it('reads one results page when it holds the limit', async () => {
    const { service } = harness();
    const from = web.log.length;
    expect((await service.search({ query: 'domain', limit: 8 })).results).toHaveLength(8);
    expect((await service.search({ query: 'paris' })).results).toHaveLength(10);
    expect(enginePagesServed(from).map((r) => r.path)).toEqual(['/search?q=domain', '/search?q=paris']);
  });

  it("reads the first results page only when asked to (an answer's search), and caches that apart", async () => {
    const { service } = harness();
    const from = web.log.length;
    const firstPage = await service.search({ query: 'domain' }, { firstPageOnly: true });
    expect(firstPage.results).toHaveLength(8);
    expect(enginePagesServed(from).map((r) => r.path)).toEqual(['/search?q=domain']);
    // The same request read in full is not the first page's 8 from the cache.
    const full = await service.search({ query: 'domain' });
    expect(full.fromCache).toBeUndefined();
    expect(full.results).toHaveLength(10);
    expect((await service.search({ query: 'domain' }, { firstPageOnly: true })).fromCache).toBe(true);
    expect(enginePagesServed(from)).toHaveLength(3);
  });

  it('keeps the pacing gap between pages of one engine, from one search to the next', async () => {
    const { service } = harness({ gapMs: 700 });
    const from = web.log.length;
    await service.search({ query: 'paris', limit: 3 });
    await service.search({ query: 'google', limit: 3 });
    const served = enginePagesServed(from);
    expect(served.map((r) => r.path)).toEqual(['/search?q=paris', '/search?q=google']);
    expect(served[1]!.at - served[0]!.at).toBeGreaterThanOrEqual(699);
  });

  it('reports a CAPTCHA at once as CAPTCHA_REQUIRED and never retries it', async () => {
    const { service } = harness();
    const from = web.log.length;
    const error = await errorOf(service.search({ query: FIXTURE_QUERIES.captcha }));
    expect(error.code).toBe('CAPTCHA_REQUIRED');
    expect(error.details).toMatchObject({ engine: 'google', status: 429, url: `${web.origin}/sorry/index` });
    // The search, then its redirect to /sorry/; not again.
    expect(enginePagesServed(from).map((r) => r.path)).toEqual([
      expect.stringMatching(/^\/search\?q=fixture/),
      expect.stringMatching(/^\/sorry\/index\?/),
    ]);
    // The engine is paused: the next search does not ask it.
    expect((await errorOf(service.search({ query: 'paris' }))).code).toBe('ENGINE_BLOCKED');
    expect(enginePagesServed(from)).toHaveLength(2);
  });

  it('never reports a block page as results or as zero results', async () => {
    // A fresh service per page: a block suspends the engine, which would decide the next case.
    expect((await errorOf(harness().service.search({ query: FIXTURE_QUERIES.consentLoop }))).code).toBe(
      'CONSENT_REQUIRED',
    );
    // A consent dialog over results (the recorded 2022 page) is read as its results.
    expect((await harness().service.search({ query: FIXTURE_QUERIES.consent })).results.length).toBeGreaterThanOrEqual(
      5,
    );
    const shell = await errorOf(harness().service.search({ query: FIXTURE_QUERIES.jsShell }));
    expect(shell.code).toBe('ENGINE_BLOCKED');
    expect(shell.message).toContain('answered with its "enable JavaScript" page instead of results');
    const broken = await errorOf(harness().service.search({ query: FIXTURE_QUERIES.serverError }));
    expect(broken.code).toBe('ENGINE_UNREACHABLE');
    expect(broken.message).toContain('HTTP 500');
  });

  it('returns an empty result list only for a real "no results" page', async () => {
    const { service } = harness();
    const response = await service.search({ query: 'a query nobody recorded' });
    expect(response.results).toEqual([]);
  });

  it("times out with the page budget, counted from the caller's start", async () => {
    const { service } = harness({ timeoutMs: 30_000 });
    // The caller started 29 s ago: 1 s of the 30 s budget is left for a page that never answers.
    const error = await errorOf(service.search({ query: FIXTURE_QUERIES.hang }, { startedAt: Date.now() - 29_000 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.details).toMatchObject({ stage: 'waiting for the page to respond', timeoutMs: 30_000 });
  });

  it('cancels a search through its AbortSignal, and the next search runs', async () => {
    const { service } = harness();
    const controller = new AbortController();
    const asked = web.requests.length;
    const pending = service.search({ query: FIXTURE_QUERIES.slow }, { signal: controller.signal });
    await waitFor(() => web.requests.slice(asked).find((path) => path.includes('slow')), 30_000);
    controller.abort();
    expect((await errorOf(pending)).code).toBe('CANCELLED');
    expect((await service.search({ query: 'paris', limit: 2 })).results).toHaveLength(2);
  });
});

describe("the replaying loader, held to ChromiumPageLoader's contract", () => {
  const options = (extra: Partial<LoadOptions> = {}): LoadOptions => ({
    readySelectors: google.readySelectors,
    completeSelectors: google.completeSelectors ?? [],
    timeoutMs: 30_000,
    ...extra,
  });
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("hands back the page where its redirects ended, with that document's status and Retry-After", async () => {
    const loader = new ReplayingPageLoader({ settleGraceMs: 0 });
    const sorry = await loader.load(
      google.buildRequest({ query: FIXTURE_QUERIES.captcha, offset: 0 }, web.origin),
      options(),
    );
    expect(sorry.status).toBe(429);
    expect(new URL(sorry.finalUrl).pathname).toBe('/sorry/index');
    const busy = await loader.load(
      google.buildRequest({ query: FIXTURE_QUERIES.tooManyRequests, offset: 0 }, web.origin),
      options({ timeoutMs: 5000 }),
    );
    expect(busy).toMatchObject({ status: 429, retryAfterMs: 120_000, title: '429 Too Many Requests' });
  });

  it('reads the document as the browser does: no scripts or styles, no inline image bytes', async () => {
    const loader = new ReplayingPageLoader();
    const page = await loader.load(google.buildRequest({ query: 'paris', offset: 0 }, web.origin), options());
    expect(page.html.startsWith('<!DOCTYPE html><html')).toBe(true);
    expect(page.html).not.toMatch(/<script|<style/i);
    expect(page.html).not.toMatch(/src="data:[^"]/);
    expect(page.title).toBe('things to do in paris - Google Search');
  });

  it('times out naming the stage: no answer at all is "waiting for the page to respond"', async () => {
    const loader = new ReplayingPageLoader();
    const error = await errorOf(
      loader.load(
        google.buildRequest({ query: FIXTURE_QUERIES.hang, offset: 0 }, web.origin),
        options({ timeoutMs: 500 }),
      ),
    );
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('did not finish within 500 ms (stage: waiting for the page to respond)');
  });

  it('times out settling a page whose document never ends, saying what it had', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!DOCTYPE html><html><body><div id="search"><div id="rso"><div class="g"><h3>first</h3>');
    });
    servers.push(server);
    const origin = await listenOnLoopback(server);
    const loader = new ReplayingPageLoader();
    // The budget is set well past the answer's first bytes (loopback): only the settling can run out.
    const error = await errorOf(loader.load(`${origin}/search`, options({ timeoutMs: 3000 })));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain(
      '(stage: waiting for the page to settle). Lantern was waiting for the parser to pass the end of #rso or #search',
    );
    expect(error.details).toMatchObject({
      stage: 'waiting for the page to settle',
      seen: { readyState: 'loading', present: ['#rso', '#search'], open: ['#rso', '#search'] },
    });
  });

  it('reads a page with a marker at once, and gives one without any the settle grace first', async () => {
    // A grace longer than the test's own timeout: only reading at once can pass.
    const patient = new ReplayingPageLoader({ settleGraceMs: 600_000 });
    expect(
      google.classify(await patient.load(google.buildRequest({ query: 'paris', offset: 0 }, web.origin), options()))
        .state,
    ).toBe('results');
    const graced = new ReplayingPageLoader({ settleGraceMs: 300 });
    const started = Date.now();
    const page = await graced.load(
      google.buildRequest({ query: FIXTURE_QUERIES.serverError, offset: 0 }, web.origin),
      options(),
    );
    expect(page.status).toBe(500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(299); // Date.now() has 1 ms steps
  });

  it('counts the budget from a deadline set before the call', async () => {
    const loader = new ReplayingPageLoader();
    const error = await errorOf(
      loader.load(
        google.buildRequest({ query: FIXTURE_QUERIES.hang, offset: 0 }, web.origin),
        options({ timeoutMs: 30_000, deadline: Date.now() + 200 }),
      ),
    );
    expect(error.details).toMatchObject({ stage: 'waiting for the page to respond', timeoutMs: 30_000 });
  });

  it('is CANCELLED by its signal, before and during a load', async () => {
    const loader = new ReplayingPageLoader();
    const url = google.buildRequest({ query: FIXTURE_QUERIES.hang, offset: 0 }, web.origin);
    expect((await errorOf(loader.load(url, options({ signal: AbortSignal.abort() })))).code).toBe('CANCELLED');
    const controller = new AbortController();
    const asked = web.requests.length;
    const pending = loader.load(url, options({ signal: controller.signal }));
    // Cancelled while the fixture holds the page: once the request has reached it.
    await waitFor(() => (web.requests.length > asked ? true : undefined), 30_000);
    controller.abort();
    expect((await errorOf(pending)).code).toBe('CANCELLED');
  });

  it('fails a load under way when closed, and an unreachable engine as Chromium words it', async () => {
    const loader = new ReplayingPageLoader();
    const pending = loader.load(google.buildRequest({ query: FIXTURE_QUERIES.hang, offset: 0 }, web.origin), options());
    await waitFor(() => (loader.started ? true : undefined), 5000);
    await loader.close();
    expect((await errorOf(pending)).code).toBe('ENGINE_UNREACHABLE');
    const closed = await closedOrigin();
    const unreachable = await errorOf(loader.load(`${closed}/search?q=x`, options()));
    expect(unreachable.code).toBe('ENGINE_UNREACHABLE');
    expect(unreachable.details).toEqual({ netError: 'ERR_CONNECTION_REFUSED' });
  });

  it('asks followUp once about the settled page and, acting in no page, hands that page back', async () => {
    const loader = new ReplayingPageLoader();
    const seen: PageSnapshot[] = [];
    const page = await loader.load(
      google.buildRequest({ query: FIXTURE_QUERIES.consentOnce, offset: 0 }, web.origin),
      options({ followUp: (settled) => (seen.push(settled), { click: ['#W0wltc'] }) }),
    );
    expect(seen).toEqual([page]);
    expect(google.classify(page).state).toBe('consent');
  });
});

/** An origin on 127.0.0.1 with nothing listening. */
async function closedOrigin(): Promise<string> {
  const server = createServer();
  const origin = await listenOnLoopback(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return origin;
}
