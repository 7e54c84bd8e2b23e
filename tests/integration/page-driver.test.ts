/**
 * The shared page driver on real Chromium through playwright's CDP session: both settle paths
 * (the parser past a complete container's end while the document still loads; a ready marker in
 * a parsed page, after the load event's grace), the snapshot, status and Retry-After, the
 * follow-up click (navigating and not), request filtering, the render fallback's network-idle
 * wait, and every way a load ends badly.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playwrightCdp } from '../../src/main/browser/cdp-session';
import { LoadBudget } from '../../src/main/browser/load-budget';
import { PageDriver, type PageDriverOptions } from '../../src/main/browser/page-driver';
import type { PageActionOutcome } from '../../src/main/browser/page-loader';
import { errorOf } from '../support/error-of';
import { startBrowserAndSite } from '../support/chromium-browser';
import type { DriverSite } from '../support/driver-site';
import { ManualClock } from '../support/manual-clock';
import { waitFor } from '../support/wait-for';

let browser: Browser;
let site: DriverSite;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ browser, site, close } = await startBrowserAndSite());
});
afterAll(async () => close?.());

async function driverOnNewTab(options: PageDriverOptions = {}): Promise<{ driver: PageDriver; page: Page }> {
  const page = await browser.newPage();
  const driver = await PageDriver.attach(playwrightCdp(await page.context().newCDPSession(page)), options);
  return { driver, page };
}

/**
 * A budget far past every stage of a load that succeeds: no passing test waits for it, and none
 * may run out of it on a busy machine. Tests of a budget running out use a ManualClock instead.
 */
const budget = (path: string, timeoutMs = 60_000, signal?: AbortSignal, clock?: ManualClock): LoadBudget =>
  new LoadBudget(`${site.origin}${path}`, timeoutMs, { signal, clock });

/** Whether the tab's document is `readyState` and has `selector` (asked through playwright's own session). */
const documentIs = (page: Page, readyState: DocumentReadyState, selector: string): Promise<boolean> =>
  page.evaluate(([state, wanted]) => document.readyState === state && document.querySelector(wanted) !== null, [
    readyState,
    selector,
  ] as const);

