/**
 * The UI at any window size, in web mode on the layout stand-in web (support/layout-site.ts):
 * sources at a glance above the answer, card headers on one line, quotes and tooltips without
 * Markdown markers, history's search of the pages read, results only with clickable related
 * searches and people-also-ask (the same live and in history), and at phone width (390×844) a
 * history drawer and a full-screen reader. Each screen is checked with axe-core in light and
 * dark at 1280×800 and 390×844 (checkScreen).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  LAYOUT_QUESTION,
  LONG_TITLE,
  PAGE_ONLY_WORD,
  PEOPLE_ALSO_ASK,
  RELATED_SEARCHES,
  startLayoutSite,
  type LayoutSite,
} from './support/layout-site';
import { checkScreen, controlsTabCannotReach, PHONE, WIDE } from './support/ui-checks';
import { askQuestion } from './support/ask';
import { startWebMode, type WebMode } from './support/web-mode';

let site: LayoutSite;
let web: WebMode;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startLayoutSite();
  web = await startWebMode({ engine: site.engine });
  page = await (await browser.newContext({ viewport: WIDE })).newPage();
  await page.goto(web.loginUrl());
});

test.afterAll(async () => {
  await page?.context().close();
  await web?.close();
  await site?.close();
});

function ask(question: string): Promise<void> {
  return askQuestion(page, question);
}

/** The tip of the focused citation chip is shown whole, inside the pane it belongs to. */
async function expectTipInsidePane(): Promise<void> {
  const tip = page.locator('.chip-wrap:focus-within [role="tooltip"]');
  await expect(tip).toBeVisible();
  const box = (await tip.boundingBox())!;
  const pane = (await page.getByRole('main').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(pane.x);
  expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width);
}

/** The numbers the answer's text cites, in the order they first appear. */
async function citedInAnswer(): Promise<number[]> {
  const text = await page.getByRole('region', { name: 'Answer text' }).evaluate((element) => {
    // Each chip shows its number; read them in document order.
    return [...element.querySelectorAll('.chip')].map((chip) => Number.parseInt(chip.textContent ?? '', 10));
  });
  return [...new Set(text)];
}

test('the answer shows its cited sources at a glance above it, the rest folded behind “N more”', async () => {
  await ask(LAYOUT_QUESTION);
  const answer = page.getByRole('article', { name: 'Answer' });
  await expect(answer.getByText('Quoted from the sources')).toBeVisible();
  // The chips come with the Markdown stack, which may still be loading (it loads when the page is idle).
  await expect(answer.getByRole('region', { name: 'Answer text' }).locator('.chip').first()).toBeVisible();
  const cited = await citedInAnswer();
  expect(cited.length).toBeGreaterThan(0);

  const glance = answer.getByRole('region', { name: 'Cited sources' });
  await expect(glance).toBeVisible();
  const shown = glance.getByRole('list').getByRole('button');
  await expect(shown).toHaveCount(cited.length);
  // Cited first, in source order; the uncited behind one button.
  const numbers = await shown.evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-n'))));
  expect(numbers).toEqual([...cited].sort((a, b) => a - b));
  const rest = 5 - cited.length;
  if (rest > 0) {
    const more = glance.getByRole('button', { name: `${rest} more` });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(glance.getByRole('list').getByRole('button')).toHaveCount(5);
    await glance.getByRole('button', { name: 'Fewer' }).click();
  }
  // Above the answer's text, where the eye starts.
  const glanceBox = (await glance.boundingBox())!;
  const textBox = (await answer.getByRole('region', { name: 'Answer text' }).boundingBox())!;
  expect(glanceBox.y + glanceBox.height).toBeLessThanOrEqual(textBox.y);
  await checkScreen(page, 'layout-answer');
});

