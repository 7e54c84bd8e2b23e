/**
 * The CAPTCHA path in web mode, with a headed Chromium under Xvfb (npm test lends one): the
 * question is blocked by the stand-in Google's /sorry/ page, the banner offers "Solve now", a
 * visible window opens on the same search profile, the test plays the person and submits the
 * fixture's form, and the answer arrives without asking again.
 */
import { expect, test, type Page } from '@playwright/test';
import { hasDisplay } from '../../src/main/browser/chromium-reveal';
import { ANSWER_SITE_QUERIES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { checkScreen } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

let site: AnswerSite;
let web: WebMode;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  if (!hasDisplay())
    throw new Error('No display: run the UI tests under xvfb-run (npm test does it when xvfb-run is installed).');
  site = await startAnswerSite();
  web = await startWebMode({ engine: site.engine });
  page = await (await browser.newContext()).newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await web?.close();
  await site?.close();
});

test('Google asks for a CAPTCHA: banner → Solve now → window → solved → the answer arrives', async () => {
  await page.goto(web.loginUrl());
  const box = page.getByRole('textbox', { name: 'Question' });
  await box.fill(`${ANSWER_SITE_QUERIES.captchaOnce}: how much caffeine is in espresso`);
  await box.press('Enter');

  await expect(page.getByRole('alert')).toContainText('CAPTCHA_REQUIRED');
  // The way out on this screen, not the CLI's (--interactive means nothing here).
  await expect(page.getByRole('alert')).toContainText('Use “Solve now” in the banner above');
  // The core's own message (with the CLI's advice) is only under "Details".
  await expect(page.getByRole('alert').locator('.error-message')).not.toContainText('--interactive');
  const banner = page.getByRole('region', { name: 'Google verification' });
  await expect(banner).toContainText("Google wants to confirm you're human");
  await checkScreen(page, 'captcha-banner');

  await banner.getByRole('button', { name: 'Solve now' }).click();
  await expect(banner.getByRole('button', { name: 'Waiting for you…' })).toBeVisible();
  // The person, in the window that opened on the search profile.
  await expect.poll(() => web.revealed.length, { timeout: 60_000 }).toBe(1);
  const window = web.revealed[0]!;
  await window.locator('#captcha-form').waitFor();
  await window.getByLabel("I'm not a robot").check();
  await window.locator('#solve').click();

  // The question goes on by itself: the same run, now answered.
  // Below the CAPTCHA's failure, which the core kept in the thread and the screen keeps too.
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  await expect(answer.getByRole('button', { name: /^Source 1/ }).first()).toBeVisible({ timeout: 90_000 });
  await expect(answer).toContainText('63 mg');
  await expect(page.getByRole('region', { name: 'Google verification' })).toHaveCount(0);
});

test('resetting the search session forgets the pass: Google asks again', async () => {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Reset the search session' }).click();
  await expect(page.getByText('The search session is reset')).toBeVisible();
  await page.getByRole('button', { name: 'Research' }).click();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const box = page.getByRole('textbox', { name: 'Question' });
  await box.fill(`${ANSWER_SITE_QUERIES.captchaOnce}: espresso after a reset`);
  await box.press('Enter');
  await expect(page.getByRole('region', { name: 'Google verification' })).toContainText(
    "Google wants to confirm you're human",
  );
});
