/**
 * Deep research in the UI end to end, in web mode: the real server and runtime (search browser,
 * pacing, fetch pipeline, SQLite), the fixture Google answering the fixture topic's queries
 * (tests/support/research-topic.ts: 29 articles, a planted conflict). The plan is shown and
 * edited, the run's sections arrive in order, the disagreement renders with both sides cited,
 * the report is a turn of its thread, and Stop keeps what was gathered. Screens in light and
 * dark, at 1280×800 and 390×844, checked with axe-core.
 */
import { expect, test, type Page } from '@playwright/test';
import { hasDisplay } from '../../src/main/browser/chromium-reveal';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import {
  PLANTED_CONFLICT,
  startResearchTopic,
  TOPIC_FACETS,
  TOPIC_QUESTION,
  type ResearchTopic,
} from '../support/research-topic';
import { askQuestion } from './support/ask';
import { checkColourSchemes, checkScreen, controlsTabCannotReach, PHONE, WIDE } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

/** The plan the fixture's results page gives: the question, then its people-also-ask and related searches. */
/** The question itself is no sub-question: the summary answers it. */
const PLAN = Object.values(TOPIC_FACETS);
/** Removed from the plan before the run: it must never be searched. */
const REMOVED = TOPIC_FACETS.lifespan;
/** A run takes seconds on the fixture; generous for a busy machine. */
const RUN_TIMEOUT = 120_000;

