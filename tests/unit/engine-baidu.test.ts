import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baidu, baiduTargetUrl } from '../../src/main/search/engines/baidu';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { sharedData } from '../support/shared-data';
import { webisEntries } from '../support/webis';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/engines');
const RESULTS_URL = 'https://www.baidu.com/s?wd=x';

function page(html: string, finalUrl = RESULTS_URL, status = 200, title = ''): PageSnapshot {
  return { finalUrl, status, html, title };
}
function fixture(name: string, finalUrl = RESULTS_URL): PageSnapshot {
  return page(readFileSync(join(FIXTURES, name), 'utf8'), finalUrl);
}

describe('baidu.buildRequest', () => {
  afterEach(() => vi.useRealTimers());

  it('builds www.baidu.com/s?wd= with rn=10 and encodes any script as UTF-8', () => {
    for (const query of ['灯笼 历史', 'فانوس ورقي', 'lantern 🔦 & "quotes"']) {
      const url = new URL(baidu.buildRequest({ query, offset: 0 }));
      expect(url.origin + url.pathname).toBe('https://www.baidu.com/s');
      expect(url.searchParams.get('wd')).toBe(query);
      expect(url.searchParams.get('ie')).toBe('utf-8');
      expect(url.searchParams.get('rn')).toBe('10');
      expect(url.searchParams.has('pn')).toBe(false);
    }
    expect(baidu.buildRequest({ query: '灯笼', offset: 0 })).toContain('wd=%E7%81%AF%E7%AC%BC');
  });

  it('pages with pn = offset', () => {
    expect(new URL(baidu.buildRequest({ query: 'x', offset: 30 })).searchParams.get('pn')).toBe('30');
  });

  it('restricts the time range with gpc=stf=<from>,<now>', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T00:00:00Z')); // 1740787200 s
    const url = new URL(baidu.buildRequest({ query: 'x', offset: 0, timeRange: 'week' }));
    expect(url.searchParams.get('gpc')).toBe(`stf=${1740787200 - 7 * 86400},1740787200|stftype=1`);
  });

  it('uses the origin override (LANTERN_ENGINE_URL_BAIDU)', () => {
    expect(baidu.buildRequest({ query: '灯', offset: 10 }, 'http://127.0.0.1:4567')).toBe(
      'http://127.0.0.1:4567/s?wd=%E7%81%AF&ie=utf-8&rn=10&pn=10',
    );
  });
});

describe('baidu.classify', () => {
  it('reports the security check ("百度安全验证") as captcha by URL, title, or markers', () => {
    const onWappass = baidu.classify(
      fixture(
        'baidu-security-check.html',
        'https://wappass.baidu.com/static/captcha/tuxing.html?&ak=x&backurl=https%3A%2F%2Fwww.baidu.com%2Fs%3Fwd%3Dx',
      ),
    );
    expect(onWappass.state).toBe('captcha');
    expect(onWappass.reason).toContain('wappass.baidu.com');
    const inPlace = baidu.classify(fixture('baidu-security-check.html'));
    expect(inPlace).toEqual({ state: 'captcha', reason: 'title is "百度安全验证" (Baidu security check)' });
    const spin = baidu.classify(fixture('baidu-spin-captcha.html'));
    expect(spin.state).toBe('captcha');
    expect(spin.reason).toContain('vcode');
  });

  it('tells results, no results and unknown pages apart', () => {
    const recorded = page(readFileSync(sharedData('serp', 'recorded-2021', 'baidu-Hello-synopsis-0.html'), 'utf8'));
    expect(baidu.classify(recorded).state).toBe('results');
    expect(baidu.classify(fixture('baidu-no-results.html'))).toEqual({
      state: 'no-results',
      reason: 'no-results notice .nors',
    });
    expect(baidu.classify(page('', 'about:blank')).state).toBe('unexpected');
    expect(baidu.classify(page('<html><body><p>百度一下</p></body></html>')).state).toBe('unexpected');
    expect(baidu.classify(page('\u0000\u0001 garbage')).state).toBe('unexpected');
  });
});

describe('baidu on the webis recorded pages', () => {
  const entries = webisEntries('baidu');

  it('moves the "2018年4月25日 -" date out of the snippet', () => {
    const entry = entries[0]!;
    const results = baidu.parse(page(readFileSync(sharedData('serp', entry.html), 'utf8'), entry.original_url)).results;
    expect(results[2]?.date).toBe('2018年4月25日');
    expect(results[2]?.snippet).not.toMatch(/^2018年/);
  });
});

describe('baidu.parse', () => {
  it('reads the 8 results of the recorded 2021 page: real targets from mu, no image or video verticals', () => {
    const parsed = baidu.parse(
      page(
        readFileSync(sharedData('serp', 'recorded-2021', 'baidu-Hello-synopsis-0.html'), 'utf8'),
        'https://www.baidu.com/s?wd=Hello',
      ),
    );
    const urls = parsed.results.map((r) => r.url);
    expect(parsed.results).toHaveLength(8);
    for (const url of urls) expect(new URL(url).protocol).toMatch(/^https?:$/);
    expect(urls).toContain('https://baike.baidu.com/item/hello/38467'); // from mu, not the redirect
    expect(urls).toContain('http://music.163.com/song?id=35847388&market=baiduqk'); // from the card's s-data
    expect(urls.some((u) => /image\.baidu\.com|lightapp\.baidu\.com|baidu\.com\/sf\//.test(u))).toBe(false);
    expect(parsed.results.map((r) => r.title)).toContain('hello(词语释义) - 百度百科');
    expect(parsed.relatedSearches).toContain('Hello Kitty');
  });

  it('prefers mu / data-tools targets, keeps link?url= otherwise, skips ads and verticals', () => {
    expect(baidu.parse(fixture('baidu-mu-results.html'))).toEqual({
      results: [
        {
          title: '灯笼 - 维基百科，自由的百科全书',
          url: 'https://zh.wikipedia.org/wiki/%E7%87%88%E7%B1%A0',
          snippet: '灯笼是一种照明工具。',
          date: '2023年2月5日',
        },
        {
          title: '灯笼的历史_文化网',
          url: 'http://www.baidu.com/link?url=XyZ789',
          snippet: '灯笼起源于西汉时期。',
          date: '3天前',
        },
        { title: '红灯笼制作教程', url: 'https://www.craft.example/lantern?from=baidu', snippet: '一步一步做灯笼。' },
      ],
      relatedSearches: ['红灯笼', '灯笼制作'],
    });
  });

  it('ignores mu values that are not absolute http(s) URLs', () => {
    const base = 'https://www.baidu.com/s?wd=x';
    expect(baiduTargetUrl(['+t,src=nsclickDomain+'], 'http://www.baidu.com/link?url=a', base)).toBe(
      'http://www.baidu.com/link?url=a',
    );
    expect(baiduTargetUrl(['javascript:void(0)', 'https://real.example/'], undefined, base)).toBe(
      'https://real.example/',
    );
  });
});
