/**
 * The library over a real folder: 35 files made here (PDFs printed by Chromium, DOCX, EPUB,
 * Markdown, HTML, text, a corrupt PDF, an empty file and a picture it does not read), indexed
 * into a real SQLite store, and followed on disk through fs.watch.
 */
import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { Library, watchFolder, type SyncReport } from '../../src/main/library';
import type { Store } from '../../src/main/store';
import { makeDocx, makeEpub, makePdf } from '../support/library-fixtures';
import { tempStore } from '../support/temp-store';

const COUNT = 6;
/** A word found in one place only: kind, file number and page or part. */
const mark = (kind: string, i: number, part: number): string => `zq${kind}${i}x${part}`;

let browser: Browser;
let store: Store;
let cleanup: () => void;
let folder: string;
let library: Library;
let first: SyncReport;

async function writeFolder(dir: string): Promise<void> {
  mkdirSync(join(dir, 'nested'), { recursive: true });
  for (let i = 0; i < COUNT; i++) {
    const pages = [1, 2, 3].map(
      (p) => `Page ${p} of the survey report ${i} records the marker ${mark('pdf', i, p)} among its findings.`,
    );
    writeFileSync(join(dir, `report-${i}.pdf`), await makePdf(browser, `Survey ${i}`, pages));
    writeFileSync(
      join(dir, `memo-${i}.docx`),
      await makeDocx([
        { heading: `Budget ${i}`, paragraphs: [`The budget memo ${i} sets aside funds under ${mark('docx', i, 1)}.`] },
        { heading: `Staffing ${i}`, paragraphs: [`Staffing for memo ${i} is listed as ${mark('docx', i, 2)}.`] },
      ]),
    );
    writeFileSync(
      join(dir, `book-${i}.epub`),
      await makeEpub(`Book ${i}`, [
        {
          title: `Opening ${i}`,
          paragraphs: [`The first chapter of book ${i} mentions ${mark('epub', i, 1)} twice: ${mark('epub', i, 1)}.`],
        },
        { title: `Closing ${i}`, paragraphs: [`The last chapter of book ${i} ends with ${mark('epub', i, 2)}.`] },
      ]),
    );
    writeFileSync(
      join(dir, 'nested', `notes-${i}.md`),
      `# Notes ${i}\n\nIntro to notes ${i}.\n\n## Details\n\nThe detail is ${mark('md', i, 1)}.\n`,
    );
    writeFileSync(
      join(dir, `page-${i}.html`),
      `<!doctype html><html><head><title>Saved page ${i}</title><script>window.${mark('script', i, 1)} = 1</script></head>
       <body><nav><a href="/">Home</a></nav><article><h1>Saved page ${i}</h1><p>This saved article ${i} explains ${mark('html', i, 1)} in a paragraph long enough to be read as the page's content, not its furniture.</p>
       <p><img src="x" onerror="alert(1)">Another paragraph of the article keeps going so the extractor has prose to keep.</p></article></body></html>`,
    );
  }
  writeFileSync(join(dir, 'plain.txt'), `A plain text file holding ${mark('txt', 0, 1)}.`);
  writeFileSync(join(dir, 'nested', 'more.txt'), `Another text file holding ${mark('txt', 1, 1)}.`);
  writeFileSync(
    join(dir, 'broken.pdf'),
    Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), Buffer.alloc(64, 0x20)]),
  );
  writeFileSync(join(dir, 'empty.md'), '');
  writeFileSync(join(dir, 'picture.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dir, '.hidden.md'), `# Hidden\n\n${mark('hidden', 0, 1)}`);
}

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: findChrome(), args: chromiumArgs(), headless: true });
  const temp = tempStore();
  store = temp.store;
  cleanup = temp.cleanup;
  folder = join(temp.dir, 'documents');
  await writeFolder(folder);
  library = new Library(store);
  first = await library.addFolder(folder);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  cleanup?.();
});

const hitsFor = (word: string) => store.library.search({ all: word });