let topic: ResearchTopic;
let engine: FixtureWeb;
let web: WebMode;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  topic = await startResearchTopic();
  engine = await startFixtureWeb({ results: (query) => topic.resultsPage(query) });
  // A short pacing gap keeps the file quick; the pacing itself is the core's tests' concern.
  web = await startWebMode({ engine: engine.origin, searchPacing: { minGapMs: 150, jitterMs: 0 } });
  page = await (await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  // The report's section headings in the order they first appeared in the page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __sectionsSeen: string[] }).__sectionsSeen = seen;
    new MutationObserver(() => {
      for (const heading of document.querySelectorAll('.research-report .report-section > h2')) {
        const title = heading.textContent ?? '';
        if (!seen.includes(title)) seen.push(title);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(web.loginUrl());
  await expect(page.getByRole('heading', { name: 'What do you want to find out?' })).toBeVisible();
});

test.afterAll(async () => {
  await page?.context().close();
  await web?.close();
  await engine?.close();
  await topic?.close();
});

const searchedFor = (query: string): boolean =>
  engine.requests.some(
    (path) =>
      path.startsWith('/search?') &&
      new URL(path, engine.origin).searchParams.get('q')?.toLowerCase() === query.toLowerCase(),
  );

const planItems = () => page.getByRole('region', { name: 'Research plan' }).getByRole('listitem');

async function planDeep(question: string): Promise<void> {
  await page.getByRole('radio', { name: 'Deep research' }).click();
  await askQuestion(page, question);
  await expect(planItems()).toHaveCount(PLAN.length);
}

test('Deep research shows the plan first, to edit before anything is searched', async () => {
  await planDeep(TOPIC_QUESTION);
  const plan = page.getByRole('region', { name: 'Research plan' });
  for (const [i, question] of PLAN.entries())
    await expect(plan.getByRole('textbox', { name: `Sub-question ${i + 1}` })).toHaveValue(question);
  await expect(plan).toContainText('up to 20 pages');
  expect(await controlsTabCannotReach(page)).toEqual([]);
  // Only the plan's own search so far: no sub-question has been searched.
  for (const facet of Object.values(TOPIC_FACETS)) expect(searchedFor(facet)).toBe(false);
  await checkScreen(page, 'deep-plan');

  await plan.getByRole('button', { name: `Remove sub-question ${PLAN.length}: ${REMOVED}` }).click();
  await expect(planItems()).toHaveCount(PLAN.length - 1);
  await plan.getByRole('button', { name: 'Start research' }).click();
  await expect(page.getByRole('button', { name: 'Copy report' })).toBeVisible({ timeout: RUN_TIMEOUT });
});

test('the run reports each step, and the removed sub-question was never searched', async () => {
  const kept = PLAN.filter((question) => question !== REMOVED);
  for (const id of ['plan', 'search', 'read', 'write', 'check'])
    await expect(page.locator(`[data-stage="${id}"]`)).toHaveAttribute('data-state', 'done');
  await expect(page.locator('[data-stage="search"]')).toHaveText(`✓ Searches ${kept.length}/${kept.length}`);
  await expect(page.locator('[data-stage="read"]')).toHaveText(/Pages \d+\/20/);
  const report = page.getByRole('article', { name: 'Research report' });
  await expect(report.getByRole('heading', { name: REMOVED })).toHaveCount(0);
  await expect(report.locator('.not-answered li', { hasText: REMOVED })).toHaveCount(0);
  expect(searchedFor(REMOVED)).toBe(false);
  for (const question of kept) expect(searchedFor(question)).toBe(true);
});

test('sections arrive in the plan’s order, each with its citation chips, under the summary', async () => {
  const report = page.getByRole('article', { name: 'Research report' });
  const titles = await report.locator('.report-section > h2').allTextContents();
  expect(titles.length).toBeGreaterThanOrEqual(4);
  // In the order of the plan, and first shown in that order as they arrived.
  const planOrder = PLAN.filter((question) => titles.includes(question));
  expect(titles).toEqual(planOrder);
  expect(await page.evaluate(() => (window as unknown as { __sectionsSeen: string[] }).__sectionsSeen)).toEqual(titles);
  const summary = report.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('button', { name: /^Source \d+, found on the page$/ }).first()).toBeVisible();
  for (const title of titles)
    await expect(
      report
        .getByRole('region', { name: title })
        .getByRole('button', { name: /^Source \d+, / })
        .first(),
    ).toBeVisible();
  // At least ten distinct sources, each one a card.
  expect(await report.getByRole('region', { name: 'Sources' }).locator('.source-card').count()).toBeGreaterThanOrEqual(
    10,
  );
  // Copy gives the report's Markdown: its sections, the disagreement and the sources as footnotes.
  await report.getByRole('button', { name: 'Copy report' }).click();
  await expect(report.getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^## .*efficient are heat pumps in cold weather/m);
  expect(copied).toMatch(/^## Where the sources disagree$/m);
  expect(copied).toMatch(/^\[\^1\]: \[.+\]\(/m);
  await checkScreen(page, 'deep-report');
});

test('"Where the sources disagree" shows the planted conflict, each side with its value, quote and citation', async () => {
  const disagree = page.getByRole('region', { name: 'Where the sources disagree' });
  const conflict = disagree
    .getByRole('listitem')
    .filter({ hasText: PLANTED_CONFLICT.values[0] })
    .filter({ hasText: PLANTED_CONFLICT.values[1] })
    .first();
  const sides = conflict.getByRole('list').getByRole('listitem');
  await expect(sides).toHaveCount(2);
  const chips = sides.getByRole('button', { name: /^Source \d+, found on the page$/ });
  await expect(chips).toHaveCount(2);
  const labels = await chips.allInnerTexts();
  expect(new Set(labels).size).toBe(2);
  for (const value of PLANTED_CONFLICT.values)
    await expect(
      sides.filter({ hasText: `coefficient of performance of an air-source heat pump was ${value}` }),
    ).toHaveCount(1);
  // The section is far down the report: scrolled to at each width (checkScreen would keep one scroll for both).
  await conflict.scrollIntoViewIfNeeded();
  await checkColourSchemes(page, 'deep-disagreements');
  await page.setViewportSize(PHONE);
  await conflict.scrollIntoViewIfNeeded();
  await checkColourSchemes(page, 'deep-disagreements-phone');
  await page.setViewportSize(WIDE);

  // A side's chip opens its page in the reader at the quoted sentence.
  await chips.first().press('Enter');
  const reader = page.getByRole('complementary', { name: 'Reader' });
  await expect(reader.locator('mark.quote').first()).toContainText('coefficient of performance');
  await reader.getByRole('button', { name: 'Close the reader' }).click();
  await expect(reader).toHaveCount(0);
});

test('the report is a turn of its thread: its address opens it from the history, and a follow-up goes below it', async () => {
  await expect(page).toHaveURL(/\/t\/\d+$/);
  await page.reload();
  const stored = page.getByRole('region', { name: TOPIC_QUESTION });
  await expect(stored.getByRole('heading', { name: 'Where the sources disagree' })).toBeVisible();
  await expect(stored.getByRole('button', { name: /^Source \d+, found on the page$/ }).first()).toBeVisible();
  await expect(stored.getByRole('button', { name: 'Export Markdown' })).toBeVisible();
  await checkScreen(page, 'deep-thread');

  await page.getByRole('radio', { name: 'Answer' }).click();
  await askQuestion(page, TOPIC_FACETS.install);
  const followUp = page.getByRole('region', { name: TOPIC_FACETS.install });
  await expect(
    followUp
      .getByRole('article', { name: 'Answer' })
      .getByRole('button', { name: /^Source \d+, found on the page$/ })
      .first(),
  ).toBeVisible({ timeout: RUN_TIMEOUT });
  const turns = await page
    .getByRole('article', { name: /^Thread: / })
    .locator('> section')
    .evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')));
  expect(turns).toEqual([TOPIC_QUESTION, TOPIC_FACETS.install]);
});

test('a CAPTCHA during the gathering pauses the research; solved in its window, the research goes on to the report', async () => {
  if (!hasDisplay())
    throw new Error('No display: run the UI tests under xvfb-run (npm test does it when xvfb-run is installed).');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await planDeep(TOPIC_QUESTION);
  const plan = page.getByRole('region', { name: 'Research plan' });
  // Only the sub-question never searched before (no cached results): its search meets the block.
  for (let i = PLAN.length - 1; i >= 1; i--)
    await plan.getByRole('button', { name: new RegExp(`^Remove sub-question ${i}:`) }).click();
  await expect(plan.getByRole('textbox', { name: 'Sub-question 1' })).toHaveValue(REMOVED);
  engine.blockEverySearch('captcha-until-solved');
  try {
    await plan.getByRole('button', { name: 'Start research' }).click();
    const paused = page.getByRole('status').filter({ hasText: 'Paused: Google is waiting for you' });
    await expect(paused).toBeVisible({ timeout: RUN_TIMEOUT });
    await expect(page.locator('[data-stage="search"]')).toHaveAttribute('data-state', 'active');
    await checkScreen(page, 'deep-paused');

    // The person, in the window the research opened on the search profile.
    await expect.poll(() => web.revealed.length, { timeout: 60_000 }).toBe(1);
    const window = web.revealed[0]!;
    await window.locator('#captcha-form').waitFor();
    await window.getByLabel("I'm not a robot").check();
    await window.locator('#solve').click();
  } finally {
    engine.blockEverySearch(undefined);
  }
  await expect(page.getByRole('button', { name: 'Copy report' })).toBeVisible({ timeout: RUN_TIMEOUT });
  await expect(page.getByRole('status').filter({ hasText: 'Paused:' })).toHaveCount(0);
  await expect(page.locator('[data-stage="search"]')).toHaveText('✓ Searches 1/1');
  expect(searchedFor(REMOVED)).toBe(true);
});

test('Stop (Esc) keeps what was gathered', async () => {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await planDeep(TOPIC_QUESTION);
  const plan = page.getByRole('region', { name: 'Research plan' });
  // The question and one facet, then a search the fixture never answers: the run is held there.
  for (let i = PLAN.length; i > 2; i--)
    await plan.getByRole('button', { name: new RegExp(`^Remove sub-question ${i}`) }).click();
  await plan.getByRole('button', { name: 'Add a sub-question' }).click();
  await expect(plan.getByRole('textbox', { name: 'Sub-question 3' })).toBeFocused();
  await page.keyboard.type(FIXTURE_QUERIES.hang);
  await plan.getByRole('button', { name: 'Start research' }).click();

  await expect(page.locator('[data-stage="search"]')).toHaveText('◌ Searches 2/3');
  await expect(page.locator('[data-stage="read"]')).toHaveText(/Pages [1-9]\d*\/20/);
  // While it gathers: the time budget left (3 minutes by default), counted down.
  const reading = page.getByTestId('research-reading');
  await expect(reading).toHaveText(/[Aa]t most (\d+ min( \d+ s)?|\d+ s) left of the time budget$/);
  const secondsLeft = async (): Promise<number> => {
    const [, min, sec] = /(?:(\d+) min)? ?(?:(\d+) s)? left/.exec((await reading.textContent()) ?? '') ?? [];
    return Number(min ?? 0) * 60 + Number(sec ?? 0);
  };
  const first = await secondsLeft();
  expect(first).toBeLessThanOrEqual(180);
  await expect.poll(secondsLeft, { timeout: RUN_TIMEOUT }).toBeLessThan(first);
  await checkScreen(page, 'deep-gathering');
  await page.keyboard.press('Escape');

  await expect(page.locator('[data-stage="search"]')).toHaveAttribute('data-state', 'stopped');
  // The stop ends the gathering, not the connection: the report written from the pages read
  // comes back and stays on screen, cited, with the sources gathered before the stop.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Stopped as you asked: this report is written from the \d+ pages? read before that\.$/ }),
  ).toBeVisible({ timeout: RUN_TIMEOUT });
  const report = page.getByRole('article', { name: 'Research report' });
  await expect(report.getByRole('button', { name: /^Source \d+, found on the page$/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sources' }).locator('.source-card').first()).toBeVisible();
  await checkScreen(page, 'deep-stopped');

  // The report is also kept in the history, as a thread of its own (the third: the first
  // report's, the paused one's, this one).
  const threads = async (): Promise<Array<{ id: number; title: string }>> =>
    (await (await page.request.get(`${web.origin}/v1/history?session=ui`)).json()) as Array<{
      id: number;
      title: string;
    }>;
  await expect.poll(async () => (await threads()).length, { timeout: RUN_TIMEOUT }).toBe(3);
  const [newest] = await threads();
  await page.goto(`${web.origin}/t/${newest!.id}`);
  const stored = page.getByRole('region', { name: TOPIC_QUESTION });
  await expect(stored.getByRole('button', { name: /^Source \d+, found on the page$/ }).first()).toBeVisible();
  await expect(stored.getByRole('region', { name: 'Sources' }).locator('.source-card').first()).toBeVisible();
});
