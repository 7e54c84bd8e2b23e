/**
 * PDF → plain text with page markers ("--- page 3 ---"), through pdf.js (Mozilla's reader; the
 * legacy build runs under Node 20). Loaded lazily: most fetches never see a PDF. The library
 * (src/main/library/) reads the same pages one by one, through `pdfPages`.
 */
import { LanternError } from '../../shared/errors';

export interface PdfText {
  title?: string;
  lang?: string;
  text: string;
  pages: number;
  /** Pages read (fewer than `pages` when the document was longer than the limit). */
  pagesRead: number;
}

export interface PdfPages {
  title?: string;
  lang?: string;
  /** The text of each page read, page 1 first. */
  texts: string[];
  /** Pages in the document (more than `texts.length` when it was longer than the limit). */
  pages: number;
}

/** The text of each page, up to `maxPages`; UNSUPPORTED_CONTENT naming `url` when it is no readable PDF. */
export async function pdfPages(bytes: Uint8Array, url: string, maxPages: number): Promise<PdfPages> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // isEvalSupported: false — never compile code from a document (CVE-2024-4367 class of bugs).
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    const name = (error as Error).name;
    const message =
      name === 'PasswordException'
        ? `${url} is a password-protected PDF; Lantern cannot read it.`
        : `${url} is not a readable PDF: ${(error as Error).message}`;
    throw new LanternError('UNSUPPORTED_CONTENT', message, {
      cause: error,
      details: { url, contentType: 'application/pdf' },
    });
  }
  try {
    const pagesRead = Math.min(document.numPages, maxPages);
    const texts: string[] = [];
    for (let number = 1; number <= pagesRead; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      texts.push(joinWrappedLines(text.trim()));
      page.cleanup();
    }
    const metadata = await document.getMetadata().catch(() => undefined);
    const info = (metadata?.info ?? {}) as { Title?: unknown; Language?: unknown };
    const result: PdfPages = { texts, pages: document.numPages };
    if (typeof info.Title === 'string' && info.Title.trim() !== '') result.title = info.Title.trim();
    if (typeof info.Language === 'string' && info.Language.trim() !== '') result.lang = info.Language.trim();
    return result;
  } finally {
    await document.destroy();
  }
}

/**
 * A printed page's lines joined where the layout broke them, not the writer: pdf.js ends each
 * printed line, so a sentence arrives cut in two ("after the great storm of\nthat spring.") and
 * reads as two fragments. A break goes when the next line starts in lower case, or with a number
 * that is no list item's ("in\n1932", not "\n2. Second"), unless the line ends a sentence or
 * announces what follows (.!?:;); a word hyphenated across it is joined, its hyphen kept.
 */
export function joinWrappedLines(text: string): string {
  return text
    .replace(/(\p{L})-\n(?=\p{Ll})/gu, '$1-')
    .replace(/([^\n.!?:;])\n(?=\p{Ll}|\p{N}(?![\p{N}]*[.)]\s))/gu, '$1 ');
}

export async function pdfToText(bytes: Uint8Array, url: string, maxPages: number): Promise<PdfText> {
  const { texts, pages, ...metadata } = await pdfPages(bytes, url, maxPages);
  const parts = texts.map((text, i) => `--- page ${i + 1} ---\n${text}`);
  if (texts.length < pages) parts.push(`--- stopped after ${texts.length} of ${pages} pages ---`);
  return { ...metadata, text: parts.join('\n\n'), pages, pagesRead: texts.length };
}
