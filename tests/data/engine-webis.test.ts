import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { baidu } from '../../src/main/search/engines/baidu';
import { bing } from '../../src/main/search/engines/bing';
import { brave } from '../../src/main/search/engines/brave';
import { mean, scorePage } from '../support/serp-eval';
import { sharedData } from '../support/shared-data';
import { webisEntries, webisExpected } from '../support/webis';

/**
 * Score floors over the Webis archive-query-log captures of each engine (recall, precision and
 * titles against the data set's approved result lists). The engines' behaviour on single recorded
 * pages is tested in tests/unit/engine-*.test.ts.
 */

function page(html: string, finalUrl: string): PageSnapshot {
  return { finalUrl, status: 200, html, title: '' };
}

describe('baidu on the webis recorded pages', () => {
  const entries = webisEntries('baidu');

  it('finds ≥ 90% of the expected URLs with ≥ 90% precision', () => {
    expect(entries.length).toBe(9);
    const recalls: number[] = [];
    const precisions: number[] = [];
    let redirects = 0;
    let expectedCount = 0;
    for (const entry of entries) {
      const snapshot = page(readFileSync(sharedData('serp', entry.html), 'utf8'), entry.original_url);
      expect(baidu.classify(snapshot).state, entry.html).toBe('results');
      const expected = webisExpected(entry);
      // These 2019 captures carry no `mu`: the expectations (and the parser) use the link?url= redirects.
      redirects += expected.filter((e) => e.url.startsWith('http://www.baidu.com/link?url=')).length;
      expectedCount += expected.length;
      const score = scorePage(expected, baidu.parse(snapshot).results);
      recalls.push(score.recall);
      precisions.push(score.precision);
    }
    const recall = mean(recalls);
    const precision = mean(precisions);
    console.log(
      `baidu webis: ${entries.length} pages, mean recall ${recall.toFixed(3)}, mean precision ${precision.toFixed(3)}`,
    );
    expect(redirects).toBe(expectedCount);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.9);
  });
});

describe('bing on the webis recorded pages', () => {
  const entries = webisEntries('bing');

  it('finds ≥ 90% of the expected URLs with ≥ 90% precision on the web-search pages', () => {
    expect(entries.length).toBe(28);
    const recalls: number[] = [];
    const precisions: number[] = [];
    let titlesEqual = 0;
    let matched = 0;
    for (const entry of entries) {
      const snapshot = page(readFileSync(sharedData('serp', entry.html), 'utf8'), entry.original_url);
      const state = bing.classify(snapshot);
      if (new URL(entry.original_url).pathname !== '/search') {
        // Two captures are Bing Images pages: another vertical, which the web engine refuses.
        expect(state.state).toBe('unexpected');
        continue;
      }
      expect(state.state, entry.html).toBe('results');
      const expected = webisExpected(entry);
      const score = scorePage(expected, bing.parse(snapshot).results);
      recalls.push(score.recall);
      precisions.push(score.precision);
      titlesEqual += score.titlesEqual;
      matched += score.matched;
    }
    const recall = mean(recalls);
    const precision = mean(precisions);
    console.log(
      `bing webis: ${recalls.length} web pages, mean recall ${recall.toFixed(3)}, mean precision ${precision.toFixed(3)}, titles equal ${titlesEqual}/${matched}`,
    );
    expect(recalls.length).toBe(26);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(titlesEqual / matched).toBeGreaterThanOrEqual(0.9);
  });
});

describe('brave on the webis recorded pages', () => {
  const entries = webisEntries('brave');

  it('finds ≥ 90% of the expected URLs with ≥ 90% precision', () => {
    expect(entries.length).toBe(49);
    const recalls: number[] = [];
    const precisions: number[] = [];
    let titlesEqual = 0;
    let matched = 0;
    for (const entry of entries) {
      const snapshot = page(readFileSync(sharedData('serp', entry.html), 'utf8'), entry.original_url);
      expect(brave.classify(snapshot).state, entry.html).toBe('results');
      const expected = webisExpected(entry);
      const score = scorePage(expected, brave.parse(snapshot).results);
      recalls.push(score.recall);
      precisions.push(score.precision);
      titlesEqual += score.titlesEqual;
      matched += score.matched;
    }
    const recall = mean(recalls);
    const precision = mean(precisions);
    console.log(
      `brave webis: ${entries.length} pages, mean recall ${recall.toFixed(3)}, mean precision ${precision.toFixed(3)}, titles equal ${titlesEqual}/${matched}`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(titlesEqual / matched).toBeGreaterThanOrEqual(0.9);
  });
});
