/**
 * The wait for what trails a results page (Google's related searches in #botstuff), on real
 * Chromium through the page driver, with pages from a loopback server whose tail arrives at a
 * pace the server controls: paced by the parser itself (each part is sent once the browser has
 * parsed the one before), held until the test releases it, or streamed without end.
 *
 * The trailing wait counts time without parser progress, so a slow but progressing tail is read
 * whole, a stalled one is given up on, one that never stops is cut at the wall-time cap, and a
 * budget that ends with only the tail missing reads the page as it is.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { playwrightCdp } from '../../src/main/browser/cdp-session';
import { findChrome } from '../../src/main/browser/find-chrome';
import { LoadBudget } from '../../src/main/browser/load-budget';
import { PageDriver } from '../../src/main/browser/page-driver';
import { errorOf } from '../support/error-of';
import { ManualClock } from '../support/manual-clock';

const RESULTS =
  '<div id="rso"><div class="g"><a href="https://example.com/one"><h3>One</h3></a></div><div class="g"><a href="https://example.com/two"><h3>Two</h3></a></div></div>';
const HEAD = `<!DOCTYPE html><html><head><title>results</title></head><body>${RESULTS}<div id="bottomads">ads</div>`;
const RELATED = '<div id="botstuff"><a href="/search?q=later">related later</a></div><div id="footer">after</div>';
/** Parts of the parser-paced tail, and the server's pause before each: at least 3 s in all. */
const PACED_PARTS = 30;
const PACED_PAUSE_MS = 100;

let browser: Browser;
let origin: string;
const held = new Set<ServerResponse>();
/** Released by the test: the tail of /held-tail pages waiting. */
const heldTails = new Set<ServerResponse>();
let closeServer: () => Promise<void>;

beforeAll(async () => {
  const paced = new Map<string, ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = (head: string): void => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(head);
      held.add(res);
    };
    switch (url.pathname) {
      case '/paced-tail': {
        // Each part ends in a script that asks for the next: the server sends part n+1 only once
        // the parser has reached the end of part n, after a pause of its own.
        const id = url.searchParams.get('id') ?? '';
        paced.set(id, res);
        page(`${HEAD}<script>fetch('/next?id=${id}&n=1')</script>`);
        return;
      }
      case '/next': {
        const document = paced.get(url.searchParams.get('id') ?? '');
        const n = Number(url.searchParams.get('n'));
        res.writeHead(204).end();
        setTimeout(() => {
          if (n < PACED_PARTS)
            document?.write(
              `<p>more ads ${n}</p><script>fetch('/next?id=${url.searchParams.get('id')}&n=${n + 1}')</script>`,
            );
          else document?.write(RELATED);
        }, PACED_PAUSE_MS);
        return;
      }
      case '/held-tail':
        page(HEAD);
        heldTails.add(res);
        return;
      case '/held-in-related':
        // The related searches begun, their end held.
        page(`${HEAD}<div id="botstuff"><a href="/search?q=one">related one</a>`);
        return;
      case '/held-in-results':
        // The results container itself is still open.
        page(
          '<!DOCTYPE html><html><head><title>results</title></head><body><div id="rso"><div class="g"><h3>One</h3></div>',
        );
        return;
      case '/streaming-tail': {
        // Ads that never stop coming, and never the related searches. The first comes with the
        // results, so the page read at the cap holds some however slow the machine: in the
        // six-burner soak none had been parsed 300 ms after the results when it came 20 ms later.
        page(HEAD);
        res.write('<p>streamed 0</p>');
        let n = 0;
        const timer = setInterval(() => res.write(`<p>streamed ${++n}</p>`), 20);
        res.on('close', () => clearInterval(timer));
        return;
      }
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  browser = await chromium.launch({ executablePath: findChrome(), args: chromiumArgs(), headless: true });
});
afterAll(async () => {
  await browser?.close();
  await closeServer?.();
});

async function driverOnNewTab(): Promise<{ driver: PageDriver; page: Page }> {
  const page = await browser.newPage();
  return { driver: await PageDriver.attach(playwrightCdp(await page.context().newCDPSession(page))), page };
}

/** Far past every stage of a load that succeeds; tests of a budget running out use a ManualClock. */
const budget = (path: string, clock?: ManualClock, timeoutMs = 60_000): LoadBudget =>
  new LoadBudget(`${origin}${path}`, timeoutMs, { clock });

