import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bing, bingTimeFilter } from '../../src/main/search/engines/bing';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { cleanText, normalizeUrl } from '../support/serp-eval';
import { sharedData } from '../support/shared-data';
import { webisEntries } from '../support/webis';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/engines');

function page(html: string, finalUrl = 'https://www.bing.com/search?q=x', status = 200): PageSnapshot {
  return { finalUrl, status, html, title: '' };
}
function fixture(name: string, finalUrl?: string, status?: number): PageSnapshot {
  return page(readFileSync(join(FIXTURES, name), 'utf8'), finalUrl, status);
}
function recorded(...parts: string[]): string {
  return readFileSync(sharedData('serp', ...parts), 'utf8');
}

describe('bing.buildRequest', () => {
  afterEach(() => vi.useRealTimers());

  it('builds www.bing.com/search?q= and encodes any script as UTF-8', () => {
    for (const query of ['灯笼 历史', 'فانوس ورقي', 'lantern 🔦 & "quotes"', 'c++ site:example.org']) {
      const url = new URL(bing.buildRequest({ query, offset: 0 }));
      expect(url.origin + url.pathname).toBe('https://www.bing.com/search');
      expect(url.searchParams.get('q')).toBe(query);
      expect(url.searchParams.has('first')).toBe(false);
    }
    expect(bing.buildRequest({ query: '灯笼', offset: 0 })).toContain('q=%E7%81%AF%E7%AC%BC');
    expect(bing.buildRequest({ query: '🔦', offset: 0 })).toContain('q=%F0%9F%94%A6');
  });

  it('pages with first = offset + 1', () => {
    expect(new URL(bing.buildRequest({ query: 'x', offset: 10 })).searchParams.get('first')).toBe('11');
    expect(new URL(bing.buildRequest({ query: 'x', offset: 40 })).searchParams.get('first')).toBe('41');
  });

  it('maps language, region, safe search and time range', () => {
    const url = new URL(
      bing.buildRequest({ query: 'x', offset: 0, lang: 'de', region: 'at', safe: true, timeRange: 'week' }),
    );
    expect(url.searchParams.get('setlang')).toBe('de');
    expect(url.searchParams.get('cc')).toBe('AT');
    expect(url.searchParams.get('adlt')).toBe('strict');
    expect(url.searchParams.get('filters')).toBe('ex1:"ez2"');
    expect(bingTimeFilter('day')).toBe('ex1:"ez1"');
    expect(bingTimeFilter('month')).toBe('ex1:"ez3"');
  });

  it('asks for the last 365 days as a custom ez5 range for "year"', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T12:00:00Z')); // day 20148 since 1970-01-01
    const url = new URL(bing.buildRequest({ query: 'x', offset: 0, timeRange: 'year' }));
    expect(url.searchParams.get('filters')).toBe('ex1:"ez5_19783_20148"');
  });

  it('uses the origin override (LANTERN_ENGINE_URL_BING) instead of www.bing.com', () => {
    const url = bing.buildRequest({ query: 'a b', offset: 10 }, 'http://127.0.0.1:4567');
    expect(url).toBe('http://127.0.0.1:4567/search?q=a+b&first=11');
  });
});

describe('bing.classify', () => {
  it('reports the Turnstile challenge and the turing captcha URL as captcha, naming the marker', () => {
    const widget = bing.classify(fixture('bing-turnstile-challenge.html'));
    expect(widget.state).toBe('captcha');
    expect(widget.reason).toMatch(/turnstile|challenges\.cloudflare/);
    const textOnly = bing.classify(fixture('bing-verify-text-only.html'));
    expect(textOnly).toEqual({ state: 'captcha', reason: 'challenge text "verify you are human"' });
    const byUrl = bing.classify(
      page('<html><body><div id="root"></div></body></html>', 'https://www.bing.com/turing/captcha/challenge?q=x'),
    );
    expect(byUrl.state).toBe('captcha');
    expect(byUrl.reason).toContain('/turing/captcha');
  });

  it('reports the recorded "no results" page as no-results and blank or foreign pages as unexpected', () => {
    const none = bing.classify(page(recorded('bing', 'nojs-2021', 'no-results-nojs.html')));
    expect(none.state).toBe('no-results');
    expect(none.reason).toContain('b_no');
    expect(bing.classify(page('', 'about:blank')).state).toBe('unexpected');
    expect(bing.classify(page('<html><body><p>502 Bad Gateway</p></body></html>')).state).toBe('unexpected');
    expect(bing.classify(page('\u0000garbage<<<>>>', 'https://www.bing.com/search?q=x')).state).toBe('unexpected');
  });

  it('reports a Bing Images page as unexpected, not as web results', () => {
    const html = recorded('webis', 'bing', 'bing-mighty-music-1578065758.html');
    const result = bing.classify(page(html, 'https://www.bing.com/images/search?q=Mighty+Music&FORM=HDRSC2'));
    expect(result.state).toBe('unexpected');
    expect(result.reason).toContain('/images/search');
  });
});

