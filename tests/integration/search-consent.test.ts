/**
 * Google's consent wall is answered once per session without asking (reject all by default,
 * accept when the settings say so), in the live page, and the search goes on; a wall that cannot
 * be answered, or comes back, is CONSENT_REQUIRED after one try: never a loop, never a hang.
 * Real Chromium against the fixture web on 127.0.0.1.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import type { ConsentChoice } from '../../src/main/search/engine-search';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { errorOf } from '../support/error-of';
import { sharedData } from '../support/shared-data';
import { tempResultCache } from '../support/temp-store';

// Longer than a test may run: a search that waited out the page budget instead of answering the
// wall fails by timing out, and a busy machine never runs the budget out.
const PAGE_TIMEOUT_MS = 120_000;

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web.close();
});

const loaders: ChromiumPageLoader[] = [];
afterEach(async () => {
  for (const loader of loaders.splice(0)) await loader.close();
});

function newProfile(): string {
  return join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile');
}

function serviceOn(profile: string, consent?: ConsentChoice, origin = web.origin): SearchService {
  const loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile });
  loaders.push(loader);
  return new SearchService({
    loader,
    engines: { google },
    cache: tempResultCache(),
    origins: { google: origin },
    pageTimeoutMs: PAGE_TIMEOUT_MS,
    pacing: { minGapMs: 0, jitterMs: 0 },
    ...(consent ? { consent } : {}),
  });
}

/** Requests for `query`'s search page and for the consent form's /save, from `from` on. */
function trafficFor(query: string, from: number): { searches: number; saves: number } {
  const log = web.log.slice(from);
  return {
    searches: log.filter((r) => r.path.startsWith(`/search?q=${encodeURIComponent(query)}`)).length,
    saves: log.filter((r) => r.method === 'POST' && r.path === '/save').length,
  };
}

describe('consent wall on real Chromium', () => {
  it('rejects all by default, once, then searches on; the choice outlives the browser', async () => {
    const profile = newProfile();
    const service = serviceOn(profile);
    const answersBefore = web.consentAnswers.length;
    const from = web.log.length;

    const first = await service.search({ query: FIXTURE_QUERIES.consentOnce, limit: 5 });
    expect(first.engine).toBe('google');
    expect(first.fallbacks).toBeUndefined();
    expect(first.results).toHaveLength(5);
    expect(first.results[0]?.url).toMatch(/^https?:\/\//);
    expect(web.consentAnswers.slice(answersBefore)).toEqual(['reject']);
    // The wall, the form posted once, the search again with the cookie.
    expect(trafficFor(FIXTURE_QUERIES.consentOnce, from)).toEqual({ searches: 2, saves: 1 });

    // Same session: no wall any more.
    const fromSecond = web.log.length;
    const second = await service.search({ query: FIXTURE_QUERIES.consentOnce, limit: 5 }, { noCache: true });
    expect(second.results).toHaveLength(5);
    expect(trafficFor(FIXTURE_QUERIES.consentOnce, fromSecond)).toEqual({ searches: 1, saves: 0 });

    // A new browser on the same profile: the SOCS cookie is persistent, so still no wall.
    await loaders[0]!.close();
    const fromRestart = web.log.length;
    const restarted = serviceOn(profile);
    expect((await restarted.search({ query: FIXTURE_QUERIES.consentOnce, limit: 5 })).results).toHaveLength(5);
    expect(trafficFor(FIXTURE_QUERIES.consentOnce, fromRestart)).toEqual({ searches: 1, saves: 0 });
    expect(web.consentAnswers.slice(answersBefore)).toEqual(['reject']);
  });

  it('accepts all when the setting says accept', async () => {
    const service = serviceOn(newProfile(), 'accept');
    const answersBefore = web.consentAnswers.length;
    const response = await service.search({ query: FIXTURE_QUERIES.consentOnce, limit: 3 });
    expect(response.results).toHaveLength(3);
    expect(web.consentAnswers.slice(answersBefore)).toEqual(['accept']);
  });

  it('answers a wall that comes back only once, then reports CONSENT_REQUIRED', async () => {
    const service = serviceOn(newProfile());
    const answersBefore = web.consentAnswers.length;
    const from = web.log.length;
    const error = await errorOf(service.search({ query: FIXTURE_QUERIES.consentLoop }));
    expect(error.code).toBe('CONSENT_REQUIRED');
    expect(error.message).toContain('clicked #W0wltc');
    expect(error.message).toContain('came back');
    expect(error.details).toMatchObject({ consent: 'reject', consentOutcome: { clicked: '#W0wltc' } });
    expect(web.consentAnswers.slice(answersBefore)).toEqual(['reject']);
    expect(trafficFor(FIXTURE_QUERIES.consentLoop, from)).toEqual({ searches: 2, saves: 1 });
  });

  it('reads the results under the recorded 2022 wall, which it cannot answer, instead of reporting a wall', async () => {
    const service = serviceOn(newProfile());
    const from = web.log.length;
    const response = await service.search({ query: FIXTURE_QUERIES.consent });
    expect(response.results.length).toBeGreaterThanOrEqual(5);
    // The 2022 dialog offers only "I agree": rejecting is impossible, and Lantern does not accept instead.
    expect(trafficFor(FIXTURE_QUERIES.consent, from).saves).toBe(0);
  });

  it('reads the results of a page served in parts, the consent overlay first and the results after it', async () => {
    const page = readFileSync(sharedData('serp', 'google', 'blocked', 'consent-overlay-2022.html'), 'utf8');
    const overlayEnds = page.indexOf('id="rso"');
    expect(page.indexOf('aria-modal="true"')).toBeLessThan(overlayEnds); // the recording's order
    let restSent = false;
    const server = createServer((req, res) => {
      if (!req.url?.startsWith('/search')) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(page.slice(0, overlayEnds - 200));
      // The rest comes a moment later, as a results page arrives under load. The outcome asserted
      // does not depend on the timing: the page can only be read once the rest has come.
      setTimeout(() => {
        restSent = true;
        res.end(page.slice(overlayEnds - 200));
      }, 700);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const service = serviceOn(newProfile(), undefined, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const response = await service.search({ query: 'lantern' });
      expect(restSent).toBe(true);
      expect(response.results.length).toBeGreaterThanOrEqual(5);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
