import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/shared/contract';
import { MemoryResultCache, searchCacheKey } from '../../src/main/search/result-cache';
import { parseSearchRequest } from '../../src/main/search/search-service';

const response = (query: string): SearchResponse => ({
  searchId: query,
  query,
  engine: 'google',
  results: [],
  tookMs: 1,
});

describe('MemoryResultCache', () => {
  it('returns an entry until its TTL runs out', () => {
    let now = 0;
    const cache = new MemoryResultCache(10 * 60_000, 100, () => now);
    cache.set('k', response('a'));
    now = 10 * 60_000 - 1;
    expect(cache.get('k')?.searchId).toBe('a');
    now = 10 * 60_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the oldest entries beyond its bound', () => {
    const cache = new MemoryResultCache(60_000, 2);
    cache.set('a', response('a'));
    cache.set('b', response('b'));
    cache.set('c', response('c'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.searchId).toBe('c');
  });
});

describe('searchCacheKey', () => {
  const key = (input: object): string => searchCacheKey(parseSearchRequest(input), 'google');

  it('treats case and spacing of the query as the same search', () => {
    expect(key({ query: '  Coffee   Beans ' })).toBe(key({ query: 'coffee beans' }));
  });

  it('separates requests that change the answer', () => {
    const base = key({ query: 'coffee' });
    expect(key({ query: 'coffee', limit: 20 })).not.toBe(base);
    expect(key({ query: 'coffee', page: 2 })).not.toBe(base);
    expect(key({ query: 'coffee', lang: 'de' })).not.toBe(base);
    expect(key({ query: 'coffee', timeRange: 'week' })).not.toBe(base);
    expect(searchCacheKey(parseSearchRequest({ query: 'coffee' }), 'bing')).not.toBe(base);
  });
});