describe('adding a folder', () => {
  it('indexes every readable file and lists the unreadable ones with why', () => {
    // 6 × (PDF, DOCX, EPUB, Markdown, HTML) and 2 text files; the picture and the hidden file are not the library's.
    expect(first.indexed).toHaveLength(32);
    expect(store.library.list()).toHaveLength(32);
    expect(first.unreadable.map((f) => [f.path.slice(folder.length + 1), f.reason])).toEqual([
      ['broken.pdf', expect.stringMatching(/not a readable PDF/)],
      ['empty.md', 'the file is empty (0 bytes)'],
    ]);
    expect(hitsFor(mark('hidden', 0, 1))).toEqual([]);
  });

  it('keeps a PDF page by page, with its page number', () => {
    for (const page of [1, 2, 3]) {
      const [hit, ...rest] = hitsFor(mark('pdf', 4, page));
      expect(rest).toEqual([]);
      expect(hit).toMatchObject({ path: join(folder, 'report-4.pdf'), kind: 'pdf', page });
      expect(hit?.text).toContain(`Page ${page} of the survey report 4`);
    }
    expect(store.library.get(join(folder, 'report-4.pdf'))).toMatchObject({ pageCount: 3, sections: 3 });
    expect(store.library.sections(join(folder, 'report-4.pdf'))?.map((s) => s.page)).toEqual([1, 2, 3]);
    expect(store.library.sections(join(folder, 'not-there.pdf'))).toBeUndefined();
  });

  it('cuts DOCX, EPUB and Markdown at their headings and EPUB chapters in spine order', () => {
    expect(hitsFor(mark('docx', 2, 2))[0]).toMatchObject({ path: join(folder, 'memo-2.docx'), heading: 'Staffing 2' });
    expect(hitsFor(mark('md', 3, 1))[0]).toMatchObject({
      path: join(folder, 'nested', 'notes-3.md'),
      title: 'Notes 3',
      heading: 'Notes 3 › Details',
    });
    const book = store.library.get(join(folder, 'book-1.epub'));
    expect(book).toMatchObject({ title: 'Book 1', kind: 'epub', sections: 2, lang: 'en' });
    const closing = hitsFor(mark('epub', 1, 2))[0];
    const opening = hitsFor(mark('epub', 1, 1))[0];
    expect([opening?.heading, closing?.heading]).toEqual(['Opening 1', 'Closing 1']);
    expect(opening!.sectionId).toBeLessThan(closing!.sectionId);
  });

  it('reads HTML through the web extractor: its text, not its scripts or markup', () => {
    const [hit] = hitsFor(mark('html', 5, 1));
    expect(hit).toMatchObject({ title: 'Saved page 5', kind: 'html' });
    expect(hit?.text).not.toMatch(/<img|onerror|<p>/);
    expect(hitsFor(mark('script', 5, 1))).toEqual([]);
  });

  it('reads nothing again when the folder is added again unchanged', async () => {
    const again = await library.addFolder(folder);
    expect(again).toMatchObject({ indexed: [], unchanged: 34, removed: [] });
    expect(again.unreadable).toHaveLength(2);
  });

  it('tells its progress file by file', async () => {
    const seen: { done: number; total: number }[] = [];
    await library.sync(folder, { onProgress: ({ done, total }) => seen.push({ done, total }) });
    expect(seen.at(0)).toEqual({ done: 0, total: 34 });
    expect(seen.at(-1)).toEqual({ done: 34, total: 34 });
    expect(seen).toHaveLength(35);
  });

  it('refuses a path that is not a folder, naming the field', async () => {
    await expect(library.addFolder(join(folder, 'plain.txt'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^folder: /),
    });
  });
});

describe('watching the folder', () => {
  it('follows an edit, a deletion, a new file and a fixed one', async () => {
    const reports: SyncReport[] = [];
    let notify: (() => void) | undefined;
    const watcher = watchFolder(library, folder, {
      debounceMs: 50,
      onSync: (report) => {
        reports.push(report);
        notify?.();
      },
    });
    // Resolves at the first sync whose report satisfies `done`.
    const syncedWhen = (done: (report: SyncReport) => boolean) =>
      new Promise<SyncReport>((resolve) => {
        const check = () => {
          const report = reports.find(done);
          if (report) resolve(report);
        };
        notify = check;
        check();
      });
    try {
      const notes = join(folder, 'nested', 'notes-0.md');
      writeFileSync(notes, `# Notes 0\n\nRewritten: ${mark('edited', 0, 1)}.\n`);
      await syncedWhen((r) => r.indexed.includes(notes));
      expect(hitsFor(mark('edited', 0, 1))[0]?.path).toBe(notes);
      expect(hitsFor(mark('md', 0, 1))).toEqual([]);

      const memo = join(folder, 'memo-3.docx');
      unlinkSync(memo);
      await syncedWhen((r) => r.removed.includes(memo));
      expect(hitsFor(mark('docx', 3, 1))).toEqual([]);
      expect(store.library.get(memo)).toBeUndefined();
      expect(store.db.prepare('SELECT count(*) AS n FROM library_fts').get()).toEqual({
        n: (store.db.prepare('SELECT count(*) AS n FROM library_sections').get() as { n: number }).n,
      });

      const added = join(folder, 'nested', 'deeper', 'added.md');
      mkdirSync(join(folder, 'nested', 'deeper'));
      writeFileSync(added, `# Added\n\n${mark('added', 0, 1)}`);
      await syncedWhen((r) => r.indexed.includes(added));
      expect(hitsFor(mark('added', 0, 1))[0]?.path).toBe(added);

      const empty = join(folder, 'empty.md');
      writeFileSync(empty, `# No longer empty\n\n${mark('filled', 0, 1)}`);
      const fixed = await syncedWhen((r) => r.indexed.includes(empty));
      expect(fixed.unreadable.map((f) => f.path)).toEqual([join(folder, 'broken.pdf')]);
    } finally {
      watcher.close();
    }
  }, 60_000);

  it('drops a removed document and leaves nothing of it behind', () => {
    const path = join(folder, 'report-0.pdf');
    expect(library.remove(path)).toBe(true);
    expect(hitsFor(mark('pdf', 0, 2))).toEqual([]);
    expect(
      store.db
        .prepare(
          'SELECT count(*) AS n FROM library_sections s JOIN library_documents d ON d.id = s.document_id WHERE d.path = ?',
        )
        .get(path),
    ).toEqual({ n: 0 });
    rmSync(path);
  });
});
