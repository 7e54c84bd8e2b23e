/**
 * A thread to export, written into a data dir's store, and readers of what an export gives back:
 * a PDF's text by page (pdf.js), a DOCX part's text (its <w:t> runs).
 */
import { join } from 'node:path';
import { openStore } from '../../src/main/store';

export const EXPORT_QUESTION = 'How efficient are heat pumps <script>alert(1)</script>?';
export const ANSWER_SOURCES = [
  {
    url: 'https://energy.example/cop?units=si&lang=en',
    title: 'COP explained',
    quotes: ['A typical air-source heat pump has a COP of about 3.'],
  },
  {
    url: 'https://cold.example/study',
    title: 'Cold climate <b>study</b>',
    quotes: ['Below minus 15 °C the COP falls under 2.'],
  },
  { url: 'https://unused.example/page', title: 'Also read', quotes: [] },
];
export const REPORT_SOURCES = [
  { url: 'https://install.example/guide', title: 'Install guide', quotes: ['Installation takes two days.'] },
];
/** The sources the thread cites: all but the answer's third. */
export const CITED_SOURCES = [ANSWER_SOURCES[0]!, ANSWER_SOURCES[1]!, ...REPORT_SOURCES];

/** An answer citing two of its three sources, then a deep-research turn long enough for several pages; the thread's id. */
export function writeExportThread(dataDir: string): number {
  const store = openStore({ path: join(dataDir, 'lantern.db'), purgeIntervalMs: 0 });
  try {
    const thread = store.history.createThread(EXPORT_QUESTION);
    store.history.appendTurn(thread.id, {
      question: EXPORT_QUESTION,
      mode: 'answer',
      answer: '**A COP of 3** is common [1]. Cold climates lower it [2, 1]. <img src=x onerror=alert(2)>',
      sources: ANSWER_SOURCES,
    });
    store.history.appendTurn(thread.id, {
      question: 'How long does installing one take?',
      mode: 'research',
      // Long enough to run onto further pages, each of which must carry the header.
      answer: `About two days [1].\n\n### Installation\n\n- Two days of work [1]\n\n${'The installer checks the pipes and the wiring. '.repeat(400)}`,
      sources: REPORT_SOURCES,
    });
    return thread.id;
  } finally {
    store.close();
  }
}

/** Each page's text, as pdf.js reads it. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await document.destroy();
  return pages;
}

/** Text compared with its spaces and line breaks dropped: a printed URL or passage wraps where the line ends. */
export const squeezed = (text: string): string => text.replace(/\s+/g, '');

/** The text of a WordprocessingML part: its runs' <w:t> contents, entities decoded. */
export function wordText(xml: string): string {
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) =>
      (m[1] as string)
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    )
    .join('');
}