describe('bing on the webis recorded pages', () => {
  const entries = webisEntries('bing');

  it('moves the leading "Feb 05, 2022 ·" date out of the snippet', () => {
    const entry = entries.find((e) => e.html.includes('blockbench'))!;
    const results = bing.parse(page(readFileSync(sharedData('serp', entry.html), 'utf8'), entry.original_url)).results;
    const animated = results.find((r) => r.url === 'https://github.com/Animated-Java/animated-java');
    expect(animated).toMatchObject({ date: 'Feb 05, 2022' });
    expect(animated?.snippet.startsWith('Animated Java. Welcome to Animated Java')).toBe(true);
  });
});

interface ZluradBlock {
  fixture: string;
  parser_options: string | null;
  organic_count?: number;
  organic: Record<string, { url?: string; title?: string; snippet?: string }>;
  assertions: Array<{ subject: string; matcher: string; args: unknown[] }>;
}

describe('bing on the zlurad nojs-2021 pages (organic parsing on)', () => {
  const blocks = (JSON.parse(recorded('expected-zlurad.json')) as ZluradBlock[]).filter(
    (block) => block.fixture.startsWith('bing/') && block.parser_options === null && block.organic_count !== undefined,
  );

  it('covers the four blocks that assert an organic count', () => {
    expect(blocks.map((b) => b.fixture).sort()).toEqual([
      'bing/nojs-2021/bing-nojs.html',
      'bing/nojs-2021/bing50-nojs.html',
      'bing/nojs-2021/matrix-nojs.html',
      'bing/nojs-2021/no-results-nojs.html',
    ]);
  });

  it.each(blocks.map((b) => [b.fixture, b] as const))(
    '%s: count within ±1 and every asserted field found',
    (_, block) => {
      const snapshot = page(recorded(block.fixture), 'https://www.bing.com/search?q=bing');
      const state = bing.classify(snapshot).state;
      expect(state).toBe(block.organic_count === 0 ? 'no-results' : 'results');
      const results = bing.parse(snapshot).results;
      expect(Math.abs(results.length - (block.organic_count ?? 0))).toBeLessThanOrEqual(1);

      const near = (position: number, predicate: (r: (typeof results)[number]) => boolean): boolean =>
        results.some((r, i) => Math.abs(i - position) <= 1 && predicate(r));
      for (const [key, want] of Object.entries(block.organic)) {
        const position = Number(key);
        if (want.url !== undefined)
          expect(
            near(position, (r) => normalizeUrl(r.url) === normalizeUrl(want.url!)),
            want.url,
          ).toBe(true);
        if (want.title !== undefined)
          expect(
            near(position, (r) => r.title === cleanText(want.title!)),
            want.title,
          ).toBe(true);
        if (want.snippet !== undefined) {
          // The leading date ("24/1/2013 · …") lives in `date`; together they give the snippet back.
          const text = cleanText(want.snippet);
          expect(
            near(
              position,
              (r) => text.endsWith(r.snippet) && (r.date === undefined ? text === r.snippet : text.startsWith(r.date)),
            ),
            want.snippet,
          ).toBe(true);
        }
      }
      for (const assertion of block.assertions) {
        const contains = /organic\[(\d+)\]\.snippet\)\.toContain\(\s*'([^']+)'/.exec(assertion.subject);
        if (contains) expect(results[Number(contains[1])]?.snippet).toContain(contains[2]);
      }
    },
  );
});

describe('bing.parse', () => {
  it('reads the 9 results of the recorded 2021 page, with http(s) URLs', () => {
    const results = bing.parse(
      page(recorded('recorded-2021', 'bing-Hello-synopsis-0.html'), 'https://www.bing.com/search?q=Hello'),
    ).results;
    expect(results).toHaveLength(9);
    for (const result of results) {
      expect(new URL(result.url).protocol).toMatch(/^https?:$/);
      expect(result.title).not.toMatch(/<|&amp;|\s{2}/);
    }
  });

  it('unwraps ck/a links, skips ads, carousels, internal and non-http links, and de-duplicates', () => {
    const parsed = bing.parse(fixture('bing-ck-links.html'));
    expect(parsed.results).toEqual([
      {
        title: 'Lantern - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Lantern',
        snippet: 'A lantern is an often portable source of lighting & protection.',
        date: 'Mar 3, 2025',
      },
      {
        title: 'Lanterns & lamps — 测试 🔦',
        url: 'https://example.org/%F0%9F%94%A6%E6%B5%8B%E8%AF%95?q=1&x=2',
        snippet: 'Paper lanterns in every colour.',
        date: '3 days ago',
      },
      {
        title: 'About Lantern Press',
        url: 'https://www.lanternpress.example/about',
        snippet: 'Plain direct link, kept as is.',
      },
    ]);
    expect(parsed.relatedSearches).toEqual(['paper lantern', 'lantern festival']);
  });

  it('reads every recorded nojs page without throwing and without Bing-internal URLs', () => {
    for (const name of readdirSync(sharedData('serp', 'bing', 'nojs-2021'))) {
      const results = bing.parse(page(recorded('bing', 'nojs-2021', name))).results;
      for (const result of results) expect(result.url).not.toMatch(/bing\.com\/(search|ck\/a|aclick)/);
    }
  });
});
