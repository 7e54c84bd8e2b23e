/**
 * The first screen does not wait for the code of the parts loaded when first shown (the settings,
 * the reader, the Markdown stack: src/renderer/src/components/Lazy.tsx). Their chunks are held
 * back until the test lets them go: meanwhile the page asks, shows its sources and its answer as
 * plain text, and says what it is opening; released, each part appears in its place.
 */
import { expect, test, type Page } from '@playwright/test';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { checkScreen } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

let site: AnswerSite;
let web: WebMode;
let page: Page;

test.beforeAll(async () => {
  site = await startAnswerSite();
  web = await startWebMode({ engine: site.engine });
});

test.afterAll(async () => {
  await page?.context().close();
  await web?.close();
  await site?.close();
});

test('the research screen works while the lazy parts are still on their way, and each appears once it arrives', async ({
  browser,
}) => {
  page = await (await browser.newContext()).newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/(Markdown|Reader|SettingsScreen)-[\w-]+\.js$/, async (route) => {
    held.push(new URL(route.request().url()).pathname.split('/').at(-1)?.split('-')[0] ?? '');
    await released;
    await route.continue();
  });

  await page.goto(web.loginUrl());
  await expect(page.getByRole('heading', { name: 'What do you want to find out?' })).toBeVisible();
  // Fetched once the page is idle, not before the first screen: it is held, and the screen is there.
  await expect.poll(() => held).toContain('Markdown');

  const box = page.getByRole('textbox', { name: 'Question' });
  await box.fill('How much caffeine is in a shot of espresso?');
  await box.press('Enter');
  await expect(page.locator('.source-card')).toHaveCount(3);
  const answerText = page.getByRole('region', { name: 'Answer text' });
  await expect(answerText).toContainText('63 mg of caffeine');
  await expect(answerText).toContainText('[1]');
  await expect(answerText.getByRole('button', { name: /^Source 1/ })).toHaveCount(0);
  await checkScreen(page, 'answer-before-markdown');

  await page.locator('.source-card').first().getByRole('button', { name: 'Read in Lantern' }).click();
  await expect(page.getByRole('complementary', { name: 'Reader' }).getByRole('status')).toHaveText(
    'Opening the reader…',
  );
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Opening the settings…');
  await checkScreen(page, 'settings-before-code');
  expect(held.sort()).toEqual(['Markdown', 'Reader', 'SettingsScreen']);

  release();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Research' }).click();
  await expect(answerText.getByRole('button', { name: 'Source 1, found on the page' }).first()).toBeVisible();
  // The reader belongs to the research screen: leaving it for the settings closed it; it opens again.
  await expect(page.getByRole('complementary', { name: 'Reader' })).toHaveCount(0);
  await page.locator('.source-card').first().getByRole('button', { name: 'Read in Lantern' }).click();
  await expect(
    page.getByRole('complementary', { name: 'Reader' }).getByRole('heading', { name: /Espresso, explained/ }),
  ).toBeVisible();
});
