import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import type { PageLoader } from '../../src/main/browser/page-loader';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { chromiumProcessesFor } from '../support/chromium-processes';
import { sharedData } from '../support/shared-data';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureRequest, type FixtureWeb } from '../support/fixture-web';
import { errorOf } from '../support/error-of';
import { tempResultCache } from '../support/temp-store';
import { waitFor } from '../support/wait-for';

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb({ slowMs: 1500 });
});
afterAll(async () => {
  await web.close();
});

interface Harness {
  service: SearchService;
  loader: ChromiumPageLoader;
  profile: string;
}

/** A page the search service loaded: the URL it asked for and the results Google's parser finds in it. */
interface LoadedPage {
  url: string;
  urls: string[];
}

/** The real loader, telling `pages` what each load returned. */
function recordingLoader(real: PageLoader, pages: LoadedPage[]): PageLoader {
  return {
    async load(url, options) {
      const page = await real.load(url, options);
      pages.push({ url, urls: google.parse(page).results.map((result) => result.url) });
      return page;
    },
    close: () => real.close(),
  };
}

const open: Harness[] = [];
afterEach(async () => {
  for (const harness of open.splice(0)) await harness.loader.close();
});

/** A Google search service on a fresh browser; `pages` lists every page it loaded, in order. */
function harness(options: { timeoutMs?: number; idleCloseMs?: number; gapMs?: number } = {}): Harness & { pages: LoadedPage[] } {
  const profile = join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile');
  const loader = new ChromiumPageLoader({
    executablePath: findChrome(),
    userDataDir: profile,
    ...(options.idleCloseMs === undefined ? {} : { idleCloseMs: options.idleCloseMs }),
  });
  const pages: LoadedPage[] = [];
  const service = new SearchService({
    loader: recordingLoader(loader, pages),
    engines: { google },
    cache: tempResultCache(),
    origins: { google: web.origin },
    // Patient by default: a loaded machine must not decide a test; the timeout tests pass their own.
    pageTimeoutMs: options.timeoutMs ?? 30_000,
    pacing: { minGapMs: options.gapMs ?? 0, jitterMs: 0 },
  });
  const made = { service, loader, profile, pages };
  open.push(made);
  return made;
}

/** Requests for engine pages (the recorded pages' own scripts ask the fixture for assets too). */
function enginePageRequests(): number {
  return web.requests.filter((path) => path.startsWith('/search?') || path.startsWith('/sorry/')).length;
}

/** Searches the fixture served since `from`, without the gbv=2 reloads recorded pages make of themselves. */
function searchesServed(from: number): FixtureRequest[] {
  return web.log.slice(from).filter((r) => r.path.startsWith('/search?') && !/[?&]gbv=2(&|$)/.test(r.path));
}


