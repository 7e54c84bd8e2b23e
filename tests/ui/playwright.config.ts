/**
 * The UI's end-to-end tests: @playwright/test driving the system Chromium (never a downloaded
 * browser) against web mode (`lantern serve`'s UI) on the loopback fixture web. `npm test` runs
 * them after Vitest, under xvfb-run where there is no display (the CAPTCHA window is headed).
 */
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Two cores shared with other work: one browser at a time; each file starts its own servers.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 45_000 },
  outputDir: '../../out/ui-test-output',
  reporter: [['list'], ['json', { outputFile: '../../out/ui-test-results.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChrome(), args: chromiumArgs() },
    viewport: { width: 1280, height: 860 },
    actionTimeout: 30_000,
  },
});
