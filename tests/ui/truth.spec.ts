/**
 * The screen says what is true (issue 38), in web mode against the stand-in Google
 * (tests/support/answer-site.ts): no whole-answer "verified" claim and no "supported" verdict the
 * check does not make; an answer quoted from the pages offers the model setup, Settings at an
 * address of its own with its presets by name; a reopened thread shows the same structure as
 * the live one; a pasted address is read, never searched; no console error on any screen; the
 * phone's top bar fits; the history drawer keeps the page behind it inert; the retry of a failed
 * question keeps both turns on screen, as the server does.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ANSWER_SITE_QUERIES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { askQuestion } from './support/ask';
import { checkScreen, PHONE, WIDE } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

const FIRST = 'How much caffeine is in a shot of espresso?';
/** Asks for a version: no page states one, so no sentence can answer it. */
const VERSION = 'What is the minimum firmware version for an espresso machine?';
const FAILS = `${ANSWER_SITE_QUERIES.failsOnce}: how much caffeine is in roasted coffee?`;

let site: AnswerSite;
let web: WebMode;
let page: Page;
/** Console errors and failed requests, by the screen they came on. */
const problems: string[] = [];
let screen = 'sign-in';
/** The first answer's structure as it was shown live. */
let live: Record<string, unknown>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startAnswerSite();
  web = await startWebMode({ engine: site.engine });
  page = await (await browser.newContext()).newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${screen}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${screen}: uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).origin === web.origin)
      problems.push(`${screen}: ${response.status()} ${response.url()}`);
  });
  await page.goto(web.loginUrl());
});

test.afterAll(async () => {
  await page?.context().close();
  await web?.close();
  await site?.close();
});

const thread = (): Locator => page.getByRole('article', { name: /^Thread: / });
const turn = (question: string, nth = 0): Locator =>
  thread().getByRole('region', { name: question, exact: true }).nth(nth);

async function answered(of: Locator): Promise<void> {
  await expect(of.locator('[data-stage="checking"]')).toHaveAttribute('data-state', 'done');
  await expect(of.locator('.answer-meta')).toBeVisible();
}

/** What a turn shows, as structure: progress, headings, footer, chips, cards and their actions. */
function structureOf(of: Locator): Promise<Record<string, unknown>> {
  return of.evaluate((element) => ({
    stages: [...element.querySelectorAll('[data-stage]')].map(
      (stage) => `${stage.getAttribute('data-stage')}:${stage.getAttribute('data-state')}`,
    ),
    // The follow-up suggestions are not kept in the history (nor which composer wrote the answer):
    // left out until the core keeps them.
    headings: [...element.querySelectorAll('h2, h3')]
      .map((heading) => heading.textContent?.trim())
      .filter((heading) => heading !== 'Follow up'),
    footer: element.querySelectorAll('.answer-meta').length,
    chips: [...element.querySelectorAll('.answer-text .chip')].map((chip) => chip.getAttribute('aria-label')),
    glance: element.querySelectorAll('.glance-source').length,
    cards: element.querySelectorAll('.source-card').length,
    cardQuotes: element.querySelectorAll('.source-quotes li').length,
    readInLantern: [...element.querySelectorAll('button')].filter((button) => button.textContent === 'Read in Lantern')
      .length,
    actions: [...element.querySelectorAll('.turn-actions button')].map((button) => button.textContent),
  }));
}

test('an answer is not presented with a whole-answer "verified" claim, nor a chip with a support the check does not give', async () => {
  screen = 'answer';
  await askQuestion(page, VERSION);
  const asked = turn(VERSION);
  await answered(asked);
  await expect(asked).not.toContainText(/verified/i);
  await expect(asked).not.toContainText('Found on the page');
  // Each chip says what its check found: the quote on the page, not that the sentence answers.
  for (const chip of await asked.locator('.answer-text .chip').all())
    await expect(chip).toHaveAttribute('aria-label', /^Source \d+(, (found|partly found|not found) on the page)?$/);
  // The footer counts the sources the answer cites among those read.
  await expect(asked.locator('.answer-meta')).toContainText(
    /(Cites (\d+|none) of \d+ sources? read|Not answered by the \d+ sources? read)/,
  );
});

test('an answer quoted from the pages offers the model setup, one click to Settings at /settings', async () => {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await askQuestion(page, FIRST);
  const asked = turn(FIRST);
  await answered(asked);
  await expect(asked.locator('.answer-meta')).toContainText(/^Quoted from the sources · Cites 1 of 3 sources read · /);
  // Its chips, once the Markdown stack has loaded (it loads when the page is idle).
  await expect(asked.getByRole('button', { name: /^Source 1/ }).first()).toBeVisible();
  live = await structureOf(asked);
  const offer = asked.getByRole('link', { name: 'Set up a model' });
  await expect(asked.getByText('Answers quote the pages. A model can write them in your words')).toBeVisible();
  await offer.click();
  screen = 'settings';
  await expect(page).toHaveURL(`${web.origin}/settings`);
  await expect(page).toHaveTitle('Settings — Lantern');
  const model = page.getByRole('group', { name: 'Model' });
  await expect(model).toBeFocused();
  // Presets by name, each filling in its address; the key beside the model; plain words.
  const preset = model.getByRole('combobox', { name: 'Runs on' });
  await expect(preset.locator('option')).toHaveText([
    'OpenAI',
    'Gemini',
    'Ollama',
    'LM Studio',
    'llama.cpp server',
    'Built-in (a GGUF model on this computer)',
    'Other (OpenAI-compatible)',
  ]);
  await preset.selectOption({ label: 'Ollama' });
  await expect(model.getByRole('textbox', { name: 'Address (base URL)' })).toHaveValue('http://127.0.0.1:11434/v1');
  await expect(model.getByLabel('API key')).toBeVisible();
  const settings = page.getByRole('form', { name: 'Settings' });
  await expect(settings).not.toContainText('Page budget');
  await expect(settings).not.toContainText('Cookie walls');
  await expect(settings.getByRole('spinbutton', { name: 'Wait for a page to load up to (seconds)' })).toBeVisible();
  await expect(settings.getByRole('combobox', { name: 'When a site asks to accept cookies' })).toBeVisible();
  await checkScreen(page, 'settings-model');
  // The address of its own opens it again; Back comes to the answer.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.goBack();
  screen = 'answer';
  await expect(page).toHaveURL(/\/t\/\d+$/);
  await expect(turn(FIRST)).toBeVisible();
});

