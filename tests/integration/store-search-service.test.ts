import { AnswerService } from '../../src/main/answer/answer-service';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageLoader } from '../../src/main/browser/page-loader';
import type { SearchEngine } from '../../src/main/search/engine';
import { SearchOperations } from '../../src/main/search/search-operations';
import { SearchService } from '../../src/main/search/search-service';
import { CaptchaService } from '../../src/main/captcha/captcha-service';
import { HistoryService } from '../../src/main/history/history-service';
import { ResearchRunService } from '../../src/main/deep-research/research-service';
import { AccessService } from '../../src/main/settings/access-service';
import { LibraryService } from '../../src/main/library/library-service';
import { RunRegistry } from '../../src/main/common/run-registry';
import { ResearchService } from '../../src/main/app/service';
import { SettingsService } from '../../src/main/settings/settings-service';
import { openStore, type Store } from '../../src/main/store';
import { tempDataDir } from '../support/temp-store';

/** A stand-in engine: the store is under test here, not page parsing. */
const engine: SearchEngine = {
  id: 'google',
  defaultOrigin: 'https://engine.invalid',
  pageSize: 10,
  readySelectors: ['#results'],
  buildRequest: (query) => `https://engine.invalid/search?q=${encodeURIComponent(query.query)}&start=${query.offset}`,
  classify: () => ({ state: 'results', reason: 'stand-in' }),
  parse: () => ({
    results: Array.from({ length: 10 }, (_, i) => ({
      title: `Coffee ${i}`,
      url: `https://coffee${i}.example/`,
      snippet: `About coffee, part ${i}.`,
    })),
  }),
};

/** A PageLoader that counts the browser work asked of it. */
function countingLoader(): PageLoader & { loads: number } {
  const loader = {
    loads: 0,
    load(url: string) {
      loader.loads += 1;
      return Promise.resolve({ finalUrl: url, status: 200, html: '<div id="results"></div>', title: 'results' });
    },
    close: () => Promise.resolve(),
  };
  return loader;
}

let temp: ReturnType<typeof tempDataDir>;
const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  temp.cleanup();
});

/** One CLI process: a store on the shared file and the ResearchService over it, wired as production wires it. */
function cliProcess(loader: PageLoader): { store: Store; service: ResearchService } {
  const store = openStore({ path: temp.dbPath, purgeIntervalMs: 0 });
  stores.push(store);
  const search = new SearchService({ loader, engines: { google: engine }, cache: store.resultCache });
  const fetch = () => Promise.reject(new Error('fetch is not part of this test'));
  const captcha = new CaptchaService({ suspensions: search.suspensions, canShowWindow: () => false });
  const answer = new AnswerService({ search: (request, options) => search.search(request, options), fetch, store });
  const history = new HistoryService(store);
  const operations = new SearchOperations({ search, searches: store.searches, history });
  const research = new ResearchRunService({
    search: (request, options) => search.search(request, options),
    fetch,
    store,
    captcha,
  });
  const parts = {
    search: operations,
    blocks: search,
    fetch,
    answer,
    research,
    history,
    settings: new SettingsService(temp.dir),
    captcha,
    access: new AccessService(temp.dir),
    library: new LibraryService(store),
    runs: new RunRegistry(),
    loader,
    store,
  };
  return { store, service: new ResearchService(parts) };
}

describe('the store under the search service', () => {
  it('serves a repeated search from the SQLite cache, across processes, with no browser work', async () => {
    temp = tempDataDir();
    const loader = countingLoader();
    const first = cliProcess(loader);
    const answered = await first.service.search({ query: 'coffee' }, { session: 'cli' });
    expect(loader.loads).toBe(1);
    expect(answered.fromCache).toBeUndefined();
    expect(answered.results).toHaveLength(10);
    first.store.close();
    stores.splice(0);

    // `lantern search coffee` again in a new process: the answer comes from the file.
    const second = cliProcess(loader);
    const cached = await second.service.search({ query: 'coffee' }, { session: 'cli' });
    expect(loader.loads).toBe(1);
    expect(cached.fromCache).toBe(true);
    expect(cached.results).toEqual(answered.results);

    // `lantern fetch --index 2` in a later process resolves through the file.
    expect(second.store.searches.resolveResult('cli', undefined, 2).url).toBe(answered.results[2]!.url);

    // --no-cache asks the engine again.
    await second.service.search({ query: 'coffee' }, { session: 'cli', noCache: true });
    expect(loader.loads).toBe(2);
  });
});
