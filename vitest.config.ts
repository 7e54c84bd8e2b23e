import { defineConfig } from 'vitest/config';
import IntegrationFirstSequencer from './tests/support/integration-first-sequencer';

/**
 * Three projects, each a folder of tests/ (`--project <name>` runs one, a path filter still works:
 * `vitest run tests/unit`):
 * - unit: pure code, and behaviour on single recorded pages of ../shared/data;
 * - integration: real Chromium, SQLite, HTTP servers on 127.0.0.1 and the built CLI;
 * - data: benchmark-like checks over whole data sets of ../shared/data (score floors, the QA
 *   set's check), seconds of CPU each; they run in CI beside the others.
 */
export default defineConfig({
  test: {
    // Integration tests launch real Chromium; two cores, so keep parallelism modest.
    maxWorkers: 2,
    sequence: { sequencer: IntegrationFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // An unhandled rejection fails the test that was running when it surfaced, by name.
    setupFiles: ['./tests/support/unhandled-rejections.ts'],
    reporters: ['default', './tests/support/count-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
      { extends: true, test: { name: 'data', include: ['tests/data/**/*.test.ts'] } },
    ],
  },
});
