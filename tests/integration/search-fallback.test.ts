/**
 * Engine order, fallback and suspension against two fixture engines on 127.0.0.1 (Google and
 * Bing), through the replaying loader (tests/support/replaying-loader.ts: the fixture's recorded
 * pages, redirects and status codes as ChromiumPageLoader hands them back, without a browser —
 * none of this depends on one): a blocked Google hands over to Bing with the reason stated, a
 * suspended Google is not even loaded, and the suspension ends when its time runs out. And
 * `all`: the engines' pages fused, a further page read only while the fused list is short.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bing } from '../../src/main/search/engines/bing';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { SUSPENSION_MS } from '../../src/main/search/suspension';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { errorOf } from '../support/error-of';
import { ReplayingPageLoader } from '../support/replaying-loader';
import { startSilentServer } from '../support/silent-server';
import { tempResultCache } from '../support/temp-store';

let googleWeb: FixtureWeb;
let bingWeb: FixtureWeb;
beforeAll(async () => {
  [googleWeb, bingWeb] = await Promise.all([startFixtureWeb(), startFixtureWeb({ engine: 'bing' })]);
});
afterAll(async () => {
  await Promise.all([googleWeb.close(), bingWeb.close()]);
});
beforeEach(() => {
  googleWeb.blockEverySearch(undefined);
  bingWeb.blockEverySearch(undefined);
});

/** A fake clock the service reads for suspensions; tests move it instead of waiting 30 minutes. */
interface Clock {
  now: number;
}

/**
 * A patient page budget by default: nothing but the page is inside it, and no outcome here is a
 * budget running out except the silent-server test's, which gives a short one (the server never
 * answers, so only that budget can end the load). No settle grace for a page without a ready
 * marker (a challenge page): the service's verdict on it does not depend on that wait.
 */
function harness(options: { googleOrigin?: string; bingOrigin?: string; pageTimeoutMs?: number } = {}): {
  service: SearchService;
  clock: Clock;
} {
  const clock: Clock = { now: Date.now() };
  const loader = new ReplayingPageLoader({ settleGraceMs: 0 });
  const service = new SearchService({
    loader,
    engines: { google, bing },
    engineOrder: ['google', 'bing'],
    cache: tempResultCache({ now: () => clock.now }),
    origins: { google: options.googleOrigin ?? googleWeb.origin, bing: options.bingOrigin ?? bingWeb.origin },
    pageTimeoutMs: options.pageTimeoutMs ?? 30_000,
    pacing: { minGapMs: 0, jitterMs: 0 },
    now: () => clock.now,
  });
  return { service, clock };
}