describe('PageDriver.load on real Chromium', () => {
  it('reads a page once the parser is past its results container, while the document is still loading', async () => {
    const { driver } = await driverOnNewTab();
    const { page } = await driver.load(`${site.origin}/open-ended`, budget('/open-ended'), {
      readySelectors: ['#never'],
      completeSelectors: ['#rso'],
      graceMs: 100,
    });
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page).toMatchObject({ status: 200, title: 'open', finalUrl: `${site.origin}/open-ended` });
  });

  it('waits for the end of every complete container begun, not only the first one ended', async () => {
    // #rso has ended and #botstuff has begun when the page's script asks for the rest.
    const { driver } = await driverOnNewTab();
    const { page } = await driver.load(`${site.origin}/results-then-related`, budget('/results-then-related'), {
      readySelectors: ['#never'],
      completeSelectors: ['#rso', '#botstuff'],
      graceMs: 100,
    });
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page.html).toContain('related two');
  });

  it('waits for a trailing container not begun yet when the complete ones end, and reads the page with it', async () => {
    // The parser is past #rso and paused at the end of what was sent (the bottom ads) before #botstuff
    // begins. The wait is far beyond the test's own: only #botstuff's arrival can end it in time.
    const { driver } = await driverOnNewTab();
    const options = {
      readySelectors: ['#never'],
      completeSelectors: ['#rso', '#botstuff'],
      trailingSelectors: ['#botstuff'],
      trailingWaitMs: 600_000,
      graceMs: 100,
    };
    const { page } = await driver.load(
      `${site.origin}/results-then-later-related`,
      budget('/results-then-later-related'),
      options,
    );
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page.html).toContain('related later');
  });

  it('waits for a trailing container only so long: a page without one is read when the wait is over', async () => {
    // The document never ends and has no #botstuff: only the bounded wait can end this load before its budget.
    const { driver } = await driverOnNewTab();
    const options = {
      readySelectors: ['#never'],
      completeSelectors: ['#rso'],
      trailingSelectors: ['#botstuff'],
      trailingWaitMs: 100,
      graceMs: 100,
    };
    const { page } = await driver.load(`${site.origin}/open-ended`, budget('/open-ended', 60_000), options);
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page.html).not.toContain('botstuff');
  });

  it('without a complete container, waits for the parsed page and the load event before reading it', async () => {
    // The same never-ending document never becomes ready by ready selectors alone. Its budget
    // ends once the tab holds #rso while still parsing: the driver has had the navigation's
    // answer by then (it comes before anything of the document, on the same connection), so it
    // waits to settle, and only the test's clock can end that wait.
    const { driver, page } = await driverOnNewTab();
    const clock = new ManualClock();
    const loading = errorOf(
      driver.load(`${site.origin}/open-ended`, budget('/open-ended', 1500, undefined, clock), {
        readySelectors: ['#rso'],
        graceMs: 100,
      }),
    );
    await expect.poll(() => documentIs(page, 'loading', '#rso'), { timeout: 30_000 }).toBe(true);
    clock.advance(1500);
    const error = await loading;
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      details: { stage: 'waiting for the page to settle', timeoutMs: 1500 },
    });
    expect(error.message).toContain('still being parsed, with #rso present');
  });

  it('after the load event, gives scripts the grace to add a ready marker and reads the page then', async () => {
    const { driver } = await driverOnNewTab();
    const { page } = await driver.load(`${site.origin}/late-marker`, budget('/late-marker'), {
      readySelectors: ['#rso'],
      graceMs: 5000,
    });
    expect(page.html).toContain('late results');
  });

  it('hands back the page as it is when no marker comes within the grace after the load event', async () => {
    const { driver } = await driverOnNewTab();
    const { page, reusable } = await driver.load(`${site.origin}/plain`, budget('/plain'), {
      readySelectors: ['#rso'],
      graceMs: 100,
    });
    expect(page.html).toContain('nothing to wait for');
    expect(reusable).toBe(true);
  });

  it('snapshots without scripts, styles or inline image bytes', async () => {
    const { driver } = await driverOnNewTab();
    const { page } = await driver.load(`${site.origin}/heavy`, budget('/heavy'), {
      readySelectors: ['#rso'],
      graceMs: 100,
    });
    expect(page.html).toContain('kept text');
    expect(page.html).not.toContain('script body');
    expect(page.html).not.toContain('color: red');
    expect(page.html).not.toContain('AAAA');
    expect(page.html.startsWith('<!DOCTYPE html>')).toBe(true);
  });

  it("tells the main document's status and Retry-After", async () => {
    const { driver } = await driverOnNewTab();
    const { page } = await driver.load(`${site.origin}/too-many`, budget('/too-many'), {
      readySelectors: ['#rso'],
      graceMs: 100,
    });
    expect(page).toMatchObject({ status: 429, retryAfterMs: 120_000 });
  });

  it('clicks a follow-up button once it shows, and reads the page the click led to', async () => {
    const { driver } = await driverOnNewTab();
    const outcomes: PageActionOutcome[] = [];
    let asked = 0;
    const { page, reusable } = await driver.load(`${site.origin}/wall`, budget('/wall'), {
      readySelectors: ['#rso', '#wall'],
      graceMs: 100,
      followUp: (seen) => {
        asked++;
        return seen.html.includes('Before you continue')
          ? { click: ['#missing', '#accept'], done: (outcome) => outcomes.push(outcome) }
          : undefined;
      },
    });
    expect(outcomes).toEqual([{ clicked: '#accept' }]);
    expect(asked).toBe(1);
    expect(page).toMatchObject({ finalUrl: `${site.origin}/results`, status: 200, title: 'results' });
    expect(page.html).toContain('<h3>One</h3>');
    expect(reusable).toBe(true);
    expect(site.requests).toContain('/wall-save');
  });

  it('counts a click that only removes the wall in the same document', async () => {
    const { driver } = await driverOnNewTab();
    const outcomes: PageActionOutcome[] = [];
    const { page } = await driver.load(`${site.origin}/overlay`, budget('/overlay'), {
      readySelectors: ['#rso'],
      graceMs: 100,
      followUp: () => ({ click: ['#accept'], done: (outcome) => outcomes.push(outcome) }),
    });
    expect(outcomes).toEqual([{ clicked: '#accept' }]);
    expect(page.html).not.toContain('id="wall"');
  });

  it('reports a follow-up whose button never shows, and keeps the page it had', async () => {
    const { driver } = await driverOnNewTab();
    const outcomes: PageActionOutcome[] = [];
    const { page, reusable } = await driver.load(`${site.origin}/plain`, budget('/plain'), {
      readySelectors: ['p'],
      graceMs: 100,
      followUp: () => ({ click: ['#nowhere'], done: (outcome) => outcomes.push(outcome) }),
    });
    expect(outcomes).toEqual([{ failed: 'none of #nowhere is visible in the page' }]);
    expect(page.title).toBe('plain');
    expect(reusable).toBe(false);
  });

  it('asks allowRequest about every request, and a refused one is never sent', async () => {
    const { driver } = await driverOnNewTab({ allowRequest: ({ url }) => !url.endsWith('/refused.js') });
    const { page } = await driver.load(`${site.origin}/with-script`, budget('/with-script'), {
      readySelectors: ['#never'],
      graceMs: 300,
    });
    expect(site.requests).toContain('/allowed.js');
    expect(site.requests).not.toContain('/refused.js');
    // The snapshot drops scripts, not the attributes they set.
    expect(page.html).toContain('data-allowed="ran"');
    expect(page.html).not.toContain('data-refused');
  });

  it('names the stage and the selectors when the page does not settle in time', async () => {
    // /plain is parsed and loaded at once but never has #rso, and the grace after its load event
    // is longer than the budget: the budget ends (on the test's clock) once the tab has the whole
    // page, while the driver waits for it to settle.
    const { driver, page } = await driverOnNewTab();
    const clock = new ManualClock();
    const loading = errorOf(
      driver.load(`${site.origin}/plain`, budget('/plain', 10_000, undefined, clock), {
        readySelectors: ['#rso'],
        completeSelectors: ['#rso'],
        graceMs: 60_000,
      }),
    );
    await expect.poll(() => documentIs(page, 'complete', 'p'), { timeout: 30_000 }).toBe(true);
    clock.advance(10_000);
    const error = await loading;
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('within 10000 ms (stage: waiting for the page to settle)');
    expect(error.message).toContain('parsed (complete), with none of them present');
  });

  it('says TIMEOUT waiting for the page to respond when no response comes', async () => {
    // The tab is set up before the budget; /hang never answers, so the budget (ended by the
    // test once the site holds the request) can only end while waiting for the response.
    const { driver } = await driverOnNewTab();
    const clock = new ManualClock();
    const asked = site.requests.length;
    const loading = errorOf(
      driver.load(`${site.origin}/hang`, budget('/hang', 800, undefined, clock), {
        readySelectors: ['#rso'],
        graceMs: 100,
      }),
    );
    await waitFor(() => (site.requests.slice(asked).includes('/hang') ? true : undefined), 30_000);
    clock.advance(800);
    expect(await loading).toMatchObject({
      code: 'TIMEOUT',
      details: { stage: 'waiting for the page to respond', timeoutMs: 800 },
    });
  });

  it('says ENGINE_UNREACHABLE with the network error when nothing listens', async () => {
    const { driver } = await driverOnNewTab();
    const error = await errorOf(
      driver.load('http://127.0.0.1:9/', new LoadBudget('http://127.0.0.1:9/', 5000), {
        readySelectors: ['#rso'],
        graceMs: 100,
      }),
    );
    expect(error).toMatchObject({ code: 'ENGINE_UNREACHABLE', details: { netError: expect.stringMatching(/^ERR_/) } });
  });

  it('ends at once with CANCELLED when the caller cancels', async () => {
    const { driver } = await driverOnNewTab();
    const controller = new AbortController();
    const asked = site.requests.length;
    const loading = driver.load(`${site.origin}/hang`, budget('/hang', 60_000, controller.signal), {
      readySelectors: ['#rso'],
      graceMs: 100,
    });
    // Cancelled while the site holds the page; the 60 s budget is longer than the test may run.
    await waitFor(() => (site.requests.slice(asked).includes('/hang') ? true : undefined), 30_000);
    controller.abort();
    expect((await errorOf(loading)).code).toBe('CANCELLED');
  });

  it('ends at once when the tab crashes', async () => {
    const { driver, page } = await driverOnNewTab();
    const loading = driver.load(`${site.origin}/hang`, budget('/hang', 60_000), {
      readySelectors: ['#rso'],
      graceMs: 100,
    });
    page.on('crash', () => driver.fail(new Error('the page crashed')));
    await page.goto('chrome://crash').catch(() => undefined);
    expect((await errorOf(loading)).code).toBe('ENGINE_UNREACHABLE');
  });

  it('loads page after page in the same tab', async () => {
    const { driver } = await driverOnNewTab();
    for (const path of ['/plain', '/results', '/plain']) {
      const { page } = await driver.load(`${site.origin}${path}`, budget(path), {
        readySelectors: ['#rso', 'p'],
        graceMs: 100,
      });
      expect(page.finalUrl).toBe(`${site.origin}${path}`);
    }
  });
});

describe('PageDriver.render on real Chromium', () => {
  it('waits for the network to go idle after load, so what scripts fetch is in', async () => {
    const { driver } = await driverOnNewTab();
    const page = await driver.render(`${site.origin}/fetches-late`, budget('/fetches-late'), {
      loadWaitMs: 5000,
      networkIdleWaitMs: 5000,
    });
    expect(page.html).toContain('the article text');
    expect(page).toMatchObject({ status: 200, title: 'spa' });
  });

  it('reads what is there when the network does not go idle within its wait', async () => {
    const { driver } = await driverOnNewTab();
    const page = await driver.render(`${site.origin}/fetches-forever`, budget('/fetches-forever', 30_000), {
      loadWaitMs: 5000,
      networkIdleWaitMs: 500,
    });
    expect(page.html).toContain('loading…');
  });
});
