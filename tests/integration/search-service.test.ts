/**
 * SearchService on real Chromium, for what only a browser shows: one launch reused and closed
 * when idle (its processes gone), the budget and cancellation of a real page load, a crashed tab,
 * and the moment a page arriving in pieces can be read (the readiness watcher). The service's
 * logic on recorded pages (cache, paging, dedupe, block pages, pacing) runs without a browser in
 * search-service-logic.test.ts. One browser serves the file; only the test of the browser's own
 * life (idle close, processes of its profile) launches another.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { chromiumProcessesFor } from '../support/chromium-processes';
import { sharedData } from '../support/shared-data';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { errorOf } from '../support/error-of';
import { tempResultCache } from '../support/temp-store';
import { waitFor } from '../support/wait-for';

let web: FixtureWeb;
/** The file's one browser: no test here needs a fresh profile. */
let shared: ChromiumPageLoader;
beforeAll(async () => {
  web = await startFixtureWeb({ slowMs: 1500 });
  shared = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: tempProfile() });
});
afterAll(async () => {
  await shared.close();
  await web.close();
});

function tempProfile(): string {
  return join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile');
}

/** A Google search service on the shared browser, asking `origin` (the fixture web by default), with no pacing gap. */
function serviceOn(origin = web.origin, options: { timeoutMs?: number } = {}): SearchService {
  return new SearchService({
    loader: shared,
    engines: { google },
    cache: tempResultCache(),
    origins: { google: origin },
    // Patient by default: a loaded machine must not decide a test; the timeout test passes its own.
    pageTimeoutMs: options.timeoutMs ?? 30_000,
    pacing: { minGapMs: 0, jitterMs: 0 },
  });
}

