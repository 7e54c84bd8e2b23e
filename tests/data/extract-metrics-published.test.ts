import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aebScores, shingleMatch } from '../../bench/extract/metrics.js';
import { sharedData, sharedDataAvailable } from '../support/shared-data.js';

/** The article-extraction-benchmark metric (tests/unit/extract-metrics.test.ts) against the figures its authors published. */
describe.skipIf(!sharedDataAvailable())('extraction metrics against published figures', () => {
  it('reproduces the published article-extraction-benchmark scores of Readability and trafilatura', () => {
    const folder = sharedData('extraction', 'article-extraction-benchmark');
    const truth = JSON.parse(readFileSync(join(folder, 'ground-truth.json'), 'utf8')) as Record<
      string,
      { articleBody: string }
    >;
    const score = (name: string) => {
      const published = JSON.parse(readFileSync(join(folder, 'published-outputs', `${name}.json`), 'utf8')) as {
        output: Record<string, { articleBody?: string }>;
      };
      return aebScores(
        Object.keys(truth).map((id) =>
          shingleMatch(truth[id]?.articleBody ?? '', published.output[id]?.articleBody ?? ''),
        ),
      );
    };
    const readability = score('readability_js');
    expect(readability.f1).toBeCloseTo(0.947, 3);
    expect(readability.precision).toBeCloseTo(0.914, 3);
    expect(readability.recall).toBeCloseTo(0.982, 3);
    expect(readability.accuracy).toBeCloseTo(0.166, 3);
    const trafilatura = score('trafilatura');
    expect(trafilatura.f1).toBeCloseTo(0.958, 3);
    expect(trafilatura.precision).toBeCloseTo(0.938, 3);
    expect(trafilatura.recall).toBeCloseTo(0.978, 3);
    expect(trafilatura.accuracy).toBeCloseTo(0.293, 3);
  });
});
