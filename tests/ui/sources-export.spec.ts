/**
 * The person's sources and a thread's export in web mode (issue 39's UI), and the history's
 * words (issue 38): Settings → Sources blocks, pins and removes a site and imports a uBlacklist
 * list, each saved at once without touching the form's unsaved edits, a refused rule named and
 * nothing saved; the lists in force shape the next search and answer (a blocked page is never
 * read). "Export thread" saves the thread as Markdown, PDF and Word, each holding its sources'
 * URLs. A history row's date is in words and its delete confirmation names the thread.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { pdfPages, squeezed, wordText } from '../support/exported-files';
import { askQuestion } from './support/ask';
import { checkScreen } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

const QUESTION = 'How much caffeine is in a shot of espresso?';

let site: AnswerSite;
let web: WebMode;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startAnswerSite();
  web = await startWebMode({ engine: site.engine });
  page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto(web.loginUrl());
});

test.afterAll(async () => {
  await page?.context().close();
  await web?.close();
  await site?.close();
});

const sources = (): Locator => page.getByRole('region', { name: 'Sources' });
const list = (name: string): Locator => sources().getByRole('group', { name: new RegExp(`^${name} `) });
/** The settings file as the server keeps it. */
const savedSources = (): Record<string, string[]> =>
  (JSON.parse(readFileSync(join(web.dataDir, 'settings.json'), 'utf8')) as { sources?: Record<string, string[]> })
    .sources ?? {};

async function openSettings(): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(sources()).toBeVisible();
}

test('Settings → Sources: a site blocked at once, the form’s unsaved edits kept, the list in force after a reload', async () => {
  await openSettings();
  await expect(sources()).toContainText('No site is blocked, pinned, raised or lowered');
  // An edit of the form above, not saved: adding a site must leave it as it is.
  const language = page.getByRole('form', { name: 'Settings' }).getByRole('textbox', { name: 'Language' });
  await language.fill('de');
  const add = sources().getByRole('form', { name: 'Add a site' });
  await add.getByRole('textbox', { name: 'Site or rule' }).fill(`*://127.0.0.1/green-tea*`);
  await add.getByRole('combobox', { name: 'List' }).selectOption({ label: 'Block' });
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(sources().getByRole('status')).toContainText('Blocked: *://127.0.0.1/green-tea*');
  await expect(list('Blocked').getByRole('listitem')).toHaveText(['*://127.0.0.1/green-tea*Remove']);
  await expect(add.getByRole('textbox', { name: 'Site or rule' })).toHaveValue('');
  expect(savedSources()['block']).toEqual(['*://127.0.0.1/green-tea*']);
  await expect(language).toHaveValue('de');
  // A page's address pasted blocks its site, not that one page.
  await add.getByRole('textbox', { name: 'Site or rule' }).fill('https://www.Pinterest.com/');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(list('Blocked').getByRole('listitem')).toHaveCount(2);
  await expect(list('Blocked')).toContainText('pinterest.com');
  await page.reload();
  await expect(list('Blocked').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('form', { name: 'Settings' }).getByRole('textbox', { name: 'Language' })).toHaveValue('');
});

test('a uBlacklist list imported: a rule it cannot take is named and nothing is saved; the rest goes into the list chosen', async () => {
  const importer = sources().getByRole('form', { name: 'Import a uBlacklist list' });
  const text = importer.getByRole('textbox', { name: /^Paste the list/ });
  await text.fill('# my list\n*://127.0.0.1/roasting*\n/content-farm/\n');
  await importer.getByRole('combobox', { name: 'Into' }).selectOption({ label: 'Pinned' });
  // Comments are no rules: two counted.
  await importer.getByRole('button', { name: 'Import 2 rules' }).click();
  await expect(importer.getByRole('alert')).toContainText(
    '"/content-farm/": regular-expression rules are not supported',
  );
  await expect(list('Pinned')).toContainText('None.');
  expect(savedSources()['pin']).toEqual([]);
  await text.fill('# my list\n*://127.0.0.1/roasting*\n');
  await importer.getByRole('button', { name: 'Import 1 rule' }).click();
  await expect(importer.getByRole('status')).toContainText('Imported 1 rule into Pinned (1 new).');
  await expect(list('Pinned').getByRole('listitem')).toHaveText(['*://127.0.0.1/roasting*Remove']);
  expect(savedSources()['pin']).toEqual(['*://127.0.0.1/roasting*']);
  await sources().scrollIntoViewIfNeeded();
  await checkScreen(page, 'settings-sources');
});

