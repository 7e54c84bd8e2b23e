/**
 * Citation numbers hold within a thread, in web mode against the stand-in Google
 * (tests/support/answer-site.ts): a follow-up whose search ranks the pages the other way round
 * cites a page of turn 1 by the number it had in turn 1, live and in the thread reopened after a
 * reload (the stored turn), and Regenerate, a new turn of the same thread, keeps them too.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ANSWER_SITE_QUERIES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { askQuestion } from './support/ask';
import { startWebMode, type WebMode } from './support/web-mode';

const FIRST = 'When was the espresso machine first patented?';
// Stands alone (searched for as it is), and the stand-in Google ranks /espresso last for it.
const FOLLOW_UP = `Who patented the espresso machine in Turin, ${ANSWER_SITE_QUERIES.reversed}?`;

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

const turn = (question: string): Locator =>
  page.getByRole('article', { name: /^Thread: / }).getByRole('region', { name: question, exact: true });
const chips = (of: Locator): Locator =>
  of.getByRole('article', { name: 'Answer' }).getByRole('button', { name: /^Source \d/ });
/** The numbers on a turn's source cards, by the page's title. */
async function cardNumbers(of: Locator): Promise<Record<string, string | null>> {
  const cards = of.locator('.source-card');
  const out: Record<string, string | null> = {};
  for (const card of await cards.all())
    out[(await card.locator('.source-title').textContent()) ?? ''] = await card.getAttribute('data-n');
  return out;
}
/** The source numbers a turn's answer cites, once each, in order. */
async function cited(of: Locator): Promise<string[]> {
  const labels = await chips(of).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return [...new Set(labels.map((label) => /^Source (\d+)/.exec(label)?.[1] ?? label))];
}
const answered = async (of: Locator): Promise<void> => {
  await expect(chips(of).first()).toBeVisible();
  await expect(of.locator('[data-stage="checking"]')).toHaveAttribute('data-state', 'done');
};
const NUMBERS = { 'Espresso, explained': '1', 'Green tea basics': '2', 'Roasting coffee at home': '3' };

test('a follow-up cites a page of turn 1 by its turn-1 number, though its search ranks the page last', async () => {
  await askQuestion(page, FIRST);
  await answered(turn(FIRST));
  expect(await cited(turn(FIRST))).toEqual(['1']);
  expect(await cardNumbers(turn(FIRST))).toEqual(NUMBERS);

  await askQuestion(page, FOLLOW_UP);
  await answered(turn(FOLLOW_UP));
  // The search ranked /roasting, /green-tea, /espresso: each keeps its turn-1 number.
  expect(site.searches.at(-1)).toContain(encodeURIComponent(ANSWER_SITE_QUERIES.reversed).replaceAll('%20', '+'));
  await expect(turn(FOLLOW_UP)).toContainText('Moriondo');
  expect(await cited(turn(FOLLOW_UP))).toEqual(['1']);
  await expect(turn(FOLLOW_UP).locator('.source-card')).toHaveCount(3);
  expect(await cardNumbers(turn(FOLLOW_UP))).toEqual(NUMBERS);
});

test('the reopened thread shows the stored numbers, as live', async () => {
  await page.reload();
  // Each turn's answer draws its chips once the lazily loaded Markdown stack is in (Lazy.tsx), and
  // React may commit one turn's before the other's: wait for both.
  await answered(turn(FIRST));
  await answered(turn(FOLLOW_UP));
  expect(await cited(turn(FIRST))).toEqual(['1']);
  expect(await cited(turn(FOLLOW_UP))).toEqual(['1']);
  expect(await cardNumbers(turn(FOLLOW_UP))).toEqual(NUMBERS);
});

test('regenerating the follow-up gives each page the number it has in the thread', async () => {
  await turn(FOLLOW_UP).getByRole('button', { name: 'Regenerate' }).click();
  const again = turn(FOLLOW_UP).nth(1);
  await answered(again);
  expect(await cited(again)).toEqual(['1']);
  expect(await cardNumbers(again)).toEqual(NUMBERS);
});
