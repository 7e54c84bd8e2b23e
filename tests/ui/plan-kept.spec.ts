/**
 * A deep-research plan not started yet is kept as the person left it (issue 38): a reload shows
 * it with its edits, a follow-up's plan comes back when its thread is reopened from the history,
 * and a started plan is not shown again. After a report the mode is back to Answer, so the next
 * follow-up is asked, not planned. Web mode on the stand-in Google (tests/support/answer-site.ts).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { askQuestion } from './support/ask';
import { checkScreen } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

const QUESTION = 'How is espresso made and how much caffeine does it have?';
const EDITED = 'How much caffeine is in a double espresso?';
const ADDED = 'Who patented the first espresso machine?';
const FOLLOW_UP = 'How do home roasters roast coffee beans?';
/** A deep research on three pages: generous, for a busy machine; nothing here races it. */
const RUN_TIMEOUT = 120_000;

let site: AnswerSite;
let web: WebMode;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startAnswerSite();
  web = await startWebMode({ engine: site.engine });
  page = await (await browser.newContext()).newPage();
  await page.goto(web.loginUrl());
});

test.afterAll(async () => {
  await page?.context().close();
  await web?.close();
  await site?.close();
});

const plan = (): Locator => page.getByRole('region', { name: 'Research plan' });
const subQuestions = (): Promise<string[]> =>
  plan()
    .getByRole('textbox')
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));

test('a plan not started comes back after a reload with the person’s edits', async () => {
  await page.getByRole('radio', { name: 'Deep research' }).click();
  await askQuestion(page, QUESTION);
  await expect(plan().getByRole('textbox').first()).toBeVisible();
  await plan().getByRole('textbox', { name: 'Sub-question 1' }).fill(EDITED);
  await plan().getByRole('button', { name: 'Add a sub-question' }).click();
  const count = (await subQuestions()).length;
  await plan()
    .getByRole('textbox', { name: `Sub-question ${count}` })
    .fill(ADDED);
  const left = await subQuestions();
  expect(left[0]).toBe(EDITED);
  expect(left.at(-1)).toBe(ADDED);
  const searches = site.searches.length;
  await page.reload();
  await expect(plan()).toBeVisible();
  expect(await subQuestions()).toEqual(left);
  await expect(page.getByRole('heading', { level: 1, name: QUESTION })).toBeVisible();
  // Shown from what was kept: nothing planned or searched again.
  expect(site.searches.length).toBe(searches);
});

test('a report written: the mode is back to Answer, and the started plan is not shown again', async () => {
  await plan().getByRole('button', { name: 'Start research' }).click();
  await expect(page.getByRole('button', { name: 'Copy report' })).toBeVisible({ timeout: RUN_TIMEOUT });
  await expect(page.getByRole('radio', { name: 'Answer' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: 'Ask', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/t\/\d+$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Copy report' })).toBeVisible();
  await expect(plan()).toHaveCount(0);
});

test('a follow-up’s plan comes back when its thread is reopened from the history', async () => {
  await page.getByRole('radio', { name: 'Deep research' }).click();
  await askQuestion(page, FOLLOW_UP);
  await expect(plan().getByRole('textbox').first()).toBeVisible();
  await plan().getByRole('textbox', { name: 'Sub-question 1' }).fill(EDITED);
  const left = await subQuestions();
  await page.getByRole('navigation', { name: 'History' }).getByRole('button', { name: 'New', exact: true }).click();
  await expect(plan()).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'History' })
    .getByRole('button', { name: new RegExp(`^${QUESTION.replace('?', '\\?')}`) })
    .click();
  await expect(plan()).toBeVisible();
  expect(await subQuestions()).toEqual(left);
  // Below the thread's report, as it was asked.
  await expect(page.getByRole('button', { name: 'Copy report' })).toBeVisible();
  await checkScreen(page, 'deep-plan-kept');
});