/** Engine pages asked of a fixture so far (recorded pages also fetch their own assets). */
function enginePages(web: FixtureWeb): string[] {
  return web.requests.filter(
    (path) => path.startsWith('/search?') || path.startsWith('/sorry/') || path.startsWith('/turing/'),
  );
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('engine fallback and suspension', () => {
  it('keys the cache on the engine order in force: a changed order searches again, in its own order', async () => {
    const loader = new ReplayingPageLoader({ settleGraceMs: 0 });
    let order: Array<'google' | 'bing'> = ['google', 'bing'];
    const service = new SearchService({
      loader,
      engines: { google, bing },
      cache: tempResultCache(),
      origins: { google: googleWeb.origin, bing: bingWeb.origin },
      pageTimeoutMs: 30_000,
      pacing: { minGapMs: 0, jitterMs: 0 },
      get engineOrder() {
        return order;
      },
    });
    const first = await service.search({ query: 'coffee', limit: 5 });
    expect(first.engine).toBe('google');
    order = ['bing', 'google'];
    const second = await service.search({ query: 'coffee', limit: 5 });
    expect(second.fromCache).toBeUndefined();
    expect(second.engine).toBe('bing');
  });

  it('answers from Bing when Google returns /sorry/, and says why', async () => {
    const { service } = harness();
    googleWeb.blockEverySearch('captcha');
    const googleBefore = enginePages(googleWeb).length;

    const response = await service.search({ query: 'coffee', limit: 3 });

    expect(response.engine).toBe('bing');
    expect(response.fallbacks).toEqual([
      { engine: 'google', code: 'CAPTCHA_REQUIRED', message: expect.stringContaining('CAPTCHA') as unknown as string },
    ]);
    // Bing's recorded coffee page, in its order.
    expect(response.results.map((r) => r.url)).toEqual([
      'http://www.wordreference.com/es/translation.asp?tranword=coffee',
      'https://en.wikipedia.org/wiki/Coffee_(drink)',
      'https://www.medicalnewstoday.com/articles/270202',
    ]);
    // Google was asked once (the search and its redirect to /sorry/), never again.
    expect(enginePages(googleWeb).slice(googleBefore)).toEqual([
      expect.stringMatching(/^\/search\?q=coffee/),
      expect.stringMatching(/^\/sorry\/index\?/),
    ]);
  });

  it('answers from Bing when Google cannot be reached', async () => {
    const { service } = harness({ googleOrigin: `http://127.0.0.1:${await closedPort()}` });
    const response = await service.search({ query: 'matrix', limit: 2 });
    expect(response.engine).toBe('bing');
    expect(response.fallbacks).toEqual([expect.objectContaining({ engine: 'google', code: 'ENGINE_UNREACHABLE' })]);
    expect(response.results).toHaveLength(2);
  });

  it('skips a suspended Google without loading it, and asks it again once the suspension runs out', async () => {
    const { service, clock } = harness();
    googleWeb.blockEverySearch('captcha');
    expect((await service.search({ query: 'coffee', limit: 2 })).engine).toBe('bing');
    expect(service.suspensions.get('google')?.until).toBe(clock.now + SUSPENSION_MS.captcha);

    // Google would answer now, but it stays out until the suspension ends.
    googleWeb.blockEverySearch(undefined);
    const googleBefore = enginePages(googleWeb).length;
    clock.now += SUSPENSION_MS.captcha - 60_000;
    const meanwhile = await service.search({ query: 'matrix', limit: 2 });
    expect(meanwhile.engine).toBe('bing');
    expect(meanwhile.fallbacks).toEqual([expect.objectContaining({ engine: 'google', code: 'ENGINE_BLOCKED' })]);
    expect(meanwhile.fallbacks?.[0]?.message).toMatch(/paused for 1 more min after CAPTCHA_REQUIRED/);
    expect(enginePages(googleWeb).length).toBe(googleBefore);

    clock.now += 60_000;
    const after = await service.search({ query: 'paris', limit: 2 });
    expect(after.engine).toBe('google');
    expect(after.fallbacks).toBeUndefined();
    expect(enginePages(googleWeb).slice(googleBefore)).toEqual([expect.stringMatching(/^\/search\?q=paris/)]);
  });

  it('fails a search pinned to a suspended engine with ENGINE_BLOCKED and when to retry', async () => {
    const { service, clock } = harness();
    googleWeb.blockEverySearch('captcha');
    await service.search({ query: 'coffee', limit: 2 });
    googleWeb.blockEverySearch(undefined);
    const googleBefore = enginePages(googleWeb).length;
    const bingBefore = enginePages(bingWeb).length;
    clock.now += 10 * 60_000;

    const error = await errorOf(service.search({ query: 'paris', engine: 'google' }));

    expect(error.code).toBe('ENGINE_BLOCKED');
    expect(error.retryAfterMs).toBe(SUSPENSION_MS.captcha - 10 * 60_000);
    expect(error.message).toMatch(/Google is paused for 20 more min after CAPTCHA_REQUIRED/);
    expect(error.details).toMatchObject({ engine: 'google', blockedBy: 'CAPTCHA_REQUIRED' });
    // Pinned means no fallback, and the suspended engine is not loaded either.
    expect(enginePages(googleWeb).length).toBe(googleBefore);
    expect(enginePages(bingWeb).length).toBe(bingBefore);
  });

  it('suspends an engine that answers HTTP 429 for as long as its Retry-After asks', async () => {
    const { service, clock } = harness();
    const error = await errorOf(service.search({ query: FIXTURE_QUERIES.tooManyRequests, engine: 'bing' }));
    expect(error.code).toBe('ENGINE_BLOCKED');
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.message).toContain('HTTP 429');
    expect(service.suspensions.get('bing')?.until).toBe(clock.now + 120_000);
    clock.now += 120_000;
    const response = await service.search({ query: 'matrix', engine: 'bing', limit: 2 });
    expect(response.results).toHaveLength(2);
  });

  it("fails with Google's CAPTCHA, not the timeout of the engine after it, and lists both reasons", async () => {
    googleWeb.blockEverySearch('captcha');
    const silentBing = await startSilentServer();
    try {
      const { service } = harness({ bingOrigin: silentBing.origin, pageTimeoutMs: 1000 });
      const error = await errorOf(service.search({ query: 'coffee' }));
      // What the person can act on leads: the CAPTCHA can be solved, the timeout only waited out.
      expect(error.code).toBe('CAPTCHA_REQUIRED');
      expect(error.message).toMatch(
        /^No engine answered \(Google: CAPTCHA_REQUIRED; Bing: TIMEOUT\)\. Google wants a person to solve a CAPTCHA/,
      );
      expect(error.message).toContain('lantern search --interactive');
      expect(error.details?.fallbacks).toEqual([
        {
          engine: 'google',
          code: 'CAPTCHA_REQUIRED',
          message: expect.stringContaining('/sorry/') as unknown as string,
        },
        {
          engine: 'bing',
          code: 'TIMEOUT',
          message: expect.stringContaining('did not finish within 1000 ms') as unknown as string,
        },
      ]);
    } finally {
      await silentBing.close();
    }
  });

  it("fails with the first engine's reason, naming every engine, when none answers", async () => {
    const { service } = harness();
    googleWeb.blockEverySearch('captcha');
    bingWeb.blockEverySearch('captcha');
    try {
      const error = await errorOf(service.search({ query: 'coffee' }));
      expect(error.code).toBe('CAPTCHA_REQUIRED');
      expect(error.message).toContain('Bing: CAPTCHA_REQUIRED');
      expect(error.details?.fallbacks).toEqual([
        expect.objectContaining({ engine: 'google', code: 'CAPTCHA_REQUIRED' }),
        expect.objectContaining({ engine: 'bing', code: 'CAPTCHA_REQUIRED' }),
      ]);
    } finally {
      bingWeb.blockEverySearch(undefined);
    }
  });
});

