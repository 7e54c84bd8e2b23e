/**
 * An engine paused after a CAPTCHA, through ResearchApi on a real store: the errors say until
 * when (`details.pausedUntil`, what the UI shows), and "Reset the search session" ends the
 * pause with the cookies, so the next question reaches the engine again instead of waiting
 * 30 minutes or a server restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerService } from '../../src/main/answer/answer-service';
import type { PageLoader } from '../../src/main/browser/page-loader';
import { CaptchaService } from '../../src/main/captcha/captcha-service';
import { HistoryService } from '../../src/main/history/history-service';
import type { SearchEngine } from '../../src/main/search/engine';
import { SearchOperations } from '../../src/main/search/search-operations';
import { SearchService } from '../../src/main/search/search-service';
import { SUSPENSION_MS } from '../../src/main/search/suspension';
import { ResearchRunService } from '../../src/main/deep-research/research-service';
import { AccessService } from '../../src/main/settings/access-service';
import { LibraryService } from '../../src/main/library/library-service';
import { RunRegistry } from '../../src/main/common/run-registry';
import { ResearchService } from '../../src/main/app/service';
import { SettingsService } from '../../src/main/settings/settings-service';
import { openStore, type Store } from '../../src/main/store';
import { errorOf } from '../support/error-of';
import { tempDataDir } from '../support/temp-store';

/** A stand-in Google that asks for a CAPTCHA while `blocking` is set. */
function blockingEngine(state: { blocking: boolean }): SearchEngine {
  return {
    id: 'google',
    defaultOrigin: 'https://engine.invalid',
    pageSize: 10,
    readySelectors: ['#results'],
    buildRequest: (query) => `https://engine.invalid/search?q=${encodeURIComponent(query.query)}&start=${query.offset}`,
    classify: () =>
      state.blocking ? { state: 'captcha', reason: 'stand-in sorry page' } : { state: 'results', reason: 'stand-in' },
    parse: () => ({ results: [{ title: 'Coffee', url: 'https://coffee.example/', snippet: 'About coffee.' }] }),
  };
}

/** Counts the engine pages loaded and the session resets asked of the browser. */
function countingLoader(): PageLoader & { loads: number; resets: number } {
  const loader = {
    loads: 0,
    resets: 0,
    load(url: string) {
      loader.loads += 1;
      return Promise.resolve({ finalUrl: url, status: 200, html: '<div id="results"></div>', title: 'results' });
    },
    resetSession() {
      loader.resets += 1;
      return Promise.resolve();
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

/** The ResearchService wired as production wires it, on a clock the test moves. */
function research(engineState: { blocking: boolean }, clock: { now: number }) {
  temp = tempDataDir();
  const store = openStore({ path: temp.dbPath, purgeIntervalMs: 0 });
  stores.push(store);
  const loader = countingLoader();
  const now = (): number => clock.now;
  const search = new SearchService({
    loader,
    engines: { google: blockingEngine(engineState) },
    cache: store.resultCache,
    now,
    pacing: { minGapMs: 0, jitterMs: 0 },
  });
  const fetch = () => Promise.reject(new Error('fetch is not part of this test'));
  const captcha = new CaptchaService({ suspensions: search.suspensions, canShowWindow: () => false, now });
  const answer = new AnswerService({ search: (request, options) => search.search(request, options), fetch, store });
  const history = new HistoryService(store);
  const operations = new SearchOperations({ search, searches: store.searches, history });
  const research = new ResearchRunService({
    search: (request, options) => search.search(request, options),
    fetch,
    store,
    captcha,
  });
  const service = new ResearchService({
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
  });
  return { service, loader };
}

describe('an engine paused after a CAPTCHA', () => {
  it('says until when: the CAPTCHA, the later refusals and the pending block all carry the same end', async () => {
    const clock = { now: 1_800_000_000_000 };
    const { service, loader } = research({ blocking: true }, clock);
    const blocked = await errorOf(service.search({ query: 'espresso' }));
    expect(blocked.code).toBe('CAPTCHA_REQUIRED');
    const until = clock.now + SUSPENSION_MS.captcha;
    expect(blocked.details).toMatchObject({ engine: 'google', pausedUntil: until });

    clock.now += 10 * 60_000;
    const later = await errorOf(service.search({ query: 'green tea' }));
    expect(later.code).toBe('ENGINE_BLOCKED');
    expect(later.details).toMatchObject({ engine: 'google', blockedBy: 'CAPTCHA_REQUIRED', pausedUntil: until });
    expect(loader.loads).toBe(1); // the paused engine was not asked again
    expect((await service.captcha.pending()).blocks).toEqual([
      expect.objectContaining({ engine: 'google', kind: 'captcha', until }),
    ]);
  });

  it('is lifted by resetting the search session: the next search reaches the engine again', async () => {
    const clock = { now: 1_800_000_000_000 };
    const engineState = { blocking: true };
    const { service, loader } = research(engineState, clock);
    expect((await errorOf(service.search({ query: 'espresso' }))).code).toBe('CAPTCHA_REQUIRED');

    await service.resetSearchSession();
    expect(loader.resets).toBe(1);
    expect((await service.captcha.pending()).blocks).toEqual([]);

    // Well within the 30 minutes: without the reset this would be ENGINE_BLOCKED with no load.
    engineState.blocking = false;
    const loadsBefore = loader.loads;
    const answered = await service.search({ query: 'green tea' });
    expect(answered.results).toHaveLength(1);
    expect(loader.loads).toBeGreaterThan(loadsBefore);
  });
});