describe('SearchService on real Chromium', () => {
  it('launches once and reuses the browser for later searches', async () => {
    const { service, loader } = harness();
    const first = await service.search({ query: 'paris' });
    const second = await service.search({ query: 'matrix' });
    expect(first.results).toHaveLength(10); // the default limit; the recorded paris page has 10
    expect(second.results).toHaveLength(8); // all the recorded matrix page has
    expect(first.searchId).not.toBe(second.searchId);
    expect(loader.launches).toBe(1);
  });

  it('serves a repeated search from the cache without loading a page', async () => {
    const { service } = harness();
    const first = await service.search({ query: 'dell', limit: 5 });
    const served = enginePageRequests();
    const again = await service.search({ query: '  DELL ', limit: 5 });
    expect(enginePageRequests()).toBe(served);
    expect(again.fromCache).toBe(true);
    expect(again.results).toEqual(first.results);
    const fresh = await service.search({ query: 'dell', limit: 5 }, { noCache: true });
    expect(enginePageRequests()).toBe(served + 1);
    expect(fresh.fromCache).toBeUndefined();
  });

  it('fills the limit from the next page, with 0-based indexes and no duplicates', async () => {
    const { service } = harness();
    const response = await service.search({ query: 'coffee', limit: 15 });
    expect(response.results.length).toBe(15);
    expect(response.results.map((r) => r.index)).toEqual([...Array(15).keys()]);
    expect(new Set(response.results.map((r) => r.url)).size).toBe(15);
  });

  it('reads the next results page when the first holds fewer than the limit, within the pacing', async () => {
    const { service, pages } = harness({ gapMs: 300 });
    const from = web.log.length;
    // The recorded domain page holds 8 results; its page 2 (start=10) holds 3 more than page 1.
    const response = await service.search({ query: 'domain' });
    expect(response.results).toHaveLength(10);
    expect(response.results.map((r) => r.index)).toEqual([...Array(10).keys()]);
    expect(new Set(response.results.map((r) => r.url)).size).toBe(10);
    const served = searchesServed(from);
    expect(served.map((r) => r.path)).toEqual(['/search?q=domain', '/search?q=domain&start=10']);
    // The 9th and 10th come from page 2, which page 1 did not have; the first 8 are page 1's.
    const [first, second] = pages.map((page) => page.urls);
    expect(pages.map((page) => new URL(page.url).search)).toEqual(['?q=domain', '?q=domain&start=10']);
    expect(response.results.slice(0, 8).map((r) => r.url)).toEqual(first);
    for (const { url } of response.results.slice(8)) {
      expect(second).toContain(url);
      expect(first).not.toContain(url);
    }
    // Page 2 waited its turn: never a burst. (Date.now() has 1 ms steps.)
    expect(served[1]!.at - served[0]!.at).toBeGreaterThanOrEqual(299);

    // Cached as it was answered: the same search again loads no page.
    const again = await service.search({ query: 'domain' });
    expect(again.fromCache).toBe(true);
    expect(again.results).toEqual(response.results);
    expect(searchesServed(from)).toHaveLength(2);
  });

  it('returns what an engine with one results page has, without error', async () => {
    const { service } = harness();
    const from = web.log.length;
    // The recorded hotels query has one page of 9: its page 2 is Google's "no results" page.
    const hotels = await service.search({ query: 'hotels' });
    expect(hotels.results).toHaveLength(9);
    expect(searchesServed(from).map((r) => r.path)).toEqual(['/search?q=hotels', '/search?q=hotels&start=10']);
    // However many are asked for: paging stops at the page that has none.
    expect((await service.search({ query: 'matrix', limit: 30 })).results).toHaveLength(8);
    expect(searchesServed(from)).toHaveLength(4);
  });

  it('reads one results page when it holds the limit', async () => {
    const { service } = harness();
    const from = web.log.length;
    expect((await service.search({ query: 'domain', limit: 8 })).results).toHaveLength(8);
    expect((await service.search({ query: 'paris' })).results).toHaveLength(10);
    expect(searchesServed(from).map((r) => r.path)).toEqual(['/search?q=domain', '/search?q=paris']);
  });

  it('reads the first results page only when asked to (an answer\'s search), and caches that apart', async () => {
    const { service } = harness();
    const from = web.log.length;
    const firstPage = await service.search({ query: 'domain' }, { firstPageOnly: true });
    expect(firstPage.results).toHaveLength(8);
    expect(searchesServed(from).map((r) => r.path)).toEqual(['/search?q=domain']);
    // The same request read in full is not the first page's 8 from the cache.
    const full = await service.search({ query: 'domain' });
    expect(full.fromCache).toBeUndefined();
    expect(full.results).toHaveLength(10);
    expect((await service.search({ query: 'domain' }, { firstPageOnly: true })).fromCache).toBe(true);
    expect(searchesServed(from)).toHaveLength(3);
  });

  it('keeps the pacing gap between pages of one engine', async () => {
    const { service } = harness({ gapMs: 700 });
    const started = performance.now();
    await service.search({ query: 'paris', limit: 3 });
    await service.search({ query: 'google', limit: 3 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(700);
  });

  it('reports a CAPTCHA at once as CAPTCHA_REQUIRED and never retries it', async () => {
    const { service } = harness();
    const before = enginePageRequests();
    const error = await errorOf(service.search({ query: FIXTURE_QUERIES.captcha }));
    expect(error.code).toBe('CAPTCHA_REQUIRED');
    expect(enginePageRequests() - before).toBe(2); // the search, then its redirect to /sorry/
  });

  it('never reports a block page as results or as zero results', async () => {
    // A fresh service per page: a block suspends the engine, which would decide the next case.
    expect((await errorOf(harness().service.search({ query: FIXTURE_QUERIES.consent }))).code).toBe('CONSENT_REQUIRED');
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

  it('times out with the limit and the stage that ran out', async () => {
    const { service, loader } = harness({ timeoutMs: 1000 });
    // Browser already up, so the stage that runs out is the page, not the launch.
    await loader.load(`${web.origin}/search?q=paris`, { readySelectors: google.readySelectors, timeoutMs: 30_000 });
    // The page never answers: only the budget can end the search, and the error names it.
    const error = await errorOf(service.search({ query: FIXTURE_QUERIES.hang }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('1000 ms');
    expect(error.details).toMatchObject({ stage: 'waiting for the page to respond', timeoutMs: 1000 });
  });

  it('cancels a search through its AbortSignal', async () => {
    const { service } = harness();
    const controller = new AbortController();
    const asked = web.requests.length;
    const pending = service.search({ query: FIXTURE_QUERIES.slow }, { signal: controller.signal });
    // Cancelled while the engine holds the page (it answers after 2 s).
    await waitFor(() => web.requests.slice(asked).find((path) => path.includes('slow')), 30_000);
    controller.abort();
    expect((await errorOf(pending)).code).toBe('CANCELLED');
    // The browser is still usable afterwards.
    expect((await service.search({ query: 'paris', limit: 2 })).results).toHaveLength(2);
  });

  it('recovers when the page crashes', async () => {
    const { service, loader } = harness();
    await errorOf(loader.load('chrome://crash', { readySelectors: ['#rso'], timeoutMs: 3000 }));
    const response = await service.search({ query: 'paris', limit: 2 });
    expect(response.results).toHaveLength(2);
  });

  it('relaunches after the browser is closed and leaves no Chromium process behind', async () => {
    const { service, loader, profile } = harness({ idleCloseMs: 1500 });
    await service.search({ query: 'paris', limit: 1 });
    expect(chromiumProcessesFor(profile).length).toBeGreaterThan(0);
    // Idle for longer than idleCloseMs: the browser closes by itself (the wait is a backstop).
    await expect.poll(() => chromiumProcessesFor(profile), { timeout: 30_000 }).toEqual([]);
    await service.search({ query: 'matrix', limit: 1 });
    expect(loader.launches).toBe(2);
    await loader.close();
    // Chromium's helper processes exit a moment after the browser itself.
    await expect.poll(() => chromiumProcessesFor(profile), { timeout: 30_000 }).toEqual([]);
  }, 90_000);
});

describe('a results page that arrives in pieces', () => {
  it('is read once the whole document is parsed, not when the results container first appears', async () => {
    // The recorded page, sent in two parts with a pause just inside the results container.
    const html = readFileSync(sharedData('serp', 'webis/google/google-can-ju-ying-yu-1560296360.html'), 'utf8');
    const site = await servedInTwoParts(html, html.indexOf('id="rso"') + 200, 700);
    const response = await serviceOn(site.origin).search({ query: '餐具英语' });
    expect(response.results).toHaveLength(10);
  });

  it('is read as soon as the results and the related searches after them are complete, before the rest of the document arrives', async () => {
    // Everything up to the start of #foot, which follows #botstuff (the related searches); the
    // rest only once the search has returned: it can only have read the page before the document ended.
    const html = readFileSync(sharedData('serp', 'webis/google/google-can-ju-ying-yu-1560296360.html'), 'utf8');
    let searched!: () => void;
    const site = await servedInTwoParts(html, html.indexOf('id="foot"') + 10, new Promise<void>((resolve) => (searched = resolve)));
    const response = await serviceOn(site.origin).search({ query: '餐具英语' });
    searched();
    expect(response.results).toHaveLength(10);
  });

  it('is not read early when a script moves part of the results elsewhere while the rest is still coming', async () => {
    // Google parses its knowledge panel (#rhs) inside #rso and an inline script moves it to the
    // end of #rcnt at once: an element then follows #center_col while most results are unparsed.
    // Sent in two parts with a pause right after that script.
    const html = gunzipSync(readFileSync(sharedData('serp', 'google/saved-2022-2024/2024-02-19__van-gogh.html.gz'))).toString('utf8');
    const moveScript = html.indexOf('b&&b.appendChild(a)', html.indexOf('id="rhs"'));
    const site = await servedInTwoParts(html, html.indexOf('</script>', moveScript) + '</script>'.length, 700);
    const response = await serviceOn(site.origin).search({ query: 'van gogh' });
    const whole = { finalUrl: `${site.origin}/search`, status: 200, html, title: '' };
    expect(response.results.map((result) => result.url)).toEqual(google.parse(whole).results.map((result) => result.url));
    expect(response.results).toHaveLength(10);
  });

  it('times out naming what it waited for and what the page had, when the rest never comes', async () => {
    // The page stops just inside its results container and the rest never arrives in time.
    const html = readFileSync(sharedData('serp', 'webis/google/google-can-ju-ying-yu-1560296360.html'), 'utf8');
    const site = await servedInTwoParts(html, html.indexOf('id="rso"') + 200, 30_000);
    const profile = join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile');
    const loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile });
    open.push({ loader, profile, service: undefined as never });
    const error = await errorOf(loader.load(`${site.origin}/search`, { readySelectors: google.readySelectors, completeSelectors: google.completeSelectors ?? [], timeoutMs: 3000 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('did not finish within 3000 ms (stage: waiting for the page to settle). Lantern was waiting for the parser to pass the end of #rso or #search or #botstuff');
    expect(error.message).toContain('the page was still being parsed, with #rso, #search present (#rso, #search not yet complete)');
    expect(error.details).toMatchObject({ stage: 'waiting for the page to settle', seen: { readyState: 'loading', present: ['#rso', '#search'], open: ['#rso', '#search'] } });
  });

  it('waits for the whole document when only single results mark it (the basic layout)', async () => {
    // The no-JavaScript page has no container that closes after its results: a first result
    // (#main a h3) must not make it ready while the others are still on their way.
    const html = readFileSync(sharedData('serp', 'google/nojs-2023/google-nojs.html'), 'utf8');
    const site = await servedInTwoParts(html, html.indexOf('<h3', html.indexOf('</h3>')), 700);
    const response = await serviceOn(site.origin).search({ query: 'google' });
    // The page's 10 results, less its http:// copy of https://www.google.com/.
    expect(response.results).toHaveLength(9);
  });
});

describe('the readiness watcher', () => {
  it('is invisible to the page it watches', async () => {
    // The page's own script looks for the binding the watcher reports through.
    const html = `<!DOCTYPE html><html><head><script>document.title = typeof lanternReady + ' ' + Object.keys(window).filter((key) => /lantern/i.test(key)).length;</script></head>
      <body><div id="rso"><h3>Result</h3></div><div id="after"></div></body></html>`;
    const site = await servedInTwoParts(html, html.length, 0);
    const profile = join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile');
    const loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile });
    open.push({ loader, profile, service: undefined as never });
    const page = await loader.load(`${site.origin}/`, { readySelectors: ['#rso'], completeSelectors: ['#rso'], timeoutMs: 10_000 });
    expect(page.html).toContain('id="after"');
    expect(page.title).toBe('undefined 0');
  });

  it('does not read a page that navigates itself away half-way, but the page it goes to', async () => {
    // The first document has its results container open when its script moves on; the rest of it never comes.
    const site = await servedBy((path, res) => {
      if (path === '/second') res.end('<!DOCTYPE html><html><body><div id="rso"><h3>second</h3></div><div id="after"></div></body></html>');
      else res.write(`<!DOCTYPE html><html><head><script>setTimeout(() => location.replace('/second'), 100);</script></head><body><div id="rso"><h3>first</h3>${' '.repeat(2000)}`);
    });
    const profile = join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile');
    const loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile });
    open.push({ loader, profile, service: undefined as never });
    const page = await loader.load(`${site.origin}/first`, { readySelectors: ['#rso'], completeSelectors: ['#rso'], timeoutMs: 10_000 });
    expect(page.html).toContain('<h3>second</h3>');
    expect(page.finalUrl).toBe(`${site.origin}/second`);
  });
});

const partServers: Server[] = [];
afterEach(async () => {
  for (const server of partServers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/**
 * A site that answers every request with `html`, sending what follows `cut` only after `pauseMs`
 * (a window in which reading early would go wrong) or once `rest` resolves.
 */
async function servedInTwoParts(html: string, cut: number, rest: number | Promise<void>): Promise<{ origin: string }> {
  expect(cut).toBeGreaterThan(0);
  return servedBy((_path, res) => {
    res.write(html.slice(0, cut));
    if (typeof rest === 'number') setTimeout(() => res.end(html.slice(cut)), rest).unref();
    else void rest.then(() => res.end(html.slice(cut)));
  });
}

/** A site on 127.0.0.1 whose HTML answers `answer` writes (the status and content type are set). */
async function servedBy(answer: (path: string, res: ServerResponse) => void): Promise<{ origin: string }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    answer(req.url ?? '/', res);
  });
  partServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A Google search service on its own browser, asking `origin`, with no pacing gap. */
function serviceOn(origin: string): SearchService {
  const profile = join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile');
  const loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile });
  const service = new SearchService({
    loader,
    engines: { google },
    cache: tempResultCache(),
    origins: { google: origin },
    pageTimeoutMs: 10_000,
    pacing: { minGapMs: 0, jitterMs: 0 },
  });
  open.push({ loader, profile, service });
  return service;
}