test('source card headers stay on one line and rows are not stretched to the tallest card', async () => {
  const cards = page.locator('.source-card');
  await expect(cards).toHaveCount(5);
  for (const card of await cards.all()) {
    const lines = await card.evaluate((element) => {
      const date = element.querySelector('.source-date');
      const badge = element.querySelector('.favicon');
      const head = element.querySelector('.source-head');
      if (!date || !badge || !head) return undefined;
      const lineHeight = Number.parseFloat(getComputedStyle(date).lineHeight);
      return {
        dateLines: date.getBoundingClientRect().height / lineHeight,
        badge: [badge.getBoundingClientRect().width, badge.getBoundingClientRect().height],
        headInside: head.getBoundingClientRect().right <= element.getBoundingClientRect().right,
      };
    });
    expect(lines, 'every card has a date, a badge and a header').toBeDefined();
    expect(lines!.dateLines).toBeLessThan(1.5);
    expect(lines!.badge).toEqual([20, 20]);
    expect(lines!.headInside).toBe(true);
  }
  // Each card ends where its content ends: the grid does not stretch it to the tallest of its row.
  const gaps = await cards.evaluateAll((elements) =>
    elements.map((card) => {
      const last = card.lastElementChild!;
      const style = getComputedStyle(card);
      const below =
        Number.parseFloat(getComputedStyle(last).marginBottom) +
        Number.parseFloat(style.paddingBottom) +
        Number.parseFloat(style.borderBottomWidth);
      return Math.round(card.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom - below);
    }),
  );
  expect(
    gaps.every((gap) => Math.abs(gap) <= 1),
    `space under each card's content: ${gaps.join(', ')}`,
  ).toBe(true);
});

