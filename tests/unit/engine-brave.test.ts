import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brave } from '../../src/main/search/engines/brave';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { sharedData } from '../support/shared-data';
import { webisEntries } from '../support/webis';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/engines');
const RESULTS_URL = 'https://search.brave.com/search?q=lantern';

function page(html: string, finalUrl = RESULTS_URL, status = 200): PageSnapshot {
  return { finalUrl, status, html, title: '' };
}
function fixture(name: string, status = 200): PageSnapshot {
  return page(readFileSync(join(FIXTURES, name), 'utf8'), RESULTS_URL, status);
}

describe('brave.buildRequest', () => {
  it('builds search.brave.com/search?q= and encodes any script as UTF-8', () => {
    for (const query of ['灯笼 历史', 'فانوس ورقي', 'lantern 🔦 & "quotes"']) {
      const url = new URL(brave.buildRequest({ query, offset: 0 }));
      expect(url.origin + url.pathname).toBe('https://search.brave.com/search');
      expect(url.searchParams.get('q')).toBe(query);
      expect(url.searchParams.has('offset')).toBe(false);
    }
    expect(brave.buildRequest({ query: '🔦', offset: 0 })).toContain('q=%F0%9F%94%A6');
  });

  it('pages with offset = page number (20 results a page)', () => {
    expect(brave.pageSize).toBe(20);
    expect(new URL(brave.buildRequest({ query: 'x', offset: 20 })).searchParams.get('offset')).toBe('1');
    expect(new URL(brave.buildRequest({ query: 'x', offset: 40 })).searchParams.get('offset')).toBe('2');
  });

  it('maps time range to tf and region to country', () => {
    const url = new URL(brave.buildRequest({ query: 'x', offset: 0, timeRange: 'day', region: 'DE' }));
    expect(url.searchParams.get('tf')).toBe('pd');
    expect(url.searchParams.get('country')).toBe('de');
    for (const [range, tf] of [
      ['week', 'pw'],
      ['month', 'pm'],
      ['year', 'py'],
    ] as const) {
      expect(new URL(brave.buildRequest({ query: 'x', offset: 0, timeRange: range })).searchParams.get('tf')).toBe(tf);
    }
  });

  it('uses the origin override (LANTERN_ENGINE_URL_BRAVE)', () => {
    expect(brave.buildRequest({ query: 'a b', offset: 0 }, 'http://127.0.0.1:4567')).toBe(
      'http://127.0.0.1:4567/search?q=a+b&source=web',
    );
  });
});

describe('brave.classify', () => {
  it('reports the challenge page as captcha: by marker, by text, by URL and by HTTP 429', () => {
    const marker = brave.classify(fixture('brave-pow-captcha.html'));
    expect(marker.state).toBe('captcha');
    expect(marker.reason).toContain('captcha');
    expect(brave.classify(fixture('brave-verify-text-only.html'))).toEqual({
      state: 'captcha',
      reason: 'challenge text "verify you are human"',
    });
    const byUrl = brave.classify(
      page('<html><body></body></html>', 'https://search.brave.com/captcha?return=%2Fsearch'),
    );
    expect(byUrl.state).toBe('captcha');
    const limited = brave.classify(page('<html><body><div id="app"></div></body></html>', RESULTS_URL, 429));
    expect(limited).toEqual({ state: 'captcha', reason: 'HTTP 429 from Brave Search (rate limit challenge)' });
  });

  it('tells results and unknown pages apart', () => {
    expect(brave.classify(fixture('brave-modern-results.html'))).toEqual({
      state: 'results',
      reason: '3 .snippet results in #results',
    });
    expect(
      brave.classify(
        page(
          '<html><body><div id="results" class="section"><div class="no-results">No results found</div></div></body></html>',
        ),
      ).state,
    ).toBe('no-results');
    expect(brave.classify(page('', 'about:blank')).state).toBe('unexpected');
    expect(brave.classify(page('<html><body><h1>Brave Search</h1></body></html>')).state).toBe('unexpected');
    expect(brave.classify(page('{"type":"search"}')).state).toBe('unexpected');
  });
});

describe('brave on the webis recorded pages', () => {
  const entries = webisEntries('brave');

  it('lists a site cluster after its parent and moves "March 3, 2022 -" into date', () => {
    const entry = entries.find((e) => e.html.includes('brave-nair-'))!;
    const results = brave.parse(page(readFileSync(sharedData('serp', entry.html), 'utf8'), entry.original_url)).results;
    expect(results.slice(0, 3).map((r) => r.url)).toEqual([
      'https://www.naircare.com/en',
      'https://www.naircare.com/en/men',
      'https://www.naircare.com/en/faqs',
    ]);
    expect(results[0]).toMatchObject({
      title: '#1 Hair Removal Cream, Wax & Depilatory Brand for Every Body | Nair™',
      date: 'March 3, 2022',
    });
    expect(results[0]?.snippet.startsWith('Nair™ Hair Remover products')).toBe(true);
    expect(results[1]).toEqual({
      title: "MEN'S NAIR™",
      url: 'https://www.naircare.com/en/men',
      snippet:
        "Explore Nair™ products created specifically with men in mind. These hair removing sprays and creams have a masculine scent you'll love.",
    });
  });

  it('takes the date of a video result from its "Published:" line', () => {
    const entry = entries.find((e) => e.html.includes('brave-nvfbc-'))!;
    const results = brave.parse(page(readFileSync(sharedData('serp', entry.html), 'utf8'), entry.original_url)).results;
    expect(results.find((r) => r.url === 'https://www.youtube.com/watch?v=g4hP34pjErs')?.date).toBe('July 23, 2021');
  });
});

describe('brave.parse', () => {
  it('reads the current markup: title element, generic snippet, date; skips ads, news and Brave links', () => {
    expect(brave.parse(fixture('brave-modern-results.html')).results).toEqual([
      {
        title: 'Lantern - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Lantern',
        snippet: 'A lantern is an often portable source of lighting.',
        date: 'March 3, 2025',
      },
      {
        title: 'فانوس - ويكيبيديا',
        url: 'https://ar.wikipedia.org/wiki/%D9%81%D8%A7%D9%86%D9%88%D8%B3',
        snippet: 'الفانوس أداة إنارة.',
        date: '2 days ago',
      },
    ]);
  });
});
