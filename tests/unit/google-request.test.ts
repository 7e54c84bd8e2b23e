import { describe, expect, it } from 'vitest';
import { google } from '../../src/main/search/engines/google';
import { toEngineQuery } from '../../src/main/search/engine';
import { SearchRequestSchema } from '../../src/shared/contract';

const params = (url: string): URLSearchParams => new URL(url).searchParams;

describe('google.buildRequest', () => {
  it('builds /search on www.google.com with only q for a plain first page', () => {
    const url = google.buildRequest({ query: 'lantern', offset: 0 });
    expect(url).toBe('https://www.google.com/search?q=lantern');
  });

  it.each([
    ['餐具英语', '%E9%A4%90%E5%85%B7%E8%8B%B1%E8%AF%AD'],
    ['مرحبا بالعالم', '%D9%85%D8%B1%D8%AD%D8%A8%D8%A7+%D8%A8%D8%A7%D9%84%D8%B9%D8%A7%D9%84%D9%85'],
    ['🦊 fox', '%F0%9F%A6%8A+fox'],
    ['a&b=c #1 +2 "quoted" site:example.org', 'a%26b%3Dc+%231+%2B2+%22quoted%22+site%3Aexample.org'],
  ])('encodes %j as UTF-8 that round-trips', (query, encoded) => {
    const url = google.buildRequest({ query, offset: 0 });
    expect(url).toBe(`https://www.google.com/search?q=${encoded}`);
    expect(params(url).get('q')).toBe(query);
  });

  it('sets hl, gl, start, tbs and safe', () => {
    const url = google.buildRequest({
      query: 'news',
      offset: 20,
      lang: 'zh-CN',
      region: 'DE',
      timeRange: 'week',
      safe: true,
    });
    const p = params(url);
    expect(p.get('hl')).toBe('zh-CN');
    expect(p.get('gl')).toBe('de');
    expect(p.get('start')).toBe('20');
    expect(p.get('tbs')).toBe('qdr:w');
    expect(p.get('safe')).toBe('active');
  });

  it.each([
    ['day', 'qdr:d'],
    ['week', 'qdr:w'],
    ['month', 'qdr:m'],
    ['year', 'qdr:y'],
  ] as const)('maps timeRange %s to tbs=%s', (timeRange, tbs) => {
    expect(params(google.buildRequest({ query: 'x', offset: 0, timeRange })).get('tbs')).toBe(tbs);
  });

  it('says safe=off when safe search is explicitly off, nothing when unset', () => {
    expect(params(google.buildRequest({ query: 'x', offset: 0, safe: false })).get('safe')).toBe('off');
    expect(params(google.buildRequest({ query: 'x', offset: 0 })).has('safe')).toBe(false);
  });

  it('omits start on the first page and never sends num', () => {
    for (const offset of [0, 10, 90]) {
      const p = params(
        google.buildRequest({ query: 'x', offset, lang: 'en', region: 'us', timeRange: 'day', safe: true }),
      );
      expect(p.has('num')).toBe(false);
      expect(p.has('udm')).toBe(false);
      expect(p.get('start')).toBe(offset === 0 ? null : String(offset));
    }
  });

  it('uses a replaced origin, with or without a trailing slash or a path prefix', () => {
    expect(google.buildRequest({ query: 'x y', offset: 10 }, 'http://127.0.0.1:43123')).toBe(
      'http://127.0.0.1:43123/search?q=x+y&start=10',
    );
    expect(google.buildRequest({ query: 'x', offset: 0 }, 'http://127.0.0.1:43123/')).toBe(
      'http://127.0.0.1:43123/search?q=x',
    );
    expect(google.buildRequest({ query: 'x', offset: 0 }, 'https://mirror.example/google/')).toBe(
      'https://mirror.example/google/search?q=x',
    );
  });

  it('builds page 3 of a validated request through toEngineQuery', () => {
    const request = SearchRequestSchema.parse({ query: '  lantern  ', page: 3, lang: 'en' });
    const url = google.buildRequest(toEngineQuery(request, (request.page - 1) * google.pageSize));
    expect(url).toBe('https://www.google.com/search?q=lantern&hl=en&start=20');
  });
});