test('quotes and citation tooltips show the page’s Markdown rendered, never its ** or backticks', async () => {
  const answer = page.getByRole('article', { name: 'Answer' });
  const texts = await answer.locator('.chip-tip, .source-quotes li').allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).not.toMatch(/\*\*|`/);
  // The bold of the page is bold here, as elements built by React; its markup stays text.
  await expect(answer.locator('.tip-quote strong, .source-quotes strong').first()).toBeAttached();
  await expect(answer.locator('.source-quotes li', { hasText: 'Mesolithic' }).first()).toContainText(
    '<img src=x onerror="window.__pwned=true">',
  );
  await expect(answer.locator('.chip-tip img, .source-quotes img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // The first chip sits near the pane's left edge: its tip stays inside the pane all the same.
  await answer
    .getByRole('button', { name: /^Source \d+, found on the page$/ })
    .first()
    .focus();
  await expectTipInsidePane();
  await checkScreen(page, 'layout-tooltip');
});

test('history search finds a word of a page that was read, and opens the page in the reader', async () => {
  const history = page.getByRole('navigation', { name: 'History' });
  await history.getByLabel('Search history').fill(PAGE_ONLY_WORD);
  const hits = history.getByRole('list', { name: 'Search results in history' });
  const hit = hits.getByRole('button', { name: new RegExp(`^Read page: ${LONG_TITLE.slice(0, 30)}`) });
  await expect(hit).toBeVisible();
  await expect(hit.locator('strong', { hasText: new RegExp(`^${PAGE_ONLY_WORD}$`, 'i') })).toBeVisible();
  await checkScreen(page, 'layout-history-pages');
  await hit.click();
  const reader = page.getByRole('complementary', { name: 'Reader' });
  await expect(reader.getByRole('heading', { name: LONG_TITLE })).toBeVisible();
  await expect(reader).toContainText(`barbed ${PAGE_ONLY_WORD}`);
  await reader.getByRole('button', { name: 'Close the reader' }).click();
  await expect(reader).toHaveCount(0);
  // Focus goes back to the hit that opened the reader, a frame after the reader is gone: typing
  // into the search box before then would lose its keys to that move (as a CI run once did).
  await expect(hit).toBeFocused();
  // An emptied search box shows the threads again.
  await history.getByLabel('Search history').fill('');
  await expect(history.getByLabel('Search history')).toHaveValue('');
  await expect(history.getByRole('list', { name: 'Threads' })).toBeVisible();
});

test('results only: related searches and people-also-ask are searches to click, numbered once, the same in history', async () => {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('radio', { name: 'Results only' }).click();
  await ask('doggerland maps');
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.locator('.result')).toHaveCount(5);
  // One number per result and the title once.
  await expect(results.locator('.result-n')).toHaveText(['1', '2', '3', '4', '5']);
  await expect(results.locator('.result').first()).not.toContainText('[1]');
  await expect(results.getByText(LONG_TITLE, { exact: true })).toHaveCount(1);
  await expect(results.getByRole('button', { name: PEOPLE_ALSO_ASK })).toBeVisible();
  for (const related of RELATED_SEARCHES) await expect(results.getByRole('button', { name: related })).toBeVisible();
  // The screenshots show the searches to click.
  await results.getByRole('region', { name: 'Related searches' }).scrollIntoViewIfNeeded();
  await checkScreen(page, 'layout-results');

  // Each runs as a search of its own.
  await results.getByRole('button', { name: RELATED_SEARCHES[1]! }).click();
  await expect(page.getByRole('heading', { level: 1, name: RELATED_SEARCHES[1]! })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Results' }).locator('.result')).toHaveCount(5);
  await page.getByRole('region', { name: 'Results' }).getByRole('button', { name: PEOPLE_ALSO_ASK }).click();
  await expect(page.getByRole('heading', { level: 1, name: PEOPLE_ALSO_ASK })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Results' }).locator('.result')).toHaveCount(5);

  // The first search in its history thread: the same component, one number per result, the title once.
  await page
    .getByRole('navigation', { name: 'History' })
    .getByRole('list', { name: 'Threads' })
    .getByRole('button', { name: /^doggerland maps/ })
    .click();
  const thread = page.getByRole('article', { name: 'Thread: doggerland maps' });
  const stored = thread.getByRole('region', { name: 'Results' });
  await expect(stored.locator('.result')).toHaveCount(5);
  await expect(stored.locator('.result-n')).toHaveText(['1', '2', '3', '4', '5']);
  await expect(stored.getByText(LONG_TITLE, { exact: true })).toHaveCount(1);
  await expect(stored.locator('.result').first()).not.toContainText('[1]');
  await expect(stored.locator('.result .date').first()).toHaveText(/Mar 3, 2025/);
  await expect(stored.locator('.snippet').first()).toHaveText(/180,000 square kilometres/);
  // What the results page suggested, kept with the turn, as searches to click.
  await expect(stored.getByRole('button', { name: PEOPLE_ALSO_ASK })).toBeVisible();
  for (const related of RELATED_SEARCHES) await expect(stored.getByRole('button', { name: related })).toBeVisible();
  // The query once: the thread's title, not again over its results.
  await expect(thread.getByText('doggerland maps', { exact: true })).toHaveCount(1);
  await checkScreen(page, 'layout-results-thread');
  await page.getByRole('radio', { name: 'Answer' }).click();
});

test('at 390 px the history is a drawer (search, export, delete in it; Esc returns focus) and the reader fills the screen', async () => {
  await page.setViewportSize(PHONE);
  const history = page.getByRole('navigation', { name: 'History' });
  await expect(history).toBeHidden();
  const toggle = page.getByRole('button', { name: 'History', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(history).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(history.getByLabel('Search history')).toBeFocused();
  const thread = history
    .getByRole('list', { name: 'Threads' })
    .getByRole('listitem')
    .filter({ hasText: LAYOUT_QUESTION });
  await expect(thread.getByRole('button', { name: `Export “${LAYOUT_QUESTION}” as Markdown` })).toBeInViewport();
  await expect(thread.getByRole('button', { name: `Delete “${LAYOUT_QUESTION}”` })).toBeInViewport();
  await checkScreen(page, 'layout-phone-drawer');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(toggle).toBeFocused();

  // The close button closes it too; a thread opened from it closes it.
  await toggle.click();
  await history.getByRole('button', { name: 'Close history' }).click();
  await expect(history).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await history.getByLabel('Search history').fill(PAGE_ONLY_WORD);
  await expect(history.getByRole('button', { name: /^Read page:/ })).toBeVisible();
  await checkScreen(page, 'layout-phone-drawer-search');
  await history.getByLabel('Search history').fill('');
  await thread.getByRole('button', { name: new RegExp(`^${LAYOUT_QUESTION.replace('?', '\\?')}`) }).click();
  await expect(history).toBeHidden();
  const view = page.getByRole('article', { name: `Thread: ${LAYOUT_QUESTION}` });
  await expect(view).toBeVisible();
  await view
    .getByRole('button', { name: /^Source \d+, found on the page$/ })
    .first()
    .focus();
  await expectTipInsidePane();
  await checkScreen(page, 'layout-phone-thread');
  // Nothing on the phone's screen is out of the keyboard's reach either.
  expect(await controlsTabCannotReach(page)).toEqual([]);

  // The reader covers the whole screen, its title across the width.
  await view
    .getByRole('button', { name: /^Source 1/ })
    .first()
    .press('Enter');
  const reader = page.getByRole('complementary', { name: 'Reader' });
  const title = reader.getByRole('heading', { name: LONG_TITLE });
  await expect(title).toBeVisible();
  expect(await reader.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  expect((await title.boundingBox())!.width).toBeGreaterThan(PHONE.width * 0.75);
  await checkScreen(page, 'layout-phone-reader');
  await reader.getByRole('button', { name: 'Close the reader' }).click();
  await page.setViewportSize(WIDE);
});