test('a reopened thread shows the same structure as the live one: progress, chips, footer, source cards and "Read in Lantern"', async () => {
  expect(live['cards']).toBe(3);
  await page.reload();
  screen = 'reopened thread';
  await answered(turn(FIRST));
  await expect(
    turn(FIRST)
      .getByRole('button', { name: /^Source 1/ })
      .first(),
  ).toBeVisible();
  const reopened = await structureOf(turn(FIRST));
  expect(reopened).toEqual(live);
});

test('a pasted address is read in the reader, never searched for as words', async () => {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const searches = site.searches.length;
  const url = `${site.pages}/green-tea`;
  const box = page.getByRole('textbox', { name: 'Question' });
  await box.fill(url);
  await expect(page.getByRole('button', { name: 'Read', exact: true })).toBeVisible();
  await box.press('Enter');
  screen = 'reader';
  const reader = page.getByRole('complementary', { name: 'Reader' });
  await expect(reader).toContainText('A cup of green tea usually contains between 20 and 45 mg of caffeine.');
  expect(site.searches.length).toBe(searches);
  await expect(thread()).toHaveCount(0);
  await reader.getByRole('button', { name: /Close/ }).click();
});

test('the retry of the latest failed question keeps both turns on screen, as the server does', async () => {
  screen = 'failed turn';
  await askQuestion(page, FAILS);
  await expect(turn(FAILS).getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  await turn(FAILS)
    .getByRole('button', { name: /^(Retry|Try again)$/ })
    .click();
  await answered(turn(FAILS, 1));
  await expect(turn(FAILS, 0).getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  const onScreen = await thread()
    .getByRole('region')
    .evaluateAll((regions) => regions.filter((region) => region.classList.contains('turn')).length);
  await page.reload();
  await expect(turn(FAILS, 1).locator('.answer-meta')).toBeVisible();
  await expect(turn(FAILS, 0).getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  expect(await thread().locator('.turn').count()).toBe(onScreen);
});

test('the history drawer keeps the page behind it inert: focus stays in it, Esc closes it and focus returns', async () => {
  screen = 'history drawer';
  await page.setViewportSize(PHONE);
  const toggle = page.getByRole('button', { name: 'History', exact: true });
  await toggle.click();
  const drawer = page.getByRole('navigation', { name: 'History' });
  await expect(drawer.getByRole('searchbox', { name: 'Search history' })).toBeFocused();
  for (const behind of ['header.topbar', 'main.main', '.reader-slot', '.skip-link'])
    await expect(page.locator(behind)).toHaveAttribute('inert', '');
  // Tab and Shift+Tab go round the drawer's controls and never reach the page behind it.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const inDrawer = await page.evaluate(
      () =>
        document.activeElement === document.body ||
        document.getElementById('history-drawer')?.contains(document.activeElement),
    );
    expect(inDrawer, `focus after ${key}`).toBe(true);
  }
  await checkScreen(page, 'history-drawer-inert');
  await drawer.getByRole('searchbox', { name: 'Search history' }).focus();
  await page.keyboard.press('Escape');
  await expect(drawer.getByRole('searchbox', { name: 'Search history' })).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(page.locator('main.main')).not.toHaveAttribute('inert');
  await page.setViewportSize(WIDE);
});

test('the phone top bar fits: every control inside the screen, "Settings" not clipped', async () => {
  await page.setViewportSize(PHONE);
  const overflow = await page.locator('header.topbar').evaluate((bar) =>
    [...bar.querySelectorAll('button, a, .brand')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      const clipped =
        box.right > window.innerWidth + 0.5 || box.left < -0.5 || element.scrollWidth > element.clientWidth + 1;
      return clipped
        ? [`${element.textContent?.trim()}: ${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth}`]
        : [];
    }),
  );
  expect(overflow).toEqual([]);
  await page.setViewportSize(WIDE);
});

test('no console error or failed request on any screen', async () => {
  // Each screen once more, from a fresh load: the start, a thread, the settings, the reader.
  screen = 'start';
  await page.goto(`${web.origin}/`);
  await expect(page.getByRole('heading', { name: 'What do you want to find out?' })).toBeVisible();
  screen = 'settings';
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Model' })).toBeVisible();
  screen = 'history thread';
  await page
    .getByRole('navigation', { name: 'History' })
    .getByRole('button', { name: new RegExp(FIRST.replace('?', '\\?')) })
    .first()
    .click();
  await answered(turn(FIRST));
  screen = 'reader';
  await turn(FIRST).getByRole('button', { name: 'Read in Lantern' }).first().click();
  await expect(page.getByRole('complementary', { name: 'Reader' }).locator('.reader-title')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Reader' })).toContainText('caffeine');
  screen = 'results only';
  await page.getByRole('radio', { name: 'Results only' }).click();
  await askQuestion(page, FIRST);
  await expect(page.locator('[data-stage="searching"]').last()).toHaveAttribute('data-state', 'done');
  expect(problems).toEqual([]);
});
