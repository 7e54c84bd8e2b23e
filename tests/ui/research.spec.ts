/**
 * The research UI end to end in web mode: the system Chromium signs in with the one-time link,
 * asks the stand-in Google (tests/support/answer-site.ts) a question, and reads the answer, its
 * citations, the reader, the history and the settings — over real HTTP, SSE, SQLite and a real
 * search browser. Each screen is screenshotted in light and dark and checked with axe-core.
 */
import { expect, test, type Page } from '@playwright/test';
import { ANSWER_SITE_QUERIES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { checkScreen, controlsTabCannotReach } from './support/ui-checks';
import { askQuestion } from './support/ask';
import { startWebMode, type WebMode } from './support/web-mode';

const QUESTION = 'How much caffeine is in a shot of espresso?';

let site: AnswerSite;
let web: WebMode;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startAnswerSite();
  web = await startWebMode({ engine: site.engine });
  page = await (await browser.newContext()).newPage();
  // Every state each progress stage shows, in order, as the DOM shows it (for the stages test).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __stagesSeen: string[] }).__stagesSeen = seen;
    new MutationObserver(() => {
      for (const stage of document.querySelectorAll('[data-stage]')) {
        const entry = `${stage.getAttribute('data-stage')}:${stage.getAttribute('data-state')}:${stage.textContent?.trim()}`;
        if (seen[seen.length - 1] !== entry && !seen.includes(entry)) seen.push(entry);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
});

test.afterAll(async () => {
  await page?.context().close();
  await web?.close();
  await site?.close();
});

function ask(question: string): Promise<void> {
  return askQuestion(page, question);
}

test('signing in with the printed link lands on the empty research screen, with no code left in the address', async () => {
  await page.goto(web.loginUrl());
  await expect(page).toHaveURL(`${web.origin}/`);
  await expect(page.getByRole('heading', { name: 'What do you want to find out?' })).toBeVisible();
  await expect(page.getByText('No research yet.')).toBeVisible();
  await checkScreen(page, 'empty');
});

test('asking shows each stage, then an answer with citation chips and source cards', async () => {
  await ask(QUESTION);
  const answer = page.getByRole('article', { name: 'Answer' });
  await expect(answer.getByRole('button', { name: /^Source 1, found on the page$/ }).first()).toBeVisible();
  await expect(page.locator('.source-card')).toHaveCount(3);
  await expect(answer).toContainText('63 mg');

  // The stages as shown: each one reached "done", in order, and none went back.
  const stages = page.locator('[data-stage]');
  await expect(stages).toHaveCount(4);
  for (const id of ['searching', 'reading', 'writing', 'checking']) {
    await expect(page.locator(`[data-stage="${id}"]`)).toHaveAttribute('data-state', 'done');
  }
  await expect(page.locator('[data-stage="reading"]')).toHaveText(/Reading 3\/3/);
  const seen = await page.evaluate(() => (window as unknown as { __stagesSeen: string[] }).__stagesSeen);
  expect(seen).toContain('searching:active:◌ Searching');
  const order = ['searching', 'reading', 'writing', 'checking'];
  const doneAt = order.map((id) => seen.findIndex((entry) => entry.startsWith(`${id}:done`)));
  expect(doneAt.every((index) => index >= 0)).toBe(true);
  expect([...doneAt].sort((a, b) => a - b)).toEqual(doneAt);
  await checkScreen(page, 'answer');
});

test('focusing [1] shows its quote, its source and that it is supported', async () => {
  const chip = page.getByRole('button', { name: 'Source 1, found on the page' }).first();
  await chip.focus();
  const tip = page.locator('.chip-wrap:focus-within [role="tooltip"]');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('A single shot of espresso contains about 63 mg of caffeine');
  await expect(tip).toContainText('Espresso, explained');
  await expect(tip).toContainText('Found on the page');
  await checkScreen(page, 'citation-focused');
});

test('the reader opens from the chip with the quote highlighted and scrolled into view', async () => {
  await page.getByRole('button', { name: 'Source 1, found on the page' }).first().press('Enter');
  const reader = page.getByRole('complementary', { name: 'Reader' });
  await expect(reader.getByRole('heading', { name: /Espresso, explained/ })).toBeVisible();
  const mark = reader.locator('mark.quote');
  await expect(mark.first()).toContainText('63 mg of caffeine');
  await expect(mark.first()).toBeInViewport();
  await expect(reader.getByRole('link', { name: 'Open original' })).toHaveAttribute('href', `${site.pages}/espresso`);
  // Page text is text: the article's markup never arrives as elements of ours.
  await expect(reader.locator('nav, footer, script')).toHaveCount(0);
  await checkScreen(page, 'reader');
});

test('every control of the answer and reader screen is reachable with Tab alone', async () => {
  expect(await controlsTabCannotReach(page)).toEqual([]);
  // Ctrl+K goes back to the question from anywhere; Esc closes the reader when nothing runs.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('textbox', { name: 'Follow-up question' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary', { name: 'Reader' })).toHaveCount(0);
});

test('the thread is in the history and found by full-text search', async () => {
  const history = page.getByRole('navigation', { name: 'History' });
  await expect(
    history
      .getByRole('list', { name: 'Threads' })
      .getByRole('button', { name: new RegExp(`^${QUESTION.replace('?', '\\?')}`) }),
  ).toBeVisible();
  await history.getByLabel('Search history').fill('caffeine');
  const hits = history.getByRole('list', { name: 'Search results in history' });
  await expect(hits.getByRole('button', { name: /How much caffeine/ })).toBeVisible();
  await checkScreen(page, 'history-search');
  await hits.getByRole('button', { name: /How much caffeine/ }).click();
  const thread = page.getByRole('article', { name: `Thread: ${QUESTION}` });
  await expect(thread).toContainText('63 mg');
  await expect(thread.getByRole('button', { name: /^Source 1/ }).first()).toBeVisible();
  await checkScreen(page, 'history-thread');
  await history.getByLabel('Search history').fill('');
});

test('results-only mode lists numbered results', async () => {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('radio', { name: 'Results only' }).click();
  await ask('espresso basics');
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.locator('.result')).toHaveCount(3);
  await expect(results.locator('.result-n')).toHaveText(['1', '2', '3']);
  await expect(results.getByRole('link', { name: 'Espresso, explained' })).toBeVisible();
  await checkScreen(page, 'results');
  await page.getByRole('radio', { name: 'Answer' }).click();
});

test('nothing from a page renders as HTML in the reader: no script runs, no image loads, no javascript: link', async () => {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('radio', { name: 'Results only' }).click();
  await ask(ANSWER_SITE_QUERIES.hostile);
  await page.getByRole('region', { name: 'Results' }).getByRole('button', { name: 'Read in Lantern' }).click();
  const reader = page.getByRole('complementary', { name: 'Reader' });
  await expect(reader).toContainText('written as text by the page');
  // The markup the page wrote as text stays text.
  await expect(reader).toContainText('onerror');
  await expect(reader.locator('img, script, iframe, object')).toHaveCount(0);
  for (const link of await reader.locator('.reader-body a').all())
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/^javascript:/i);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await reader.getByRole('button', { name: 'Close the reader' }).click();
  await page.getByRole('radio', { name: 'Answer' }).click();
});

