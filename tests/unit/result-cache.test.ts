import { describe, expect, it } from 'vitest';
import { searchCacheKey } from '../../src/main/search/result-cache';
import { parseSearchRequest } from '../../src/main/search/search-service';

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

  it('keeps a first-page-only search apart from the same request read in full', () => {
    const request = parseSearchRequest({ query: 'coffee' });
    expect(searchCacheKey(request, 'google', true)).not.toBe(searchCacheKey(request, 'google'));
    expect(searchCacheKey(request, 'google', false)).toBe(searchCacheKey(request, 'google'));
  });
});
