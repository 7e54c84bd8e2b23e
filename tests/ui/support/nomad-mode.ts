/**
 * The app in web mode over the nomad web (tests/support/nomad-web.ts: a results page that
 * suggests nothing), with a wide page logged in: what a spec on compound questions or
 * comparisons starts from.
 */
import { test, type Browser, type Page } from '@playwright/test';
import { startNomadWeb } from '../../support/nomad-web';
import { WIDE } from './ui-checks';
import { startWebMode } from './web-mode';

interface NomadMode {
  page: Page;
  close(): Promise<void>;
}

async function startNomadMode(browser: Browser): Promise<NomadMode> {
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

/** The nomad mode for the spec's tests, started before them and closed after: its page, once started. */
export function useNomadMode(): () => Page {
  let nomads: NomadMode | undefined;
  test.beforeAll(async ({ browser }) => {
    nomads = await startNomadMode(browser);
  });
  test.afterAll(async () => {
    await nomads?.close();
  });
  return () => {
    if (!nomads) throw new Error('the nomad mode has not started');
    return nomads.page;
  };
}
