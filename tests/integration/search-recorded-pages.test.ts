import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import type { PageSnapshot } from '../../src/main/search/engine';
import { google } from '../../src/main/search/engines/google';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';

let web: FixtureWeb;
let loader: ChromiumPageLoader;
beforeAll(async () => {
  web = await startFixtureWeb();
  loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: join(mkdtempSync(join(tmpdir(), 'lantern-test-')), 'chromium-profile') });
});
afterAll(async () => {
  await loader.close();
  await web.close();
});

/** The result URLs Lantern reads from a page, or its classification when it is not results. */
function resultsOf(page: PageSnapshot): string[] | string {
  const { state } = google.classify(page);
  return state === 'results' ? google.parse(page).results.map((result) => result.url) : state;
}

describe('every recorded Google page, read in Chromium as soon as it is ready', () => {
  it('yields the same results as the whole page the server sent', async () => {
    // The loader reads a page the moment its results container is complete, while its scripts
    // still run (and some reload the page with gbv=2): never before all results are in.
    const differing: string[] = [];
    for (const query of web.recordedQueries) {
      const url = google.buildRequest({ query, offset: 0 }, web.origin);
      const read = await loader.load(url, { readySelectors: google.readySelectors, completeSelectors: google.completeSelectors ?? [], timeoutMs: 15_000 });
      const sent = { finalUrl: url, status: 200, html: await (await fetch(url)).text(), title: '' };
      if (JSON.stringify(resultsOf(read)) !== JSON.stringify(resultsOf(sent))) differing.push(query);
    }
    expect(web.recordedQueries.length).toBeGreaterThanOrEqual(60);
    expect(differing).toEqual([]);
  }, 180_000);
});
