/**
 * The built renderer (out/renderer, electron-vite) over the real ResearchService, in plain
 * Chromium: what the React UI shows for results, for an engine error and for an empty query.
 *
 * Not covered here: `window.lantern` is a Playwright binding installed by the test, calling
 * ResearchService directly. The preload, the IPC channels and their handler wrapper, the app://
 * protocol and its Content-Security-Policy are all bypassed; a break in any of them passes this
 * test. The real-transport end-to-end test comes with the UI work.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../src/shared/errors';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { createNodeRuntime } from '../../src/main/node-runtime';
import type { ResearchService } from '../../src/main/service';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { PROJECT_ROOT } from '../support/run-cli';
import { serveFolder } from '../support/static-server';

const RENDERER = join(PROJECT_ROOT, 'out/renderer');
const SCREENSHOTS = join(PROJECT_ROOT, 'out/screenshots');

let web: FixtureWeb;
let ui: { origin: string; close: () => Promise<void> };
let browser: Browser;
let research: ResearchService;

beforeAll(async () => {
  assertBuiltFromCurrentSources(PROJECT_ROOT, 'out/renderer/index.html', ['src/renderer', 'src/shared'], 'npm run build:app');
  mkdirSync(SCREENSHOTS, { recursive: true });
  web = await startFixtureWeb();
  ui = await serveFolder(RENDERER);
  research = createNodeRuntime({
    pageTimeoutMs: 30_000,
    env: { ...process.env, LANTERN_ENGINE_URL_GOOGLE: web.origin, LANTERN_DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-test-')) },
  });
  browser = await chromium.launch({ executablePath: findChrome(), args: chromiumArgs() });
});

afterAll(async () => {
  await browser?.close();
  await research?.close();
  await ui?.close();
  await web?.close();
});

async function openUi(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await page.exposeBinding('__lanternSearch', async (_source, request: unknown) => {
    try {
      return { ok: true, value: await research.search(request as { query: string }) };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    }
  });
  await page.addInitScript(() => {
    const call = (window as unknown as { __lanternSearch: (r: unknown) => Promise<unknown> }).__lanternSearch;
    // The bridge's search channel (src/shared/ipc.ts): a call id and the request.
    Object.defineProperty(window, 'lantern', { value: { 'search:run': ({ input }: { input: unknown }) => call(input), onAnswerEvent: () => () => undefined } });
  });
  await page.goto(ui.origin);
  return page;
}

describe('the renderer over ResearchService, through a test binding (no preload, IPC or CSP)', () => {
  it('searches and shows numbered results with title, source and snippet', async () => {
    const page = await openUi();
    await page.getByLabel('Search').fill('coffee');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.result').first().waitFor();
    const results = page.locator('.result');
    expect(await results.count()).toBe(10);
    const first = results.first();
    expect((await first.locator('a').textContent())?.trim()).not.toBe('');
    expect(await first.locator('a').getAttribute('href')).toMatch(/^https?:\/\//);
    expect((await first.locator('.source').textContent())?.trim()).toMatch(/\./);
    await expect.poll(() => page.locator('.status').textContent()).toMatch(/10 results from google in \d+ ms/);
    await page.screenshot({ path: join(SCREENSHOTS, 'search-results.png'), fullPage: false });
  });

  it('shows a blocked search as its error code and message, not as an empty list', async () => {
    const page = await openUi();
    await page.getByLabel('Search').fill(FIXTURE_QUERIES.captcha);
    await page.getByRole('button', { name: 'Search' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('CAPTCHA_REQUIRED');
    expect(await page.locator('.result').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'search-captcha.png') });
  });

  it('keeps the Search button disabled for an empty query', async () => {
    const page = await openUi();
    expect(await page.getByRole('button', { name: 'Search' }).isDisabled()).toBe(true);
    await page.getByLabel('Search').fill('   ');
    expect(await page.getByRole('button', { name: 'Search' }).isDisabled()).toBe(true);
  });
});
