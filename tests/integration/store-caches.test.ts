import { afterEach, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/shared/contract';
import { searchCacheKey } from '../../src/main/search/result-cache';
import { openStore } from '../../src/main/store';
import type { PageRecordInput } from '../../src/main/store';
import type { PageCache, ResolveResult } from '../../src/main/fetch/types';
import { fakeClock, tempStore } from '../support/temp-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function setup(options: Parameters<typeof tempStore>[0] = {}) {
  const clock = fakeClock();
  const temp = tempStore({ now: clock.now, ...options });
  cleanup = temp.cleanup;
  return { clock, ...temp };
}

const page: PageRecordInput = {
  url: 'https://example.com/a',
  finalUrl: 'https://www.example.com/a/',
  status: 200,
  contentType: 'text/html; charset=utf-8',
  title: 'Page A',
  byline: 'Ada',
  publishedAt: '2025-03-01',
  siteName: 'Example',
  lang: 'en',
  markdown: '# Page A\n\nBody text.',
  etag: '"v1"',
  lastModified: 'Sat, 01 Mar 2025 10:00:00 GMT',
};

describe('page cache', () => {
  it('returns a stored page, fresh within the TTL, by the URL asked for or the final URL', () => {
    const { store, clock } = setup();
    store.pages.putPage(page);
    clock.advance(HOUR);
    const cached = store.pages.getPage('https://example.com/a');
    expect(cached).toEqual({
      page: { ...page, fetchedAt: clock.now() - HOUR },
      fresh: true,
      ageMs: HOUR,
    });
    expect(store.pages.getPage('https://www.example.com/a/')?.page.url).toBe('https://example.com/a');
    expect(store.pages.getPage('https://example.com/other')).toBeUndefined();
  });

  it('turns stale after its own TTL, keeping the validators a conditional request needs', () => {
    const { store, clock } = setup({ pageTtlMs: 2 * HOUR });
    store.pages.putPage(page);
    const { etag: _e, lastModified: _l, ...withoutValidators } = page;
    store.pages.putPage({ ...withoutValidators, url: 'https://example.com/b', finalUrl: 'https://example.com/b' });
    clock.advance(2 * HOUR);
    expect(store.pages.getPage(page.url)).toMatchObject({
      fresh: false,
      page: { etag: '"v1"', lastModified: page.lastModified },
    });
    expect(store.pages.getPage('https://example.com/b')?.fresh).toBe(false);
  });

  it('replaces a page fetched again and keeps one index entry for it', () => {
    const { store } = setup();
    store.pages.putPage(page);
    store.pages.putPage({ ...page, title: 'Page A, revised', markdown: 'Completely rewritten prose.' });
    expect(store.pages.getPage(page.url)?.page.title).toBe('Page A, revised');
    expect(store.fullText.search('body', { scope: 'pages' })).toEqual([]);
    expect(store.fullText.search('rewritten', { scope: 'pages' })).toHaveLength(1);
    expect(store.db.prepare('SELECT COUNT(*) FROM pages_fts').pluck().get()).toBe(1);
  });

  it('fits the fetch module: its PageCache and ResolveResult accept the store as is', async () => {
    const { store, clock } = setup();
    const pageCache: PageCache = store.pages;
    const resolveResult: ResolveResult = (session, searchId, index) =>
      store.searches.resolveResult(session, searchId, index);
    // The fetch pipeline writes wordCount and rendered too; the store ignores what it does not keep.
    pageCache.putPage({ ...page, fetchedAt: clock.now(), wordCount: 3, rendered: false });
    const entry = await pageCache.getPage(page.url);
    expect(entry?.fresh).toBe(true);
    expect(entry?.page.markdown).toBe(page.markdown);
    store.searches.recordSearch('agent', {
      searchId: 's1',
      query: 'q',
      engine: 'google',
      tookMs: 1,
      results: [{ index: 0, title: 't', url: 'https://r.example/', snippet: '', source: 'r.example' }],
    });
    expect((await resolveResult('agent', undefined, 0)).url).toBe('https://r.example/');
  });

  it('drops pages past their retention when purging', () => {
    const { store, clock } = setup({ pageRetentionMs: 48 * HOUR });
    store.pages.putPage(page);
    clock.advance(47 * HOUR);
    expect(store.purgeExpired().pages).toBe(0);
    clock.advance(HOUR);
    expect(store.purgeExpired().pages).toBe(1);
    expect(store.pages.getPage(page.url)).toBeUndefined();
    expect(store.fullText.search('body')).toEqual([]);
  });
});

describe('SQLite result cache', () => {
  const request = { query: 'Heat  Pumps', limit: 10, page: 1 };
  const response: SearchResponse = {
    searchId: 's1',
    query: 'Heat  Pumps',
    engine: 'google',
    tookMs: 900,
    results: [{ index: 0, title: 'T', url: 'https://t.example/', snippet: 's', source: 't.example' }],
    relatedSearches: ['heat pump cost'],
  };

  it('serves a stored response for 10 minutes by default, then misses', () => {
    const { store, clock } = setup();
    const key = searchCacheKey(request, 'google');
    expect(store.resultCache.get(key)).toBeUndefined();
    store.resultCache.set(key, { ...response, fromCache: false });
    clock.advance(10 * MINUTE - 1);
    // The stored copy is the engine's answer; marking fromCache is the service's job.
    expect(store.resultCache.get(searchCacheKey({ ...request, query: 'heat pumps ' }, 'google'))).toEqual(response);
    clock.advance(1);
    expect(store.resultCache.get(key)).toBeUndefined();
    expect(store.purgeExpired().cachedResponses).toBe(1);
  });

  it('takes a configured TTL and holds across store instances on the same file', () => {
    const { store, clock, dbPath } = setup({ resultCacheTtlMs: 30 * MINUTE });
    const key = searchCacheKey(request, 'google');
    store.resultCache.set(key, response);
    store.close();
    const later = openStore({ path: dbPath, now: clock.now, purgeIntervalMs: 0, resultCacheTtlMs: 30 * MINUTE });
    try {
      clock.advance(29 * MINUTE);
      expect(later.resultCache.get(key)?.searchId).toBe('s1');
      clock.advance(MINUTE);
      expect(later.resultCache.get(key)).toBeUndefined();
    } finally {
      later.close();
    }
  });
});
