import { defineConfig } from 'vitest/config';
import IntegrationFirstSequencer from './tests/support/integration-first-sequencer';

/**
 * Three projects, each a folder of tests/ (`--project <name>` runs one, a path filter still works:
 * `vitest run tests/unit`):
 * - unit: pure code, and behaviour on single recorded pages of ../shared/data;
 * - integration: real Chromium, SQLite, HTTP servers on 127.0.0.1 and the built CLI;
 * - data: benchmark-like checks over whole data sets of ../shared/data (score floors, the QA
 *   set's check, every recorded Google page read in Chromium), seconds to a minute of CPU each;
 *   they run in CI beside the others, after the integration files
 *   (tests/support/integration-first-sequencer.ts).
 */
export default defineConfig({
  test: {
    // Three test files at a time on two cores: the integration files wait mostly on Chromium,
    // servers and spawned CLIs, so a third keeps the cores busy, and on a machine busy with other
    // work each worker holds a share of the CPU.
    maxWorkers: 3,
    // The files of a worker share its modules instead of importing them again each (Vitest's
    // isolate): importing the app's modules was a third of the suite's CPU time (`import` in
    // Vitest's summary), about 35 % of integration's and 60 % of unit's CPU with it off. A test
    // file therefore owns no module-level state: it sets what it needs in its own hooks.
    isolate: false,
    sequence: { sequencer: IntegrationFirstSequencer },
    // A test's timeout is a net for a hang, not a bound on speed: a loaded machine (CI beside other
    // work) runs a test several times slower than a quiet one, and a test of ten real page loads
    // took 14 s quiet and 32 s in the six-burner soak. A hang still fails, two minutes later.
    testTimeout: 120_000,
    hookTimeout: 120_000,
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
