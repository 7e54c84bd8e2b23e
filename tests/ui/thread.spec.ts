/**
 * A thread on screen, in web mode against the stand-in Google (tests/support/answer-site.ts): a
 * follow-up stacks below the turn before it and is sent with the thread's id; the thread has an
 * address (/t/<id>) that a reload or a pasted link opens again, and its first question as the
 * tab's title; a follow-up that leans on the turn before says what it searched for, live and from
 * the history; an answer copies as Markdown with its sources; editing a question, regenerating an
 * answer and retrying a failed question (kept in its thread by the core) all stay in the one thread.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ANSWER_SITE_QUERIES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { checkScreen } from './support/ui-checks';
import { askQuestion } from './support/ask';
import { startWebMode, type WebMode } from './support/web-mode';

const FIRST = 'How much caffeine is in a shot of espresso?';
// Leans on the first question ("it"): searched for as a question that stands alone.
const FOLLOW_UP = 'Who patented it first?';
const EDITED = 'How much caffeine is in a cup of green tea?';
const FAILING = `${ANSWER_SITE_QUERIES.failsOnce}: how much caffeine is in a shot of espresso?`;
const FAILS_FIRST = `${ANSWER_SITE_QUERIES.failsOnce}: how much caffeine does green tea have?`;

let site: AnswerSite;
let web: WebMode;
let page: Page;
let address: string;
/** What the follow-up said it searched for, live. */
let searchedFor: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startAnswerSite();
  web = await startWebMode({ engine: site.engine });
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
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

/** A turn of the thread on screen, by its question (the nth when the question was asked again). */
const turn = (question: string, nth = 0): Locator =>
  page
    .getByRole('article', { name: /^Thread: / })
    .getByRole('region', { name: question, exact: true })
    .nth(nth);
const answered = async (of: Locator): Promise<void> => {
  await expect(
    of
      .getByRole('article', { name: 'Answer' })
      .getByRole('button', { name: /^Source \d/ })
      .first(),
  ).toBeVisible();
  await expect(of.locator('[data-stage="checking"]')).toHaveAttribute('data-state', 'done');
};
const threads = (): Locator =>
  page.getByRole('navigation', { name: 'History' }).getByRole('list', { name: 'Threads' }).getByRole('listitem');

test('a follow-up stacks below the first turn and is sent with the thread id; the thread has an address and a title', async () => {
  await ask(FIRST);
  await answered(turn(FIRST));
  await expect(page).toHaveURL(new RegExp(`^${web.origin}/t/\\d+$`));
  address = page.url();
  const threadId = address.split('/t/')[1];
  await expect(page).toHaveTitle(`${FIRST} — Lantern`);

  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/v1/answer',
  );
  await ask(FOLLOW_UP);
  expect(new URL((await sent).url()).searchParams.get('threadId')).toBe(threadId);
  await answered(turn(FOLLOW_UP));
  // Both turns, in order, each with its answer and sources; the new one scrolled into view.
  await expect(turn(FIRST)).toContainText('63 mg');
  await expect(turn(FOLLOW_UP)).toContainText('Moriondo');
  await expect(turn(FOLLOW_UP).locator('.source-card')).toHaveCount(3);
  // The follow-up was searched for as it stands alone, with the first question's subject.
  await expect(turn(FOLLOW_UP).locator('.searched-for')).toHaveText(
    /^Searched for: Who patented .*espresso.* first\?$/,
  );
  searchedFor = (await turn(FOLLOW_UP).locator('.searched-for').textContent()) ?? '';
  await expect(turn(FIRST).locator('.searched-for')).toHaveCount(0);
  await expect(turn(FOLLOW_UP).getByRole('heading', { name: FOLLOW_UP })).toBeInViewport();
  await expect(page.getByRole('article', { name: /^Thread: / }).getByRole('region', { name: /\?$/ })).toHaveText([
    new RegExp(FIRST.replace('?', '\\?')),
    new RegExp(FOLLOW_UP.replace('?', '\\?')),
  ]);
  await expect(page).toHaveURL(address);
  await expect(page).toHaveTitle(`${FIRST} — Lantern`);
  await expect(threads()).toHaveCount(1);
  await expect(threads().first()).toContainText('2 questions');
});

test('copy puts the answer on the clipboard as Markdown with its sources listed', async () => {
  await turn(FIRST).getByRole('button', { name: 'Copy answer' }).click();
  await expect(turn(FIRST).getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/63 mg of caffeine[^\n]*\[1\]/);
  expect(copied).toContain(`\n\nSources:\n[1] Espresso, explained (${site.pages}/espresso)\n`);
  expect(
    copied.split('\n').filter((line) => /^\[\d\] .+ \(http:\/\/127\.0\.0\.1:\d+\/[a-z-]+\)$/.test(line)),
  ).toHaveLength(3);
});