const googleLike = {
  readySelectors: ['#never'],
  completeSelectors: ['#rso', '#botstuff'],
  trailingSelectors: ['#botstuff'],
  graceMs: 100,
};

/** Whether the tab's document is still being parsed with `selector` in it, and an element after it. */
const parsedPast = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate(
    (wanted) => document.readyState === 'loading' && document.querySelector(wanted)?.nextElementSibling != null,
    selector,
  );

describe('the trailing wait of a results page', () => {
  it('waits for a tail that keeps progressing for longer than the trailing wait, and reads the related searches', async () => {
    // The tail takes at least 30 × 100 ms = 3 s of wall time after #rso ends; the wait without
    // progress is 2 s, and no part keeps the parser idle for more than a pause and a round trip.
    const { driver } = await driverOnNewTab();
    const path = '/paced-tail?id=progressing';
    const { page } = await driver.load(`${origin}${path}`, budget(path), {
      ...googleLike,
      trailingWaitMs: 2000,
      trailingCapMs: 600_000,
    });
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page.html).toContain(`more ads ${PACED_PARTS - 1}`);
    expect(page.html).toContain('related later');
  });

  it('gives up on a stalled tail once the parser has made no progress for the trailing wait', async () => {
    // The tail is held past the test; the wall-time cap is beyond it: only the quiet can end the wait.
    const { driver } = await driverOnNewTab();
    const { page } = await driver.load(`${origin}/held-tail`, budget('/held-tail'), {
      ...googleLike,
      trailingWaitMs: 300,
      trailingCapMs: 600_000,
    });
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page.html).not.toContain('botstuff');
  });

  it('reads the page at the wall-time cap when its tail keeps streaming without the related searches', async () => {
    // Progress never stops, so the wait without progress (10 minutes) never ends: only the cap can.
    const { driver } = await driverOnNewTab();
    const { page } = await driver.load(`${origin}/streaming-tail`, budget('/streaming-tail'), {
      ...googleLike,
      trailingWaitMs: 600_000,
      trailingCapMs: 300,
    });
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page.html).toContain('streamed');
    expect(page.html).not.toContain('botstuff');
  });

  it('reads the page as it is when the budget ends with only the trailing part missing', async () => {
    // The budget ends (on the test's clock) once the parser is past #rso, while the tail is held
    // and both trailing waits are far away.
    const { driver, page: tab } = await driverOnNewTab();
    const clock = new ManualClock();
    const loading = driver.load(`${origin}/held-tail`, budget('/held-tail', clock, 5000), {
      ...googleLike,
      trailingWaitMs: 600_000,
      trailingCapMs: 600_000,
    });
    await expect.poll(() => parsedPast(tab, '#rso'), { timeout: 30_000 }).toBe(true);
    clock.advance(5000);
    const { page } = await loading;
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page.html).not.toContain('botstuff');
    expect(page.status).toBe(200);
    for (const res of heldTails) res.write(RELATED);
  });

  it('reads the page as it is when the budget ends inside the related searches, with those parsed so far', async () => {
    const { driver, page: tab } = await driverOnNewTab();
    const clock = new ManualClock();
    const loading = driver.load(`${origin}/held-in-related`, budget('/held-in-related', clock, 5000), {
      ...googleLike,
      trailingWaitMs: 600_000,
      trailingCapMs: 600_000,
    });
    await expect
      .poll(
        () => tab.evaluate(() => document.readyState === 'loading' && document.querySelector('#botstuff a') !== null),
        { timeout: 30_000 },
      )
      .toBe(true);
    clock.advance(5000);
    const { page } = await loading;
    expect(page.html).toContain('<h3>Two</h3>');
    expect(page.html).toContain('related one');
  });

  it('still ends with TIMEOUT when the budget ends inside the results container', async () => {
    const { driver, page: tab } = await driverOnNewTab();
    const clock = new ManualClock();
    const loading = errorOf(
      driver.load(`${origin}/held-in-results`, budget('/held-in-results', clock, 5000), {
        ...googleLike,
        trailingWaitMs: 600_000,
        trailingCapMs: 600_000,
      }),
    );
    await expect
      .poll(() => tab.evaluate(() => document.readyState === 'loading' && document.querySelector('.g') !== null), {
        timeout: 30_000,
      })
      .toBe(true);
    clock.advance(5000);
    expect(await loading).toMatchObject({
      code: 'TIMEOUT',
      details: { stage: 'waiting for the page to settle', timeoutMs: 5000 },
    });
  });
});
