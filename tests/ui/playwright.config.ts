/**
 * The UI's end-to-end tests: @playwright/test driving the system Chromium (never a downloaded
 * browser) against web mode (`lantern serve`'s UI) on the loopback fixture web. `npm test` runs
 * them after Vitest, under xvfb-run where there is no display (the CAPTCHA window is headed).
 */
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { serialSuite } from '../support/playwright-suite';
import { WIDE } from './support/ui-checks';

export default defineConfig({
  // Two files at a time, each in a worker of its own: every file starts its own servers (port 0),
  // data dir and search browser, and its tests wait mostly on pages and browsers, not the CPU.
  ...serialSuite('ui', { workers: 2 }),
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChrome(), args: chromiumArgs() },
    // A laptop's window; checkScreen checks each screen at a phone's too.
    viewport: WIDE,
    actionTimeout: 30_000,
  },
});