test('an engine failure is an error that says what happened and what to do, never a blank screen', async () => {
  await ask(ANSWER_SITE_QUERIES.serverError);
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/[A-Z_]{5,}/);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await checkScreen(page, 'error');
});

test('Esc stops the running answer', async () => {
  await ask(ANSWER_SITE_QUERIES.hang);
  // Asked in the thread of the failed question before it: its own turn, below that one.
  const running = page.getByRole('region', { name: ANSWER_SITE_QUERIES.hang, exact: true });
  await expect(running.locator('[data-stage="searching"]')).toHaveAttribute('data-state', 'active');
  await page.keyboard.press('Escape');
  await expect(running.getByText('Stopped.')).toBeVisible();
  // Stopped by the person: a neutral mark, not a failure.
  await expect(running.locator('[data-stage="searching"]')).toHaveAttribute('data-state', 'stopped');
});

test('a settings change survives a server restart', async () => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const cache = page.getByLabel('Keep results for (minutes)');
  await expect(cache).toHaveValue('10');
  await checkScreen(page, 'settings');
  expect(await controlsTabCannotReach(page)).toEqual([]);
  await cache.fill('42');
  await page.getByLabel('When a site asks to accept cookies').selectOption('accept');
  // Structured content for programs, off by default, next to the MCP snippets.
  const structured = page.getByLabel('Structured results for programs');
  await expect(structured).not.toBeChecked();
  await structured.check();
  // The toggle with the MCP snippets below it in the screenshot.
  await structured.evaluate((input) => input.closest('fieldset')?.scrollIntoView({ block: 'start' }));
  await checkScreen(page, 'settings-agents');
  // Search language and region are server settings too (shared with the CLI and agents).
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('');
  await page.getByLabel('Region', { exact: true }).fill('Austria');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toContainText('search.region: region must be a two-letter country code');
  await page.getByLabel('Region', { exact: true }).fill('at');
  await page.getByLabel('Language', { exact: true }).fill('de');
  await page.getByRole('button', { name: 'Save settings' }).click();
  // Saved, and no model is named: the note says that answers keep quoting the pages.
  await expect(page.getByText(/^Saved\. No model is named, so answers keep quoting the pages/)).toBeVisible();

  await web.restart();
  // The old session ended with the old server: the page says so and what to do.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Sign in again');
  await checkScreen(page, 'signed-out');
  await page.goto(web.loginUrl());
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByLabel('Keep results for (minutes)')).toHaveValue('42');
  await expect(page.getByLabel('When a site asks to accept cookies')).toHaveValue('accept');
  await expect(page.getByLabel('Structured results for programs')).toBeChecked();
  await expect(page.getByLabel('Region', { exact: true })).toHaveValue('at');
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('de');
  // Not kept in the browser any more: the UI sends no lang or region, the server fills them in.
  expect(await page.evaluate(() => localStorage.getItem('lantern.prefs') ?? '')).not.toMatch(/lang|region/);

  // The next search asks the engine in that language and region.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('radio', { name: 'Results only' }).click();
  const before = site.searches.length;
  await ask('espresso in vienna');
  await expect(page.getByRole('region', { name: 'Results' }).locator('.result')).toHaveCount(3);
  const sent = new URL(site.searches[before]!, site.engine).searchParams;
  expect({ hl: sent.get('hl'), gl: sent.get('gl') }).toEqual({ hl: 'de', gl: 'at' });
  await page.getByRole('radio', { name: 'Answer' }).click();
});
