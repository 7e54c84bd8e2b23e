import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * What both end-to-end suites (tests/ui, tests/electron) share: each file's tests one at a time,
 * in order (each file starts its own servers or app), one file at a time unless `workers` says
 * more, no retries, generous timeouts for a busy machine, and a JSON report under out/ that
 * scripts/test.mjs counts. `name` names the report and output folder.
 */
export function serialSuite(name: string, options: { workers?: number } = {}): PlaywrightTestConfig {
  return {
    testDir: '.',
    testMatch: '*.spec.ts',
    workers: options.workers ?? 1,
    fullyParallel: false,
    forbidOnly: Boolean(process.env.CI),
    retries: 0,
    timeout: 180_000,
    expect: { timeout: 45_000 },
    outputDir: `../../out/${name}-test-output`,
    reporter: [['list'], ['json', { outputFile: `../../out/${name}-test-results.json` }]],
  };
}
