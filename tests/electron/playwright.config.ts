/**
 * The desktop app's end-to-end tests: @playwright/test running the built app (out/main/index.js,
 * `npm run build:app`) in Electron through playwright-core's `_electron`, under Xvfb where there
 * is no display. `npm run test:electron` runs them where Electron's binary exists
 * (node_modules/electron/dist, or ELECTRON_OVERRIDE_DIST_PATH); elsewhere `npm test` lists them
 * and counts them as skipped (scripts/test.mjs).
 */
import { defineConfig } from '@playwright/test';
import { serialSuite } from '../support/playwright-suite';

// One app at a time: it holds a single-instance lock and a search window of its own.
export default defineConfig(serialSuite('electron'));
