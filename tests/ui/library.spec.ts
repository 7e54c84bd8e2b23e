/**
 * The Library screen in web mode over a real runtime: the empty state says what to do; a folder
 * typed in is added (its bad file listed with why), listed, filtered by type, searched and a
 * document removed; a question asked of the library alone is answered from a PDF's page, its chip
 * opening the reader at that page with the quote marked; a file dropped on another screen opens
 * the Library; a page read for an answer saved from the reader and from its source card is listed
 * as a web page; a folder watched is listed with Stop watching, followed again after a restart
 * (a file written while the server was down indexed); screenshots at 1280×800 and 390×844, axe
 * clean (checkScreen).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { makePdf } from '../support/library-fixtures';
import { askQuestion } from './support/ask';
import { checkScreen } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

let site: AnswerSite;
let web: WebMode;
let folder: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startAnswerSite();
  web = await startWebMode({ engine: site.engine });
  folder = join(mkdtempSync(join(tmpdir(), 'lantern-ui-library-')), 'papers');
  mkdirSync(folder);
  writeFileSync(
    join(folder, 'harbour.md'),
    '# Harbour notes\n\n## Tides\n\nThe Vellmar tide gauge reads 4.2 metres at spring tide.\n',
  );
  writeFileSync(join(folder, 'garden.txt'), 'The tomatoes were planted in April beside the shed.');
  writeFileSync(
    join(folder, 'saved.html'),
    `<!doctype html><html><head><title>Saved article</title></head><body><article><h1>Saved article</h1>
     <p>This saved article explains how lighthouse keepers tended the lamps in a paragraph long enough to be read as the page's content, not its furniture.</p>
     <p>Another paragraph of the article keeps going so the extractor has prose to keep.</p></article></body></html>`,
  );
  writeFileSync(join(folder, 'broken.pdf'), '%PDF-1.7 not really');
  writeFileSync(
    join(folder, 'lighthouse-log.pdf'),
    await makePdf(browser as unknown as Parameters<typeof makePdf>[0], 'Lighthouse log', [
      'The Vellmar lighthouse log opens in the winter of the first year, when the keepers arrived.',
      'The Vellmar lamp was converted to electric power in 1932 after the great storm of that spring.',
    ]),
  );
});

test.afterAll(async () => {
  await web?.close();
  await site?.close();
});

test('add a folder, see what could not be read, filter, search and remove', async ({ page }) => {
  await page.goto(web.loginUrl());
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Library' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('region', { name: 'Empty library' })).toContainText('Type the path of a folder');
  await checkScreen(page, 'library-empty');

  await page.getByLabel('Files or folders (one path a line)').fill(folder);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const report = page.locator('.library-report');
  await expect(report).toContainText('4 files indexed');
  await expect(report).toContainText(`${join(folder, 'broken.pdf')} — `);
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('listitem')).toHaveCount(4);

  await page.getByLabel('Type').selectOption('markdown');
  await expect(documents.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Type').selectOption('');

  await page.getByLabel('Search the library').fill('tide gauge');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const passages = page.getByRole('region', { name: 'Passages found' });
  await expect(passages.getByRole('listitem').first()).toContainText('Harbour notes · Harbour notes › Tides');
  await checkScreen(page, 'library');

  await documents.getByRole('button', { name: 'Remove garden from the library' }).click();
  await expect(documents.getByRole('listitem')).toHaveCount(3);
});

test('asked of the library alone, the answer cites the PDF page, and its chip opens the reader at that page', async ({
  page,
}) => {
  await page.goto(web.loginUrl());
  const sources = page.getByLabel('Sources');
  await expect(sources).toHaveValue('auto');
  await sources.selectOption('library');
  await askQuestion(page, 'When was the Vellmar lamp converted to electric power?');
  const answer = page.getByRole('article', { name: 'Answer' });
  await expect(answer).toContainText('1932');
  // Library sections are read from the index, not fetched: no page count stays behind ("Reading 0/4").
  await expect(page.locator('[data-stage="reading"]')).toHaveText(/^\W*Reading$/);
  const chip = answer.getByRole('button', { name: /^Source 1/ }).first();
  await chip.click();
  const reader = page.getByRole('complementary', { name: 'Reader' });
  await expect(reader.getByRole('heading', { level: 2 })).toContainText('Lighthouse log');
  await expect(reader).toContainText('Your library · cited on page 2');
  await expect(reader.locator('mark.quote')).toContainText('converted to electric power in 1932');
  await expect(reader).toContainText('Page 2');
  // No web search was made for it.
  expect(site.searches).toHaveLength(0);
  await checkScreen(page, 'library-answer-reader');
});

test('deep research over the library alone plans and reads no web, and its report cites the PDF page', async ({
  page,
}) => {
  await page.goto(web.loginUrl());
  await page.getByRole('radio', { name: 'Deep research' }).click();
  await page.getByLabel('Sources').selectOption('library');
  const before = site.searches.length;
  await askQuestion(page, 'When was the Vellmar lamp converted to electric power?');
  const plan = page.getByRole('region', { name: 'Research plan' });
  await plan.getByRole('button', { name: 'Start research' }).click();
  const report = page.getByRole('article', { name: 'Research report' });
  await expect(report).toContainText('1932', { timeout: 60_000 });
  await expect(report.getByRole('button', { name: /^Source \d/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: /Sources/ }).last()).toContainText('Lighthouse log, p. 2');
  expect(site.searches.length).toBe(before);
});

test('a PDF dropped on another screen is sent to the Library, read page by page, and answers with its page', async ({
  page,
  browser,
}) => {
  await page.goto(web.loginUrl());
  const screens = page.getByRole('navigation', { name: 'Screens' });
  await expect(screens.getByRole('button', { name: 'Research' })).toHaveAttribute('aria-current', 'page');
  // A drop as a browser makes it: a DataTransfer holding the file's bytes, and no path.
  const pdf = await makePdf(browser as unknown as Parameters<typeof makePdf>[0], 'Tide table', [
    'The tide table covers the harbour of Vellmar for the whole year.',
    'The highest spring tide of the year at Vellmar reaches 5.1 metres in March.',
  ]);
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'tide-table.pdf', { type: 'application/pdf' }));
    // An empty file of no known type is a file all the same: the library lists it with why.
    transfer.items.add(new File([], 'empty-notes.md', { type: '' }));
    return transfer;
  }, pdf.toString('base64'));
  await page.locator('.layout').dispatchEvent('dragover', { dataTransfer });
  await page.locator('.layout').dispatchEvent('drop', { dataTransfer });
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.locator('.library-report')).toContainText('1 file indexed');
  await expect(page.locator('.library-report .unreadable')).toContainText('empty-notes');
  await expect(page.locator('.library-report .unreadable')).toContainText('the file is empty (0 bytes)');
  await expect(page.getByRole('region', { name: 'Documents' })).toContainText('Tide table');
  // The desktop app's folder chooser needs a path a browser never gives; its file chooser sends the files.
  await expect(page.getByText('Choose a folder…')).toHaveCount(0);
  await expect(page.getByText('Choose files…')).toHaveCount(1);

  await screens.getByRole('button', { name: 'Research' }).click();
  await page.getByLabel('Sources').selectOption('library');
  await askQuestion(page, 'How high does the highest spring tide at Vellmar reach?');
  const answer = page.getByRole('article', { name: 'Answer' });
  await expect(answer).toContainText('5.1 metres');
  await answer
    .getByRole('button', { name: /^Source 1/ })
    .first()
    .click();
  const reader = page.getByRole('complementary', { name: 'Reader' });
  await expect(reader).toContainText('Your library · cited on page 2');
  await expect(reader.locator('mark.quote')).toContainText('5.1 metres in March');
});

test('a page read for an answer is saved from the reader and from its source card, and the Library lists them', async ({
  page,
}) => {
  await page.goto(web.loginUrl());
  await askQuestion(page, 'How much caffeine is in a shot of espresso?');
  const answer = page.getByRole('article', { name: 'Answer' });
  await expect(answer).toContainText('63 mg');
  const cards = page.getByRole('region', { name: 'Sources' });
  const espresso = cards.locator('.source-card').filter({ hasText: 'Espresso, explained' });
  await espresso.getByRole('button', { name: 'Read in Lantern' }).click();
  const reader = page.getByRole('complementary', { name: 'Reader' });
  await expect(reader.getByRole('heading', { level: 2 })).toContainText('Espresso, explained');
  await reader.getByRole('button', { name: 'Save to library' }).click();
  await expect(reader.getByRole('status').filter({ hasText: 'Saved to your library' })).toBeVisible();
  await checkScreen(page, 'reader-saved');
  await reader.getByRole('button', { name: 'Close the reader' }).click();

  // A source card saves its page too (one the reader never opened).
  const other = cards.locator('.source-card').filter({ hasNotText: 'Espresso, explained' }).first();
  const title = (await other.locator('.source-title').textContent()) ?? '';
  await other.getByRole('button', { name: /^Save to library \(source \d+\)$/ }).click();
  await expect(other.getByRole('status')).toHaveText('Saved to your library');
  await other.scrollIntoViewIfNeeded();
  await checkScreen(page, 'source-card-saved');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Library' }).click();
  const documents = page.getByRole('region', { name: 'Documents' });
  const saved = documents.getByRole('listitem').filter({ hasText: 'Espresso, explained' });
  await expect(saved).toContainText('Web page');
  await expect(saved).toContainText(`Saved from ${site.pages}/espresso`);
  await expect(documents.getByRole('listitem').filter({ hasText: title })).toContainText('Web page');
});

test('a watched folder is listed with Stop watching, followed again after a restart, and stops when asked', async ({
  page,
}) => {
  const watched = mkdtempSync(join(tmpdir(), 'lantern-ui-watched-'));
  try {
    writeFileSync(join(watched, 'logbook.md'), '# Logbook\n\nThe keeper noted a zqwatchone squall.\n');
    await page.goto(web.loginUrl());
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Library' }).click();
    await page.getByLabel('Files or folders (one path a line)').fill(watched);
    await page.getByRole('checkbox', { name: /Keep the folders in step whenever Lantern runs/ }).check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('.library-report')).toContainText('1 file indexed');
    const folders = page.getByRole('region', { name: 'Watched folders' });
    await expect(folders.getByRole('listitem')).toHaveText([`${watched}Stop watching`]);
    await checkScreen(page, 'library-watching');

    // Written while no Lantern runs: read when it starts again.
    await web.restart();
    writeFileSync(join(watched, 'later.md'), '# Later\n\nWritten while Lantern was closed: zqwatchtwo.\n');
    await web.restart();
    await page.goto(web.loginUrl());
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Library' }).click();
    await expect(folders.getByRole('listitem')).toHaveCount(1);
    await expect(async () => {
      await page.getByLabel('Search the library').fill('zqwatchtwo');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Passages found' })).toContainText('Later', { timeout: 1000 });
    }).toPass();

    await folders.getByRole('button', { name: `Stop watching ${watched}` }).click();
    await expect(folders).toHaveCount(0);
    // Its documents stay.
    await expect(page.getByRole('region', { name: 'Documents' })).toContainText('Logbook');
  } finally {
    rmSync(watched, { recursive: true, force: true });
  }
});
