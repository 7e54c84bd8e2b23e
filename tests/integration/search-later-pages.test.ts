/**
 * The search path past an engine's first page, against fixture engines on 127.0.0.1 through the
 * replaying loader (tests/support/replaying-loader.ts; no browser: none of this depends on one):
 * a block on a later page pauses the engine as a first-page block does, and the search keeps what
 * page 1 gave with the block stated; a request's page N never repeats what page N-1 showed; and an
 * engine redirect the search window refused hands over to the next engine like any engine failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadOptions, PageLoader } from '../../src/main/browser/page-loader';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { blockedNavigationError } from '../../src/main/doors/electron/search-session';
import { bing } from '../../src/main/search/engines/bing';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { SUSPENSION_MS } from '../../src/main/search/suspension';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { ReplayingPageLoader } from '../support/replaying-loader';
import { tempResultCache } from '../support/temp-store';

let googleWeb: FixtureWeb;
let bingWeb: FixtureWeb;
beforeAll(async () => {
  [googleWeb, bingWeb] = await Promise.all([startFixtureWeb(), startFixtureWeb({ engine: 'bing' })]);
});
afterAll(async () => {
  await Promise.all([googleWeb.close(), bingWeb.close()]);
});

/**
 * Google then Bing on the replaying loader (or `loader`), a fixed clock for suspensions, no pacing
 * gap, and a page budget past anything a loopback page takes: no outcome here is a budget's.
 */
function harness(loader: PageLoader = new ReplayingPageLoader({ settleGraceMs: 0 })) {
  const now = Date.now();
  const service = new SearchService({
    loader,
    engines: { google, bing },
    engineOrder: ['google', 'bing'],
    cache: tempResultCache({ now: () => now }),
    origins: { google: googleWeb.origin, bing: bingWeb.origin },
    pageTimeoutMs: 30_000,
    pacing: { minGapMs: 0, jitterMs: 0 },
    now: () => now,
  });
  return { service, now };
}

/** Engine pages asked of a fixture since `from` (the search, and a redirect's /sorry/ page). */
function enginePages(web: FixtureWeb, from: number): string[] {
  return web.requests.slice(from).filter((path) => path.startsWith('/search?') || path.startsWith('/sorry/'));
}

describe('a block on a later results page', () => {
  it("pauses the engine as a first-page block does, and keeps page 1's results with the block stated", async () => {
    const { service, now } = harness();
    const from = googleWeb.requests.length;

    // Page 1 holds 8 results, so the search reads page 2: Google's /sorry/ CAPTCHA.
    const response = await service.search({ query: FIXTURE_QUERIES.captchaAfterFirstPage, limit: 10 });

    expect(response.engine).toBe('google');
    expect(response.results).toHaveLength(8);
    expect(enginePages(googleWeb, from)).toEqual([
      expect.stringMatching(/^\/search\?q=fixture/),
      expect.stringMatching(/^\/search\?q=fixture.*start=10/),
      expect.stringMatching(/^\/sorry\/index\?/),
    ]);
    expect(response.fallbacks).toEqual([
      {
        engine: 'google',
        code: 'CAPTCHA_REQUIRED',
        message: expect.stringMatching(/page 2[\s\S]*CAPTCHA/) as unknown as string,
      },
    ]);
    expect(service.suspensions.get('google')).toMatchObject({
      until: now + SUSPENSION_MS.captcha,
      code: 'CAPTCHA_REQUIRED',
    });

    // The next search does not walk into the same block: Google is not loaded, Bing answers.
    const googleBefore = googleWeb.requests.length;
    const next = await service.search({ query: 'coffee', limit: 3 });
    expect(next.engine).toBe('bing');
    expect(next.fallbacks).toEqual([expect.objectContaining({ engine: 'google', code: 'ENGINE_BLOCKED' })]);
    expect(enginePages(googleWeb, googleBefore)).toEqual([]);
  });

  it('with engine "all": the fused results stand, and the engine whose later page was blocked is paused', async () => {
    const { service } = harness();
    // Bing has no results for this query (its "no results" page); Google's page 1 has 8, its page 2 is the CAPTCHA.
    const response = await service.search({ query: FIXTURE_QUERIES.captchaAfterFirstPage, engine: 'all', limit: 10 });

    expect(response.engine).toBe('all');
    expect(response.results).toHaveLength(8);
    expect(response.fallbacks).toEqual([expect.objectContaining({ engine: 'google', code: 'CAPTCHA_REQUIRED' })]);
    expect(service.suspensions.get('google')?.code).toBe('CAPTCHA_REQUIRED');
  });
});

