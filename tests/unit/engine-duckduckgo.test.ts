import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { duckduckgo, duckDuckGoRegion } from '../../src/main/search/engines/duckduckgo';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { sharedData } from '../support/shared-data';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/engines');
const RESULTS_URL = 'https://html.duckduckgo.com/html/?q=lantern';

function page(html: string, status = 200, finalUrl = RESULTS_URL): PageSnapshot {
  return { finalUrl, status, html, title: '' };
}
function fixture(name: string, status = 200): PageSnapshot {
  return page(readFileSync(join(FIXTURES, name), 'utf8'), status);
}

describe('duckduckgo.buildRequest', () => {
  it('builds html.duckduckgo.com/html/?q= and encodes any script as UTF-8', () => {
    for (const query of ['灯笼 历史', 'فانوس ورقي', 'lantern 🔦 & "quotes"', '!w lantern']) {
      const url = new URL(duckduckgo.buildRequest({ query, offset: 0 }));
      expect(url.origin + url.pathname).toBe('https://html.duckduckgo.com/html/');
      expect(url.searchParams.get('q')).toBe(query);
      expect(url.searchParams.has('s')).toBe(false);
    }
    expect(duckduckgo.buildRequest({ query: 'فانوس', offset: 0 })).toContain('q=%D9%81%D8%A7%D9%86%D9%88%D8%B3');
  });

  it('pages with s = offset (and dc = offset + 1, as its own "next" form does)', () => {
    const url = new URL(duckduckgo.buildRequest({ query: 'x', offset: 20 }));
    expect(url.searchParams.get('s')).toBe('20');
    expect(url.searchParams.get('dc')).toBe('21');
  });

  it('maps region+language to kl, time range to df and safe search to kp', () => {
    const url = new URL(
      duckduckgo.buildRequest({ query: 'x', offset: 0, region: 'us', lang: 'en', timeRange: 'month', safe: false }),
    );
    expect(url.searchParams.get('kl')).toBe('us-en');
    expect(url.searchParams.get('df')).toBe('m');
    expect(url.searchParams.get('kp')).toBe('-2');
    for (const [range, df] of [
      ['day', 'd'],
      ['week', 'w'],
      ['year', 'y'],
    ] as const) {
      expect(new URL(duckduckgo.buildRequest({ query: 'x', offset: 0, timeRange: range })).searchParams.get('df')).toBe(
        df,
      );
    }
    expect(duckDuckGoRegion('de', undefined)).toBe('de-de');
    expect(duckDuckGoRegion('gb', undefined)).toBe('uk-en');
    expect(duckDuckGoRegion('cn', 'zh-CN')).toBe('cn-zh');
    expect(duckDuckGoRegion('tw', 'zh-TW')).toBe('tw-tzh');
    expect(duckDuckGoRegion('jp', 'ja')).toBe('jp-jp');
    expect(duckDuckGoRegion('ca', 'fr')).toBe('ca-fr');
    expect(duckDuckGoRegion('mx', undefined)).toBe('mx-es');
    expect(duckDuckGoRegion(undefined, 'fr')).toBeUndefined();
  });

  it('uses the origin override (LANTERN_ENGINE_URL_DUCKDUCKGO)', () => {
    expect(duckduckgo.buildRequest({ query: 'a b', offset: 0 }, 'http://127.0.0.1:4567')).toBe(
      'http://127.0.0.1:4567/html/?q=a+b',
    );
  });
});

describe('duckduckgo.classify', () => {
  it('treats HTTP 202 as a block whatever the body, and says so', () => {
    for (const html of [
      '',
      '<html><body></body></html>',
      readFileSync(join(FIXTURES, 'duckduckgo-anomaly.html'), 'utf8'),
    ]) {
      const result = duckduckgo.classify(page(html, 202));
      expect(result.state).toBe('captcha');
      expect(result.reason).toContain('HTTP 202');
    }
  });

  it('reports the anomaly challenge as captcha even with status 200', () => {
    const result = duckduckgo.classify(fixture('duckduckgo-anomaly.html'));
    expect(result.state).toBe('captcha');
    expect(result.reason).toMatch(/anomaly|challenge/);
  });

  it('tells results, no results and unknown pages apart', () => {
    const recorded = page(
      readFileSync(sharedData('serp', 'recorded-2021', 'duckduckgo-Hello-synopsis-1.html'), 'utf8'),
    );
    expect(duckduckgo.classify(recorded)).toEqual({ state: 'results', reason: '28 .result blocks with .result__a' });
    expect(duckduckgo.classify(fixture('duckduckgo-no-results.html')).state).toBe('no-results');
    expect(duckduckgo.classify(page('', 200, 'about:blank')).state).toBe('unexpected');
    expect(duckduckgo.classify(page('<html><body><h1>Service unavailable</h1></body></html>')).state).toBe(
      'unexpected',
    );
    expect(duckduckgo.classify(page('%PDF-1.4 garbage')).state).toBe('unexpected');
  });
});

describe('duckduckgo.parse', () => {
  it('reads the 28 results of the recorded 2021 page, with http(s) URLs, none left on duckduckgo.com', () => {
    const html = readFileSync(sharedData('serp', 'recorded-2021', 'duckduckgo-Hello-synopsis-1.html'), 'utf8');
    const results = duckduckgo.parse(page(html)).results;
    expect(results).toHaveLength(28);
    expect(results[0]).toEqual({
      title: 'Hello | Definition of Hello by Merriam-Webster',
      url: 'https://www.merriam-webster.com/dictionary/hello',
      snippet:
        'Hello definition is - an expression or gesture of greeting —used interjectionally in greeting, in answering the telephone, or to express surprise. How to use hello in a sentence.',
    });
    for (const result of results) {
      const url = new URL(result.url);
      expect(url.protocol).toMatch(/^https?:$/);
      expect(url.hostname).not.toMatch(/duckduckgo\.com$/);
    }
  });

  it('unwraps uddg links, skips ads and non-http targets, and reads the ISO date', () => {
    const parsed = duckduckgo.parse(fixture('duckduckgo-uddg-results.html'));
    expect(parsed.results).toEqual([
      {
        title: 'Lantern - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Lantern',
        snippet: 'A lantern is an often portable source of lighting & protection.',
        date: '2024-11-02',
      },
      {
        title: '燈籠 - 维基百科',
        url: 'https://zh.wikipedia.org/wiki/%E7%87%88%E7%B1%A0?variant=zh-cn',
        snippet: '灯笼是一种照明工具。',
      },
    ]);
  });

  it('returns no results for the no-results page', () => {
    expect(duckduckgo.parse(fixture('duckduckgo-no-results.html')).results).toEqual([]);
  });
});
