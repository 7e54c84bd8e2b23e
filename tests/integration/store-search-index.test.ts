import { afterEach, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/shared/contract';
import { LanternError } from '../../src/shared/errors';
import { openStore } from '../../src/main/store';
import { fakeClock, tempStore, type FakeClock } from '../support/temp-store';

const HOUR = 3_600_000;

function response(searchId: string, count: number, query = `query ${searchId}`): SearchResponse {
  return {
    searchId,
    query,
    engine: 'google',
    tookMs: 42,
    results: Array.from({ length: count }, (_, index) => ({
      index,
      title: `${searchId} result ${index}`,
      url: `https://example.com/${searchId}/${index}`,
      snippet: `snippet ${index}`,
      source: 'example.com',
    })),
  };
}

function notFound(run: () => unknown): LanternError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LanternError);
    expect((error as LanternError).code).toBe('NOT_FOUND');
    return error as LanternError;
  }
  throw new Error('expected NOT_FOUND');
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function setup(options: Parameters<typeof tempStore>[0] = {}): { clock: FakeClock } & ReturnType<typeof tempStore> {
  const clock = fakeClock();
  const temp = tempStore({ now: clock.now, ...options });
  cleanup = temp.cleanup;
  return { clock, ...temp };
}

describe('session result index', () => {
  it('resolves result N of the latest search, or of a named one', () => {
    const { store } = setup();
    store.searches.recordSearch('agent-1', response('s1', 10));
    store.searches.recordSearch('agent-1', response('s2', 5));
    store.searches.recordSearch('agent-2', response('s3', 3));
    expect(store.searches.resolveResult('agent-1', undefined, 2)).toEqual({
      url: 'https://example.com/s2/2',
      title: 's2 result 2',
      searchId: 's2',
      index: 2,
    });
    expect(store.searches.resolveResult('agent-1', 's1', 9).url).toBe('https://example.com/s1/9');
    // Sessions do not see each other's searches.
    expect(notFound(() => store.searches.resolveResult('agent-2', 's1', 0)).message).toContain(
      'No search s1 in session "agent-2"',
    );
    expect(notFound(() => store.searches.resolveResult('agent-9', undefined, 0)).message).toContain('has no searches');
  });

  it('says out of range with the number of results', () => {
    const { store } = setup();
    store.searches.recordSearch('cli', response('s1', 10));
    const error = notFound(() => store.searches.resolveResult('cli', undefined, 10));
    expect(error.message).toContain('out of range');
    expect(error.message).toContain('has 10 results (results 0–9)');
    expect(error.details).toMatchObject({ reason: 'out-of-range', resultCount: 10 });
  });

  it('resolves through the file: a later store on it (a later CLI process) finds the search of session "cli"', () => {
    const { store, dbPath, clock } = setup();
    store.searches.recordSearch('cli', response('s1', 3));
    store.close();
    const later = openStore({ path: dbPath, now: clock.now, purgeIntervalMs: 0 });
    try {
      expect(later.searches.resolveResult('cli', undefined, 1).url).toBe('https://example.com/s1/1');
    } finally {
      later.close();
    }
  });

  it('expires results after 24 h, says so with the time, and purges them', () => {
    const { store, clock } = setup();
    store.searches.recordSearch('cli', response('old', 10));
    clock.advance(23 * HOUR);
    store.searches.recordSearch('cli', response('new', 10));
    expect(store.searches.resolveResult('cli', 'old', 0).url).toBe('https://example.com/old/0');

    clock.advance(1 * HOUR);
    const error = notFound(() => store.searches.resolveResult('cli', 'old', 0));
    expect(error.message).toContain('expired at 2026-01-16T12:00:00.000Z');
    expect(error.details).toMatchObject({ reason: 'expired' });
    // Expired is told apart from out of range even for an index the search never had.
    expect(notFound(() => store.searches.resolveResult('cli', 'old', 50)).message).toContain('expired');
    expect(store.searches.resolveResult('cli', undefined, 0).searchId).toBe('new');

    const purged = store.purgeExpired();
    expect(purged.sessionResults).toBe(10);
    const left = store.db.prepare('SELECT COUNT(*) FROM search_results').pluck().get();
    expect(left).toBe(10);
    // The search's record stays a while so the answer is still "expired", not "unknown".
    expect(notFound(() => store.searches.resolveResult('cli', 'old', 0)).message).toContain('expired');
  });

  it('purges expired results at open', () => {
    const { store, clock, dbPath } = setup();
    store.searches.recordSearch('cli', response('s1', 10));
    store.close();
    clock.advance(25 * HOUR);
    const later = openStore({ path: dbPath, now: clock.now, purgeIntervalMs: 0 });
    try {
      expect(later.db.prepare('SELECT COUNT(*) FROM search_results').pluck().get()).toBe(0);
    } finally {
      later.close();
    }
  });

  it('purges on its hourly timer while open', async () => {
    const clock = fakeClock();
    const temp = tempStore({ now: clock.now, purgeIntervalMs: 20 });
    cleanup = temp.cleanup;
    temp.store.searches.recordSearch('cli', response('s1', 4));
    clock.advance(25 * HOUR);
    const count = () => temp.store.db.prepare('SELECT COUNT(*) FROM search_results').pluck().get();
    await expect.poll(count, { timeout: 2_000, interval: 10 }).toBe(0);
  });

  it('keeps at most 1,000 results per session: the 1,001st evicts the oldest', () => {
    const { store } = setup();
    for (let i = 0; i < 100; i += 1) store.searches.recordSearch('busy', response(`s${i}`, 10));
    store.searches.recordSearch('other', response('o1', 10));
    const countFor = (session: string) =>
      store.db.prepare('SELECT COUNT(*) FROM search_results WHERE session = ?').pluck().get(session);
    expect(countFor('busy')).toBe(1_000);
    expect(store.searches.resolveResult('busy', 's0', 0).url).toBe('https://example.com/s0/0');

    store.searches.recordSearch('busy', response('s100', 1));
    expect(countFor('busy')).toBe(1_000);
    const evicted = notFound(() => store.searches.resolveResult('busy', 's0', 0));
    expect(evicted.message).toContain('at most 1000 results');
    expect(evicted.details).toMatchObject({ reason: 'evicted' });
    expect(store.searches.resolveResult('busy', 's0', 1).url).toBe('https://example.com/s0/1');
    expect(store.searches.resolveResult('busy', 's100', 0).url).toBe('https://example.com/s100/0');
    // Another session's results are untouched.
    expect(countFor('other')).toBe(10);
  });

  it('replaces a search recorded twice under the same id', () => {
    const { store } = setup();
    store.searches.recordSearch('cli', response('s1', 10));
    store.searches.recordSearch('cli', response('s1', 2));
    expect(store.db.prepare('SELECT COUNT(*) FROM search_results').pluck().get()).toBe(2);
    expect(notFound(() => store.searches.resolveResult('cli', 's1', 5)).message).toContain('has 2 results');
  });

  it('a repeat of the latest search (a cached answer) keeps its numbers valid 24 h from the repeat', () => {
    const { store, clock } = setup();
    const request = { request: { query: 'query s1', limit: 10 } };
    store.searches.recordSearch('cli', response('s1', 10), request);
    clock.advance(20 * HOUR);
    store.searches.recordSearch('cli', response('s1', 10), request);
    clock.advance(20 * HOUR);
    expect(store.searches.resolveResult('cli', undefined, 3).url).toBe('https://example.com/s1/3');
    expect(store.db.prepare('SELECT COUNT(*) FROM searches').pluck().get()).toBe(1);
    expect(store.db.prepare('SELECT COUNT(*) FROM search_results').pluck().get()).toBe(10);
    clock.advance(4 * HOUR);
    expect(notFound(() => store.searches.resolveResult('cli', undefined, 3)).details).toMatchObject({
      reason: 'expired',
    });
  });

  it('a repeat of an older search makes it the latest again, and an expired one is recorded anew', () => {
    const { store, clock } = setup();
    store.searches.recordSearch('cli', response('s1', 10));
    store.searches.recordSearch('cli', response('s2', 10));
    store.searches.recordSearch('cli', response('s1', 10));
    expect(store.searches.resolveResult('cli', undefined, 0).searchId).toBe('s1');

    clock.advance(25 * HOUR);
    store.purgeExpired();
    store.searches.recordSearch('cli', response('s1', 10));
    expect(store.searches.resolveResult('cli', undefined, 9).url).toBe('https://example.com/s1/9');
  });

  it('keeps the request, engine, timing and page features of each search', () => {
    const { store } = setup();
    store.searches.recordSearch(
      'cli',
      { ...response('s1', 1), featuredSnippet: { text: 'featured' }, fromCache: true },
      { request: { query: 'query s1', limit: 10, lang: 'en' } },
    );
    const row = store.db.prepare('SELECT * FROM searches').get() as Record<string, unknown>;
    expect(row).toMatchObject({ session: 'cli', engine: 'google', took_ms: 42, from_cache: 1, result_count: 1 });
    expect(JSON.parse(row.request as string)).toEqual({ query: 'query s1', limit: 10, lang: 'en' });
    expect(JSON.parse(row.features as string)).toEqual({ featuredSnippet: { text: 'featured' } });
    expect(store.searches.resolveResult('cli', undefined, 0).url).toBe('https://example.com/s1/0');
  });
});