test('the lists in force shape the next search and answer: the pinned page first, the blocked one never shown or read', async () => {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('radio', { name: 'Results only' }).click();
  await askQuestion(page, 'caffeine in coffee and tea');
  const titles = page.getByRole('region', { name: 'Results' }).locator('.result-title');
  await expect(titles.first()).toHaveText('Roasting coffee at home');
  await expect(titles).toHaveText(['Roasting coffee at home', 'Espresso, explained']);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('radio', { name: 'Answer' }).click();
  await askQuestion(page, QUESTION);
  const turn = page.getByRole('article', { name: /^Thread: / }).getByRole('region', { name: QUESTION, exact: true });
  await expect(turn.locator('[data-stage="checking"]')).toHaveAttribute('data-state', 'done');
  await expect(turn.locator('.source-card')).toHaveCount(2);
  await expect(turn).not.toContainText('Green tea basics');
  expect(site.requests).not.toContain('/green-tea');
});

/** The file a click downloads, read back. */
async function downloaded(click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

test('Export thread: Markdown, PDF and Word, each holding the question and its cited source’s URL', async () => {
  const thread = page.getByRole('article', { name: /^Thread: / });
  const toggle = thread.getByRole('button', { name: 'Export thread' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const formats = thread.getByRole('list', { name: 'Export the thread as' });
  await expect(formats.getByRole('button')).toHaveText(['Markdown (.md)', 'PDF (.pdf)', 'Word (.docx)']);
  await checkScreen(page, 'thread-export');
  // Esc closes the formats and gives focus back to the button.
  await formats.getByRole('button', { name: 'PDF (.pdf)' }).focus();
  await page.keyboard.press('Escape');
  await expect(formats).toHaveCount(0);
  await expect(toggle).toBeFocused();
  // The source the answer cites (the export's footnotes are its citations).
  const urls = [`${site.pages}/espresso`];

  const markdown = await downloaded(async () => {
    await toggle.click();
    await formats.getByRole('button', { name: 'Markdown (.md)' }).click();
  });
  expect(markdown.name).toMatch(/\.md$/);
  const text = markdown.bytes.toString('utf8');
  expect(text).toContain(QUESTION);
  for (const url of urls) expect(text).toContain(url);

  const pdf = await downloaded(async () => {
    await toggle.click();
    await formats.getByRole('button', { name: 'PDF (.pdf)' }).click();
  });
  expect(pdf.name).toBe('how-much-caffeine-is-in-a-shot-of-espresso.pdf');
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const printed = squeezed((await pdfPages(new Uint8Array(pdf.bytes))).join(' '));
  expect(printed).toContain(squeezed(QUESTION));
  for (const url of urls) expect(printed).toContain(squeezed(url));
  await expect(thread.getByRole('status').filter({ hasText: 'Saved how-much-caffeine' })).toBeVisible();

  const docx = await downloaded(async () => {
    await toggle.click();
    await formats.getByRole('button', { name: 'Word (.docx)' }).click();
  });
  expect(docx.name).toBe('how-much-caffeine-is-in-a-shot-of-espresso.docx');
  const files = unzipSync(new Uint8Array(docx.bytes));
  const word = Object.entries(files)
    .filter(([path]) => path.startsWith('word/') && path.endsWith('.xml'))
    .map(([, data]) => wordText(strFromU8(data)))
    .join(' ');
  expect(word).toContain(QUESTION);
  for (const url of urls) expect(word).toContain(url);
});

test('a history row: its date in words, and the delete confirmation names the thread', async () => {
  const row = page.getByRole('navigation', { name: 'History' }).locator('.threads li').filter({ hasText: QUESTION });
  await expect(row.locator('.thread-meta time')).toHaveText(/^(just now|\d+ minutes? ago)$/);
  await expect(row.locator('.thread-meta')).not.toContainText(/\d+\/\d+\/\d{4}/);
  await row.getByRole('button', { name: `Delete “${QUESTION}”` }).click();
  const confirm = row.getByRole('group', { name: `Delete “${QUESTION}”?` });
  // In words on the screen, not only to a screen reader: the confirmation covers the row's title.
  await expect(confirm.locator('.delete-question')).toHaveText(`Delete ${QUESTION}?`);
  await expect(confirm.locator('.delete-question q')).toBeVisible();
  await checkScreen(page, 'history-delete-named');
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toHaveCount(0);
});

test('Settings → Sources: a rule removed is out of force at once', async () => {
  await openSettings();
  await list('Blocked').getByRole('button', { name: 'Remove *://127.0.0.1/green-tea* from Blocked' }).click();
  await expect(list('Blocked').getByRole('listitem')).toHaveText(['pinterest.comRemove']);
  expect(savedSources()['block']).toEqual(['pinterest.com']);
});
