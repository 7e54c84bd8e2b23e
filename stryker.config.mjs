// @ts-check
/**
 * Mutation testing (`npm run mutate`, not part of `npm test` or CI: it takes tens of minutes on
 * two cores) of the modules where a bug that no test notices is a lie told to the user or a hole
 * in a defence: citation checking, the fetch address policy and the connections it guards, the
 * local API's guard and the web UI's session, and Google's block-page classification.
 * Scores are recorded in docs/benchmarks.md, the surviving mutants in docs/lab/benchmarks-history.md.
 */
import { fileURLToPath } from 'node:url';

// The sandbox is a copy of the tree under .stryker-tmp/, so ../shared/data is not beside it.
process.env.LANTERN_SHARED_DATA ??= fileURLToPath(new URL('../shared/data', import.meta.url));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate: [
    'src/main/answer/check-citations.ts',
    'src/main/fetch/url-policy.ts',
    'src/main/fetch/guarded-connect.ts',
    'src/main/doors/http/guard.ts',
    'src/main/doors/http/web-ui.ts',
    // The constant-time comparison that decides a session cookie (and a bearer token).
    'src/main/settings/api-token.ts:51-55',
    // Classification only: the request builder and the parser have tests of their own.
    'src/main/search/engines/google.ts:43-190',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 85, low: 85, break: null },
  // Some fetch-guard tests wait out short limits on purpose; a mutant's test run gets that much slack.
  timeoutMS: 10_000,
};
