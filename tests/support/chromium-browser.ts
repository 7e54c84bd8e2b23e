import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { startDriverSite, type DriverSite } from './driver-site';

/** A headless system Chromium and the driver test site, for tests that drive tabs themselves. */
export async function startBrowserAndSite(): Promise<{ browser: Browser; site: DriverSite; close(): Promise<void> }> {
  const site = await startDriverSite();
  const browser = await chromium.launch({ executablePath: findChrome(), args: chromiumArgs(), headless: true });
  return {
    browser,
    site,
    async close() {
      await browser.close();
      await site.close();
    },
  };
}