/** The result URLs Google's parser finds in the recorded page a query (and offset) gets. */
async function pageUrls(query: string, offset = 0): Promise<string[]> {
  const url = google.buildRequest({ query, offset }, googleWeb.origin);
  const page = { finalUrl: url, status: 200, html: await (await fetch(url)).text(), title: '' };
  return google.parse(page).results.map((result) => result.url);
}

describe("a request's later page", () => {
  it('never repeats the results the page before it showed', async () => {
    const { service } = harness();
    // domain: 8 results on Google's page 1, so page 1 of 10 takes its 9th and 10th from Google's
    // page 2 (start=10), whose 3 results page 1 does not have come after 8 that it does.
    const first = await service.search({ query: 'domain', engine: 'google', limit: 10 });
    expect(first.results).toHaveLength(10);

    const [page1, page2] = [await pageUrls('domain'), await pageUrls('domain', 10)];
    const from = googleWeb.requests.length;
    const second = await service.search({ query: 'domain', engine: 'google', limit: 10, page: 2 });

    const newOnPage2 = page2.filter((url) => !page1.includes(url));
    expect(newOnPage2).toHaveLength(3);
    expect(first.results.slice(8).map((r) => r.url)).toEqual(newOnPage2.slice(0, 2));
    // Page 2 is the engine's page 2 less what page 1 showed; start=20 is Google's "no results".
    expect(second.results.map((r) => r.url)).toEqual(newOnPage2.slice(2));
    expect(second.results.map((r) => r.index)).toEqual([0]);
    expect(enginePages(googleWeb, from)).toEqual(['/search?q=domain&start=10', '/search?q=domain&start=20']);
  });

  it('reads on past an engine page the page before it read to its end', async () => {
    const { service } = harness();
    // limit 20: page 1 reads start=0, 10 and 20 (11 results in all); page 2 starts at start=10,
    // every result of which page 1 showed: no sign the engine has no more, so start=20 is read.
    expect((await service.search({ query: 'domain', engine: 'google', limit: 20 })).results).toHaveLength(11);
    const from = googleWeb.requests.length;

    const second = await service.search({ query: 'domain', engine: 'google', limit: 20, page: 2 });

    expect(second.results).toEqual([]);
    expect(enginePages(googleWeb, from)).toEqual(['/search?q=domain&start=10', '/search?q=domain&start=20']);
  });
});

/** The replaying loader, except that every Google page ends as the search window ends a redirect it refused. */
class RefusingGoogleRedirects implements PageLoader {
  private readonly inner = new ReplayingPageLoader({ settleGraceMs: 0 });
  get started(): boolean {
    return this.inner.started;
  }
  load(url: string, options: LoadOptions): Promise<PageSnapshot> {
    if (url.startsWith(googleWeb.origin))
      return Promise.reject(blockedNavigationError('https://accounts.google.com/ServiceLogin'));
    return this.inner.load(url, options);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('a refused engine redirect', () => {
  it('hands over to the next engine, with the refusal stated', async () => {
    const { service } = harness(new RefusingGoogleRedirects());
    const response = await service.search({ query: 'coffee', limit: 3 });
    expect(response.engine).toBe('bing');
    expect(response.fallbacks).toEqual([expect.objectContaining({ engine: 'google', code: 'BLOCKED_URL' })]);
    expect(response.results).toHaveLength(3);
    // Not a block of Google's: nothing is paused for it.
    expect(service.suspensions.get('google')).toBeUndefined();
  });
});
