import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * What both end-to-end suites (tests/ui, tests/electron) share: one test at a time (two cores, and
 * each file starts its own servers or app), no retries, generous timeouts for a busy machine, and
 * a JSON report under out/ that scripts/test.mjs counts. `name` names the report and output folder.
 */
export function serialSuite(name: string): PlaywrightTestConfig {
  return {
    testDir: '.',
    testMatch: '*.spec.ts',
    workers: 1,
    fullyParallel: false,
    forbidOnly: Boolean(process.env.CI),
    retries: 0,
    timeout: 180_000,
    expect: { timeout: 45_000 },
    outputDir: `../../out/${name}-test-output`,
    reporter: [['list'], ['json', { outputFile: `../../out/${name}-test-results.json` }]],
  };
}
