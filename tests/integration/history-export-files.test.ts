/**
 * `lantern export` of a thread as PDF (printed by the system Chromium) and as DOCX, opened back:
 * the PDF's text read by pdf.js, the DOCX unzipped (fflate) and its word/document.xml,
 * footnotes.xml and header read. Each holds the question, the date, every cited source's URL and
 * the passage quoted from it; page text that looks like HTML stays text.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/main/doors/cli/exit-codes';
import {
  ANSWER_SOURCES,
  CITED_SOURCES,
  EXPORT_QUESTION,
  REPORT_SOURCES,
  pdfPages,
  squeezed,
  wordText,
  writeExportThread,
} from '../support/exported-files';
import { runCliInProcess } from '../support/run-cli';

let dataDir: string;
let threadId: number;
const isoDay = (): string => new Date().toISOString().slice(0, 10);

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'lantern-export-'));
  threadId = writeExportThread(dataDir);
});

/**
 * The exported file, and the day it must be dated: the day read before the export or after it (a
 * run at midnight spans two).
 */
async function exported(format: 'pdf' | 'docx'): Promise<{ bytes: Uint8Array; day: RegExp }> {
  const dayBefore = isoDay();
  const out = join(dataDir, `thread.${format}`);
  const run = await runCliInProcess(['export', String(threadId), '--format', format, '--out', out], {
    LANTERN_DATA_DIR: dataDir,
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(EXIT.ok);
  expect(run.stdout).toContain(`Wrote ${out}`);
  return { bytes: new Uint8Array(readFileSync(out)), day: new RegExp(`${dayBefore}|${isoDay()}`) };
}

describe('lantern export', () => {
  it('prints a PDF whose text holds the question, the date, every URL and every quoted passage, page markup as text', async () => {
    const { bytes, day } = await exported('pdf');
    expect(strFromU8(bytes.subarray(0, 5))).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    const text = squeezed(pages.join('\n'));

    // The header names the question and the date on every page.
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) {
      expect(squeezed(page)).toContain(squeezed(EXPORT_QUESTION));
      expect(page).toMatch(day);
    }
    for (const source of [...ANSWER_SOURCES, ...REPORT_SOURCES]) {
      expect(text).toContain(squeezed(source.url));
      for (const quote of source.quotes) expect(text).toContain(squeezed(quote));
    }
    expect(text).toContain(squeezed('Cold climate <b>study</b>'));
    expect(text).toContain(squeezed('<img src=x onerror=alert(2)>'));
    // The citations are note references, not the answer's bracketed numbers: [2, 1] became [2][1].
    expect(text).toContain(squeezed('lower it [2] [1]'));
  });

  it('writes a DOCX whose footnotes hold every cited URL with its quoted passage, and whose header names the question and date', async () => {
    const { bytes, day } = await exported('docx');
    const files = unzipSync(bytes);
    const document = wordText(strFromU8(files['word/document.xml'] as Uint8Array));
    const footnotes = wordText(strFromU8(files['word/footnotes.xml'] as Uint8Array));
    const header = Object.entries(files)
      .filter(([name]) => /^word\/header\d*\.xml$/.test(name))
      .map(([, data]) => wordText(strFromU8(data)))
      .join('');

    expect(document).toContain(EXPORT_QUESTION);
    expect(header).toContain(EXPORT_QUESTION);
    expect(header).toMatch(day);
    // One footnote per citation: [1], [2, 1], and the report's two.
    expect(strFromU8(files['word/document.xml'] as Uint8Array).match(/<w:footnoteReference /g)).toHaveLength(5);
    for (const source of CITED_SOURCES) {
      expect(footnotes).toContain(source.url);
      for (const quote of source.quotes) expect(footnotes).toContain(`“${quote}”`);
    }
    // The source the answer does not cite is listed under the turn, with its URL.
    expect(document).toContain('Also consulted:');
    expect(document).toContain(ANSWER_SOURCES[2]!.url);
    expect(document).toContain('<img src=x onerror=alert(2)>');
  });

  it('exports one turn, the report, under its own question: only its sources', async () => {
    const out = join(dataDir, 'report.docx');
    const run = await runCliInProcess(['export', String(threadId), '--turn', '2', '--format', 'docx', '--out', out], {
      LANTERN_DATA_DIR: dataDir,
    });
    expect(run.code).toBe(EXIT.ok);
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    const document = wordText(strFromU8(files['word/document.xml'] as Uint8Array));
    const footnotes = wordText(strFromU8(files['word/footnotes.xml'] as Uint8Array));
    expect(document).toContain('How long does installing one take?');
    expect(document).not.toContain(EXPORT_QUESTION);
    expect(footnotes).toContain(REPORT_SOURCES[0]!.url);
    expect(footnotes).not.toContain(ANSWER_SOURCES[0]!.url);

    const missing = await runCliInProcess(['export', String(threadId), '--turn', '3'], { LANTERN_DATA_DIR: dataDir });
    expect(missing.code).not.toBe(EXIT.ok);
    expect(missing.stderr).toContain('there is no turn 3');
  });

  it('refuses an unknown format, naming the flag', async () => {
    const run = await runCliInProcess(['export', String(threadId), '--format', 'odt'], { LANTERN_DATA_DIR: dataDir });
    expect(run.code).toBe(EXIT.invalidInput);
    expect(run.stderr).toContain('--format');
  });
});
