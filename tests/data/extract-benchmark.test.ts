/**
 * A quick slice of the extraction benchmark (bench/extract/run.ts runs the full sets): 40 pages
 * of each data set, scored with the data set's own metric, must stay above a floor.
 */
import { describe, expect, it } from 'vitest';
import { loadDataset, readHtml, readServedHtml, type WcxbPage } from '../../bench/extract/datasets.js';
import {
  aebScores,
  segmentMatch,
  segmentScores,
  shingleMatch,
  wcxbScores,
  wordScore,
} from '../../bench/extract/metrics.js';
import { extractHtml } from '../../src/main/extract';
import { sharedData, sharedDataAvailable } from '../support/shared-data.js';

const SAMPLE = 40;

describe.skipIf(!sharedDataAvailable())('extractor on a sample of the benchmarks', () => {
  it(`scores article-extraction-benchmark (first ${SAMPLE} pages) above the floor`, () => {
    const dataset = loadDataset(sharedData('extraction', 'article-extraction-benchmark'), SAMPLE);
    if (dataset.format !== 'aeb') throw new Error('expected the article-extraction-benchmark layout');
    const counts = dataset.pages.map((p) => shingleMatch(p.truth, extractHtml(readHtml(p.htmlPath), p.url).text));
    const scores = aebScores(counts);
    console.log(
      `AEB sample: F1 ${scores.f1.toFixed(3)} P ${scores.precision.toFixed(3)} R ${scores.recall.toFixed(3)}`,
    );
    expect(scores.pages).toBe(SAMPLE);
    expect(scores.f1).toBeGreaterThanOrEqual(0.955);
  });

  it(`scores WCXB dev (${SAMPLE} pages spread over the set) above the floor`, () => {
    const dataset = loadDataset(sharedData('extraction', 'wcxb-dev'));
    if (dataset.format !== 'wcxb') throw new Error('expected the WCXB layout');
    const step = Math.floor(dataset.pages.length / SAMPLE);
    const sample = Array.from({ length: SAMPLE }, (_, i) => dataset.pages[i * step] as WcxbPage);
    const results = sample.map((p) => ({
      ...wordScore(extractHtml(readHtml(p.htmlPath), p.url).text, p.truth),
      pageType: p.pageType,
      found: undefined,
      kept: undefined,
    }));
    const { overall, byType } = wcxbScores(results);
    console.log(
      `WCXB sample: F1 ${overall.f1.toFixed(3)} P ${overall.precision.toFixed(3)} R ${overall.recall.toFixed(3)}; types ${Object.keys(byType).join(', ')}`,
    );
    expect(Object.keys(byType).length).toBeGreaterThanOrEqual(4);
    expect(overall.f1).toBeGreaterThanOrEqual(0.83);
  });

  it(`scores trafilatura-eval-dev (first ${SAMPLE} pages) above the floor`, () => {
    const dataset = loadDataset(sharedData('extraction', 'trafilatura-eval-dev'), SAMPLE);
    if (dataset.format !== 'trafilatura') throw new Error("expected trafilatura's evaluation layout");
    const counts = dataset.pages.map((p) =>
      segmentMatch(extractHtml(readServedHtml(p.htmlPath), p.url).text, p.with, p.without),
    );
    const scores = segmentScores(counts);
    console.log(
      `trafilatura-eval sample: F ${scores.f1.toFixed(3)} P ${scores.precision.toFixed(3)} R ${scores.recall.toFixed(3)}`,
    );
    expect(scores.pages).toBe(SAMPLE);
    expect(scores.f1).toBeGreaterThanOrEqual(0.83);
  });
});
