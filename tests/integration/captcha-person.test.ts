/**
 * The person-in-the-loop flow with a real headed Chromium under Xvfb (npm test runs Vitest under
 * xvfb-run when there is no display). The test plays the person: it finds the visible window,
 * submits the /sorry/ form, and the search that was waiting returns results.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import type { ChromiumRevealWindow } from '../../src/main/browser/chromium-reveal';
import { hasDisplay } from '../../src/main/browser/chromium-reveal';
import { findChrome } from '../../src/main/browser/find-chrome';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import type { SearchResponse } from '../../src/shared/contract';
import { chromiumProcessesFor } from '../support/chromium-processes';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { errorOf } from '../support/error-of';
import { tempResultCache } from '../support/temp-store';

let web: FixtureWeb;
beforeAll(async () => {
  if (!hasDisplay())
    throw new Error('No display: run this test under xvfb-run (npm test does it when xvfb-run is installed).');
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web?.close();
});

const loaders: ChromiumPageLoader[] = [];
afterEach(async () => {
  for (const loader of loaders.splice(0)) await loader.close();
});

function setup(inactivityMs = 60_000) {
  const profile = join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile');
  const loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile });
  loaders.push(loader);
  const service = new SearchService({
    loader,
    engines: { google },
    cache: tempResultCache(),
    origins: { google: web.origin },
    // Patient: the assertions are about the window and the person, not how fast a busy machine loads a page.
    pageTimeoutMs: 30_000,
    pacing: { minGapMs: 0, jitterMs: 0 },
    inactivityMs,
  });
  const windows: ChromiumRevealWindow[] = [];
  loader.onReveal((window) => windows.push(window));
  /**
   * An interactive search, its failure handled from the start: a search that fails while the test
   * still waits for the window is this test's failure (when it is awaited), never an unhandled rejection.
   */
  const search = (query: string): Promise<SearchResponse> => {
    const searching = service.search({ query, engine: 'google' }, { interactive: true });
    searching.catch(() => undefined);
    return searching;
  };
  return { loader, service, profile, windows, search };
}

const INACTIVITY_MS = 8000;

const sorryPages = (): number => web.requests.filter((path) => path.startsWith('/sorry/index')).length;

describe('person-in-the-loop CAPTCHA flow (headed Chromium under Xvfb)', () => {
  it('shows the /sorry/ page in a visible window, waits for the person, then returns the results', async () => {
    const { service, windows, loader, profile, search: interactiveSearch } = setup();
    const search = interactiveSearch(FIXTURE_QUERIES.captchaOnce);
    await expect.poll(() => windows.length, { timeout: 30_000 }).toBe(1);
    const page = windows[0]!.page;
    await page.waitForSelector('#captcha-form');
    expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
    // The person ticks the box and submits.
    await page.check('input[name="human"]');
    await page.click('#solve');
    const response = await search;
    expect(response.results).toHaveLength(10); // the default limit, filled from the recorded coffee page
    expect(response.engine).toBe('google');

    // The exemption cookie lives in the profile: the next search needs no window.
    const before = sorryPages();
    const again = await service.search({ query: FIXTURE_QUERIES.captchaOnce, engine: 'google' }, { noCache: true });
    expect(again.results).toHaveLength(10);
    expect(sorryPages()).toBe(before);
    expect(windows).toHaveLength(1);

    await loader.close();
    // Chromium's helper processes exit a moment after the browser itself.
    await expect.poll(() => chromiumProcessesFor(profile), { timeout: 30_000 }).toEqual([]);
  }, 90_000);

  it('returns CANCELLED when the person closes the window', async () => {
    const { windows, loader, profile, search: interactiveSearch } = setup();
    const search = interactiveSearch(FIXTURE_QUERIES.captchaOnce);
    await expect.poll(() => windows.length, { timeout: 30_000 }).toBe(1);
    await windows[0]!.page.waitForSelector('#captcha-form');
    await windows[0]!.page.close();
    expect((await errorOf(search)).code).toBe('CANCELLED');
    await loader.close();
    // Chromium's helper processes exit a moment after the browser itself.
    await expect.poll(() => chromiumProcessesFor(profile), { timeout: 30_000 }).toEqual([]);
  }, 90_000);

  it("reports the person's input in the window as activity, and gives up with CAPTCHA_REQUIRED when it stops", async () => {
    // How long the wait is and that input restarts it: tests/unit/reveal-flow.test.ts, on fake timers.
    // Long enough for a busy machine to show the page before the first input; the test waits it out once.
    const { windows, loader, profile, search: interactiveSearch } = setup(INACTIVITY_MS);
    let activity = 0;
    loader.onReveal((window) => window.onActivity(() => (activity += 1)));
    const search = interactiveSearch(FIXTURE_QUERIES.captchaOnce);
    await expect.poll(() => windows.length, { timeout: 30_000 }).toBe(1);
    const page = windows[0]!.page;
    await page.waitForSelector('#captcha-form');
    await page.keyboard.press('Tab');
    await expect.poll(() => activity, { timeout: 30_000 }).toBe(1);
    const error = await errorOf(search);
    expect(error.code).toBe('CAPTCHA_REQUIRED');
    expect(error.details).toMatchObject({ reason: 'inactivity', inactivityMs: INACTIVITY_MS });
    expect(page.isClosed()).toBe(true);
    await loader.close();
    // Chromium's helper processes exit a moment after the browser itself.
    await expect.poll(() => chromiumProcessesFor(profile), { timeout: 30_000 }).toEqual([]);
  }, 90_000);
});