describe('engine all', () => {
  it("fuses the engines' first pages and reads no further page when together they hold the limit", async () => {
    const { service } = harness();
    const googleBefore = enginePages(googleWeb).length;
    const bingBefore = enginePages(bingWeb).length;
    // Google's recorded domain page holds 8 results and Bing's 4, two of them Google's too: fused, 10.
    const response = await service.search({ query: 'domain', engine: 'all' });
    expect(response.engine).toBe('all');
    expect(response.results).toHaveLength(10);
    expect(response.results.map((r) => r.index)).toEqual([...Array(10).keys()]);
    // The two both engines found are one result each, naming both (Bing writes one as http://).
    expect(response.results.filter((r) => r.engines?.length === 2).map((r) => [r.url, r.engines])).toEqual([
      ['https://www.domain.com/', ['google', 'bing']],
      ['https://domains.google/', ['google', 'bing']],
    ]);
    expect(enginePages(googleWeb).slice(googleBefore)).toEqual(['/search?q=domain']);
    expect(enginePages(bingWeb).slice(bingBefore)).toEqual(['/search?q=domain']);
  });

  it('reads the next page of the one engine that answered, to fill the limit', async () => {
    const { service } = harness();
    bingWeb.blockEverySearch('captcha');
    const googleBefore = enginePages(googleWeb).length;
    const response = await service.search({ query: 'domain', engine: 'all' });
    expect(response.fallbacks).toEqual([expect.objectContaining({ engine: 'bing', code: 'CAPTCHA_REQUIRED' })]);
    expect(response.results).toHaveLength(10);
    expect(response.results.every((r) => r.engines?.join() === 'google')).toBe(true);
    expect(enginePages(googleWeb).slice(googleBefore)).toEqual(['/search?q=domain', '/search?q=domain&start=10']);
  });
});
