/**
 * The app in web mode over the nomad web (tests/support/nomad-web.ts: a results page that
 * suggests nothing), with a wide page logged in: what a spec on compound questions or
 * comparisons starts from.
 */
import type { Browser, Page } from '@playwright/test';
import { startNomadWeb } from '../../support/nomad-web';
import { WIDE } from './ui-checks';
import { startWebMode } from './web-mode';

export interface NomadMode {
  page: Page;
  close(): Promise<void>;
}

export async function startNomadMode(browser: Browser): Promise<NomadMode> {
  const nomads = await startNomadWeb();
  const web = await startWebMode({ engine: nomads.origin, searchPacing: { minGapMs: 0, jitterMs: 0 } });
  const page = await (await browser.newContext({ viewport: WIDE })).newPage();
  await page.goto(web.loginUrl());
  return {
    page,
    async close() {
      await page.context().close();
      await web.close();
      await nomads.close();
    },
  };
}