test("the thread's address opens it again after a reload, and from a pasted link", async () => {
  const live = await page.evaluate(() => navigator.clipboard.readText());
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(turn(FIRST)).toContainText('63 mg');
  await expect(
    turn(FOLLOW_UP)
      .getByRole('button', { name: /^Source \d/ })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveTitle(`${FIRST} — Lantern`);
  // The stored turn copies as the live one did.
  await turn(FIRST).getByRole('button', { name: 'Copy answer' }).click();
  await expect(turn(FIRST).getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(live);

  const pasted = await page.context().newPage();
  await pasted.goto(address);
  await expect(pasted.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
  await expect(pasted.getByRole('heading', { level: 2, name: FOLLOW_UP })).toBeVisible();
  await expect(pasted).toHaveTitle(`${FIRST} — Lantern`);
  await pasted.close();

  // New leaves the thread (and its address); Back comes to it again.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(`${web.origin}/`);
  await expect(page).toHaveTitle('Lantern');
  await page.goBack();
  await expect(page).toHaveURL(address);
  await expect(turn(FOLLOW_UP)).toBeVisible();
});

test('editing a question asks it again in the same thread', async () => {
  await turn(FOLLOW_UP)
    .getByRole('button', { name: `Edit the question “${FOLLOW_UP}”` })
    .click();
  const edit = turn(FOLLOW_UP).getByRole('textbox', { name: 'Edited question' });
  await expect(edit).toBeFocused();
  await expect(edit).toHaveValue(FOLLOW_UP);
  await edit.fill(EDITED);
  await edit.press('Enter');
  await answered(turn(EDITED));
  await expect(turn(FOLLOW_UP)).toBeVisible();
  await expect(page).toHaveURL(address);
  await expect(threads()).toHaveCount(1);
  await expect(threads().first()).toContainText('3 questions');
});

test('regenerating an answer asks the question again in the same thread, as a new turn below', async () => {
  await turn(EDITED).getByRole('button', { name: 'Regenerate' }).click();
  await answered(turn(EDITED, 1));
  await expect(turn(EDITED, 0)).toBeVisible();
  await expect(page).toHaveURL(address);
  await expect(threads()).toHaveCount(1);
  await expect(threads().first()).toContainText('4 questions');
});

test('a failed question stays in its thread with a retry, and the retry answers', async () => {
  await ask(FAILING);
  const failed = turn(FAILING);
  await expect(failed.getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  await expect(turn(FIRST)).toBeVisible();
  // Still there, with its retry, once the next question is asked.
  await ask(FIRST);
  await answered(turn(FIRST, 1));
  await expect(failed.getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  await page.setViewportSize({ width: 1280, height: 800 });
  await failed.scrollIntoViewIfNeeded();
  // Only the pane scrolled: the page itself stays put, with nothing below the layout.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await checkScreen(page, 'thread-failed-turn');
  await failed.getByRole('button', { name: /^(Retry|Try again)$/ }).click();
  await answered(turn(FAILING, 1));
  await expect(page).toHaveURL(address);
  await expect(threads()).toHaveCount(1);
});

test('from the history: a turn says what it searched for, and a failed turn shows its error with a retry that answers', async () => {
  // The core kept the follow-up's standalone query and the question that failed (its error, no answer).
  await page.reload();
  await expect(turn(FOLLOW_UP).locator('.searched-for')).toHaveText(searchedFor);
  await expect(turn(FIRST).locator('.searched-for')).toHaveCount(0);
  const failed = turn(FAILING);
  await expect(failed.getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  await expect(failed.getByRole('button', { name: 'Copy answer' })).toHaveCount(0);
  // Its retry (answered before the reload) follows it, as it was asked.
  await expect(turn(FAILING, 1).getByRole('button', { name: 'Copy answer' })).toBeVisible();
  await failed.scrollIntoViewIfNeeded();
  await checkScreen(page, 'thread-stored-failed-turn');
  await failed.getByRole('button', { name: /^(Retry|Try again)$/ }).click();
  await answered(turn(FAILING, 2));
  await expect(page).toHaveURL(address);
  await expect(threads()).toHaveCount(1);
});

test('a question that fails first is kept in a thread of its own: its address, and its retry asks there', async () => {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(`${web.origin}/`);
  await ask(FAILS_FIRST);
  await expect(turn(FAILS_FIRST).getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  // The core named the new thread in the error's details: the page is at its address, the history lists it.
  await expect(page).toHaveURL(new RegExp(`^${web.origin}/t/\\d+$`));
  const kept = page.url();
  expect(kept).not.toBe(address);
  await expect(page).toHaveTitle(`${FAILS_FIRST} — Lantern`);
  await expect(threads()).toHaveCount(2);
  await expect(threads().first()).toContainText('1 question');
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/v1/answer',
  );
  await turn(FAILS_FIRST)
    .getByRole('button', { name: /^(Retry|Try again)$/ })
    .click();
  expect(new URL((await sent).url()).searchParams.get('threadId')).toBe(kept.split('/t/')[1]);
  // The retry answers below the failure, which stays on screen as the core kept it.
  await answered(turn(FAILS_FIRST, 1));
  await expect(turn(FAILS_FIRST, 0).getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  await expect(page).toHaveURL(kept);
  await expect(threads()).toHaveCount(2);
  await expect(threads().first()).toContainText('2 questions');
  // From its address: the failed question with its error, then its retry's answer.
  await page.reload();
  await expect(turn(FAILS_FIRST, 0).getByRole('alert')).toContainText('ENGINE_UNREACHABLE');
  await expect(turn(FAILS_FIRST, 1).getByRole('button', { name: 'Copy answer' })).toBeVisible();
  await expect(turn(FAILS_FIRST, 1)).toContainText('mg of caffeine');
  await page.goto(address);
  await expect(turn(FIRST)).toBeVisible();
});

test('the thread screen passes axe in light and dark, wide and narrow', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
  // The answers' citation chips, once the Markdown stack has loaded (it loads when the page is idle).
  await expect(
    turn(FIRST)
      .getByRole('button', { name: /^Source 1/ })
      .first(),
  ).toBeVisible();
  await checkScreen(page, 'thread-1280');
  await turn(FIRST)
    .getByRole('button', { name: `Edit the question “${FIRST}”` })
    .click();
  await checkScreen(page, 'thread-editing-1280');
  await turn(FIRST).getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'thread-390');
  await turn(FOLLOW_UP).scrollIntoViewIfNeeded();
  await checkScreen(page, 'thread-follow-up-390');
});
