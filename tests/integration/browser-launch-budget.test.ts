/**
 * Starting the browser has a budget of its own (issue 37), on real Chromium: a page budget that
 * ran out while the browser started (a cold start on a busy machine) starts again once the
 * browser is ready, through the Chromium loader and through a search whose loader is created
 * lazily; a running browser keeps the caller's deadline. Each budget here has run out before the
 * load began (a deadline in the past), so no test depends on how fast the machine starts
 * Chromium. The launch limit's own TIMEOUT: tests/unit/load-budget.test.ts and the hidden
 * window's test in electron-hidden-window.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { LazyPageLoader } from '../../src/main/browser/lazy-loader';
import type { LoadOptions, PageLoader } from '../../src/main/browser/page-loader';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { errorOf } from '../support/error-of';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { tempResultCache } from '../support/temp-store';

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web?.close();
});

const loaders: PageLoader[] = [];
afterEach(async () => {
  for (const loader of loaders.splice(0)) await loader.close();
});

function chromiumLoader(): ChromiumPageLoader {
  const loader = new ChromiumPageLoader({
    executablePath: findChrome(),
    userDataDir: join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile'),
  });
  loaders.push(loader);
  return loader;
}

/** Google's results page for `query` on the fixture, with a page budget that is spent already. */
const spentBudget = (): Pick<LoadOptions, 'readySelectors' | 'completeSelectors' | 'timeoutMs' | 'deadline'> => ({
  readySelectors: google.readySelectors,
  ...(google.completeSelectors ? { completeSelectors: google.completeSelectors } : {}),
  // Past every stage of a page that loads: only the deadline in the past can fail this load.
  timeoutMs: 60_000,
  deadline: Date.now() - 1,
});

describe('the browser launch outside the page budget', () => {
  it('loads the page when its budget ran out before the browser was up; a running browser keeps the deadline', async () => {
    const loader = chromiumLoader();
    const url = `${web.origin}/search?q=paris`;
    const page = await loader.load(url, spentBudget());
    expect(page.title).toContain('paris');
    expect(loader.launches).toBe(1);

    // The browser is running now: the spent budget is the caller's, and the page gets no more time.
    const error = await errorOf(loader.load(url, spentBudget()));
    expect(error).toMatchObject({ code: 'TIMEOUT', details: { stage: 'waiting for the page to respond' } });
    expect(loader.launches).toBe(1);
  });

  it("returns a search's results when its budget ran out while the browser code loaded and the browser started", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let creating = false;
    const loader = new LazyPageLoader(async () => {
      creating = true;
      await released;
      return chromiumLoader();
    });
    loaders.push(loader);
    const service = new SearchService({
      loader,
      engines: { google },
      cache: tempResultCache(),
      origins: { google: web.origin },
      pageTimeoutMs: 60_000,
      pacing: { minGapMs: 0, jitterMs: 0 },
    });
    // Counted from a start long ago, as the CLI counts from its own start: the page's budget is
    // spent before the browser is asked for.
    const search = service.search({ query: 'paris' }, { startedAt: Date.now() - 61_000 });
    // The handler is attached at once: a failure is this test's, never an unhandled rejection.
    search.catch(() => undefined);
    await expect.poll(() => creating, { timeout: 30_000 }).toBe(true);
    release();
    const response = await search;
    expect(response.results).toHaveLength(10);
    expect(response.engine).toBe('google');
  });
});