describe('SearchService on real Chromium', () => {
  it('launches once and reuses the browser for later searches', async () => {
    const service = serviceOn();
    const first = await service.search({ query: 'paris' });
    const second = await service.search({ query: 'matrix' });
    expect(first.results).toHaveLength(10); // the default limit; the recorded paris page has 10
    expect(second.results).toHaveLength(8); // all the recorded matrix page has
    // However many tests of this file ran before: the shared browser was never launched again.
    expect(shared.launches).toBe(1);
  });

  it('times out with the limit and the stage that ran out', async () => {
    const service = serviceOn(web.origin, { timeoutMs: 1000 });
    // Browser already up, so the stage that runs out is the page, not the launch.
    await shared.load(`${web.origin}/search?q=paris`, { readySelectors: google.readySelectors, timeoutMs: 30_000 });
    // The page never answers: only the budget can end the search, and the error names it.
    const error = await errorOf(service.search({ query: FIXTURE_QUERIES.hang }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('1000 ms');
    expect(error.details).toMatchObject({ stage: 'waiting for the page to respond', timeoutMs: 1000 });
  });

  it('cancels a search through its AbortSignal', async () => {
    const service = serviceOn();
    const controller = new AbortController();
    const asked = web.requests.length;
    const pending = service.search({ query: FIXTURE_QUERIES.slow }, { signal: controller.signal });
    // Cancelled while the engine holds the page (it answers after 1.5 s).
    await waitFor(() => web.requests.slice(asked).find((path) => path.includes('slow')), 30_000);
    controller.abort();
    expect((await errorOf(pending)).code).toBe('CANCELLED');
    // The browser is still usable afterwards.
    expect((await service.search({ query: 'paris', limit: 2 })).results).toHaveLength(2);
  });

  it('recovers when the page crashes', async () => {
    const service = serviceOn();
    await errorOf(shared.load('chrome://crash', { readySelectors: ['#rso'], timeoutMs: 3000 }));
    const response = await service.search({ query: 'paris', limit: 2 });
    expect(response.results).toHaveLength(2);
  });

  it('closes the browser when idle, relaunches it, and leaves no Chromium process behind', async () => {
    // A browser of its own: its profile names its processes, and its launches are counted from 0.
    const profile = tempProfile();
    const loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile, idleCloseMs: 1500 });
    onTestFinished(() => loader.close());
    const service = new SearchService({
      loader,
      engines: { google },
      cache: tempResultCache(),
      origins: { google: web.origin },
      pageTimeoutMs: 30_000,
      pacing: { minGapMs: 0, jitterMs: 0 },
    });
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
    const site = await servedInTwoParts(
      html,
      html.indexOf('id="foot"') + 10,
      new Promise<void>((resolve) => (searched = resolve)),
    );
    const response = await serviceOn(site.origin).search({ query: '餐具英语' });
    searched();
    expect(response.results).toHaveLength(10);
  });

  it('is not read early when a script moves part of the results elsewhere while the rest is still coming', async () => {
    // Google parses its knowledge panel (#rhs) inside #rso and an inline script moves it to the
    // end of #rcnt at once: an element then follows #center_col while most results are unparsed.
    // Sent in two parts with a pause right after that script.
    const html = gunzipSync(
      readFileSync(sharedData('serp', 'google/saved-2022-2024/2024-02-19__van-gogh.html.gz')),
    ).toString('utf8');
    const moveScript = html.indexOf('b&&b.appendChild(a)', html.indexOf('id="rhs"'));
    const site = await servedInTwoParts(html, html.indexOf('</script>', moveScript) + '</script>'.length, 700);
    const response = await serviceOn(site.origin).search({ query: 'van gogh' });
    const whole = { finalUrl: `${site.origin}/search`, status: 200, html, title: '' };
    expect(response.results.map((result) => result.url)).toEqual(
      google.parse(whole).results.map((result) => result.url),
    );
    expect(response.results).toHaveLength(10);
  });

  it('times out naming what it waited for and what the page had, when the rest never comes', async () => {
    // The page stops just inside its results container and the rest never arrives in time.
    const html = readFileSync(sharedData('serp', 'webis/google/google-can-ju-ying-yu-1560296360.html'), 'utf8');
    const site = await servedInTwoParts(html, html.indexOf('id="rso"') + 200, 30_000);
    // Browser and an idle tab already up: the budget is the page's alone, and long enough (20 s; 3 s
    // ran out before the parser reached #rso at load 13) for the first part to be parsed; the rest
    // is held for 30 s, so the budget can only run out in the stage asserted.
    await shared.load(`${web.origin}/search?q=paris`, { readySelectors: google.readySelectors, timeoutMs: 30_000 });
    const error = await errorOf(
      shared.load(`${site.origin}/search`, {
        readySelectors: google.readySelectors,
        completeSelectors: google.completeSelectors ?? [],
        timeoutMs: 20_000,
      }),
    );
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain(
      'did not finish within 20000 ms (stage: waiting for the page to settle). Lantern was waiting for the parser to pass the end of #rso or #search or #botstuff',
    );
    expect(error.message).toContain(
      'the page was still being parsed, with #rso, #search present (#rso, #search not yet complete)',
    );
    expect(error.details).toMatchObject({
      stage: 'waiting for the page to settle',
      seen: { readyState: 'loading', present: ['#rso', '#search'], open: ['#rso', '#search'] },
    });
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
    const page = await shared.load(`${site.origin}/`, {
      readySelectors: ['#rso'],
      completeSelectors: ['#rso'],
      timeoutMs: 60_000,
    });
    expect(page.html).toContain('id="after"');
    expect(page.title).toBe('undefined 0');
  });

  it('does not read a page that navigates itself away half-way, but the page it goes to', async () => {
    // The first document has its results container open when its script moves on; the rest of it never comes.
    const site = await servedBy((path, res) => {
      if (path === '/second')
        res.end('<!DOCTYPE html><html><body><div id="rso"><h3>second</h3></div><div id="after"></div></body></html>');
      else
        res.write(
          `<!DOCTYPE html><html><head><script>setTimeout(() => location.replace('/second'), 100);</script></head><body><div id="rso"><h3>first</h3>${' '.repeat(2000)}`,
        );
    });
    const page = await shared.load(`${site.origin}/first`, {
      readySelectors: ['#rso'],
      completeSelectors: ['#rso'],
      timeoutMs: 60_000,
    });
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
