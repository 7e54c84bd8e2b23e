import { defineConfig } from 'vitest/config';
import IntegrationFirstSequencer from './tests/support/integration-first-sequencer';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Integration tests launch real Chromium; two cores, so keep parallelism modest.
    maxWorkers: 2,
    sequence: { sequencer: IntegrationFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './tests/support/count-reporter.ts'],
  },
});
