import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { google } from '../../src/main/search/engines/google';
import { unwrapRedirectUrl } from '../../src/main/search/parse-utils';
import { cleanText, mean, normalizeUrl, scorePage, type PageScore } from '../support/serp-eval';
import { sharedData } from '../support/shared-data';

/**
 * Webis archive-query-log: 56 Google pages (Wayback captures 2019–2022, mostly the basic no-JS
 * layout) with result lists approved by the data set's authors.
 *
 * The bars below sit just under what the parser measures (recall 0.997, precision 1.000,
 * titles 1.000 when written), well above the 0.90 the issue asks, so a regression fails here.
 */
const MIN_MEAN_RECALL = 0.98;
const MIN_MEAN_PRECISION = 0.98;
const MIN_TITLE_SHARE = 0.97;

interface WebisExpected {
  query: string;
  results: Array<{ rank: number; url: string; title: string; snippet: string }>;
}

describe('google.parse on webis/google', () => {
  const dir = sharedData('serp', 'webis', 'google');
  const pages = readdirSync(dir)
    .filter((file) => file.endsWith('.html'))
    .sort();

  it('meets the recall, precision and title bars', () => {
    expect(pages).toHaveLength(56);
    const scores: Array<{ file: string; score: PageScore }> = [];
    for (const file of pages) {
      const html = readFileSync(join(dir, file), 'utf8');
      const expected = JSON.parse(
        readFileSync(join(dir, file.replace(/\.html$/, '.expected.json')), 'utf8'),
      ) as WebisExpected;
      // The basic layout's expectations keep Google's /url?q= wrapper; compare the targets.
      const wanted = expected.results.map((r) => ({ url: unwrapRedirectUrl(r.url), title: r.title }));
      const { results } = google.parse({ finalUrl: 'https://www.google.com/search?q=x', status: 200, html, title: '' });
      const score = scorePage(wanted, results);
      scores.push({ file, score });
      if (score.recall < 1 || score.precision < 1 || score.titlesEqual < score.matched) {
        const got = new Set(results.map((r) => normalizeUrl(r.url)));
        const want = new Map(wanted.map((w) => [normalizeUrl(w.url), w]));
        const missing = wanted.filter((w) => !got.has(normalizeUrl(w.url))).map((w) => w.url.slice(0, 100));
        const extra = results.filter((r) => !want.has(normalizeUrl(r.url))).map((r) => r.url);
        const titles = results
          .filter(
            (r) =>
              want.has(normalizeUrl(r.url)) && cleanText(want.get(normalizeUrl(r.url))!.title) !== cleanText(r.title),
          )
          .map((r) => `${r.title} ≠ ${cleanText(want.get(normalizeUrl(r.url))!.title)}`);
        console.log(
          `webis/google ${file}: recall ${score.recall.toFixed(2)} precision ${score.precision.toFixed(2)} titles ${score.titlesEqual}/${score.matched}`,
          JSON.stringify({ missing, extra, titles }),
        );
      }
    }
    const recall = mean(scores.map((s) => s.score.recall));
    const precision = mean(scores.map((s) => s.score.precision));
    const matched = scores.reduce((sum, s) => sum + s.score.matched, 0);
    const titlesEqual = scores.reduce((sum, s) => sum + s.score.titlesEqual, 0);
    const titleShare = matched === 0 ? 0 : titlesEqual / matched;
    console.log(
      `webis/google: ${pages.length} pages, mean recall ${recall.toFixed(3)}, mean precision ${precision.toFixed(3)}, titles equal ${titlesEqual}/${matched} (${titleShare.toFixed(3)})`,
    );
    expect(recall).toBeGreaterThanOrEqual(MIN_MEAN_RECALL);
    expect(precision).toBeGreaterThanOrEqual(MIN_MEAN_PRECISION);
    expect(titleShare).toBeGreaterThanOrEqual(MIN_TITLE_SHARE);
  });

  it('classifies every webis page as results', () => {
    const states = new Map<string, string>();
    for (const file of pages) {
      const html = readFileSync(join(dir, file), 'utf8');
      const { state, reason } = google.classify({
        finalUrl: 'https://www.google.com/search?q=x',
        status: 200,
        html,
        title: '',
      });
      if (state !== 'results') states.set(file, `${state}: ${reason}`);
    }
    expect(Object.fromEntries(states)).toEqual({});
  });
});
