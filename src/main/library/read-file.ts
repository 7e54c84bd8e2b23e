/**
 * One file → a LibraryDocument, by its kind (the extension): PDF page by page through pdf.js,
 * DOCX through mammoth, EPUB chapter by chapter (a zip of XHTML, read in its spine's order), and
 * HTML through the same extractor as web pages; Markdown and text as they are. A file that
 * cannot be read gives its reason, never an exception.
 */
import { extname, basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load } from 'cheerio';
import JSZip from 'jszip';
import { decodeBody } from '../fetch/charset';
import { extractHtml } from '../extract';
import { pdfPages } from '../fetch/pdf-text';
import type { DocumentSection, LibraryDocument, LibraryKind, ReadOutcome } from './document';
import { markdownSections } from './sections';

const KIND_BY_EXTENSION: Record<string, LibraryKind> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.epub': 'epub',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.txt': 'text',
};

/** Pages read of one PDF: a longer one is indexed up to here, and says so. */
export const MAX_PDF_PAGES = 2_000;

/** The kind a file is read as, or undefined for a file the library does not read. */
export function libraryKindOf(path: string): LibraryKind | undefined {
  return KIND_BY_EXTENSION[extname(path).toLowerCase()];
}

export async function readLibraryFile(path: string, bytes: Uint8Array): Promise<ReadOutcome> {
  const kind = libraryKindOf(path);
  if (kind === undefined)
    return { ok: false, reason: `not a kind the library reads (${Object.keys(KIND_BY_EXTENSION).join(', ')})` };
  if (bytes.length === 0) return { ok: false, reason: 'the file is empty (0 bytes)' };
  try {
    const document = await READERS[kind](bytes, path);
    if (document.sections.length === 0)
      return { ok: false, reason: `no text found in this ${kind.toUpperCase()} file` };
    return { ok: true, document };
  } catch (error) {
    return { ok: false, reason: reasonOf(kind, error) };
  }
}

type Reader = (bytes: Uint8Array, path: string) => Promise<LibraryDocument>;

const READERS: Record<LibraryKind, Reader> = {
  async pdf(bytes, path) {
    const pdf = await pdfPages(bytes, fileUrl(path), MAX_PDF_PAGES);
    const sections: DocumentSection[] = pdf.texts.flatMap((text, i) => (text === '' ? [] : [{ page: i + 1, text }]));
    return {
      kind: 'pdf',
      title: pdf.title ?? fileTitle(path),
      pageCount: pdf.pages,
      sections,
      ...(pdf.lang ? { lang: pdf.lang } : {}),
    };
  },
  async docx(bytes, path) {
    const mammoth = await import('mammoth');
    const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return fromHtml('docx', `<!doctype html><html><body><article>${html}</article></body></html>`, path);
  },
  async epub(bytes, path) {
    return readEpub(bytes, path);
  },
  async html(bytes, path) {
    return fromHtml('html', decodeBody(bytes, undefined, 'html').text, path);
  },
  async markdown(bytes, path) {
    const text = decodeBody(bytes, undefined, 'text').text;
    const sections = markdownSections(text);
    const firstHeading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim();
    return { kind: 'markdown', title: firstHeading ?? fileTitle(path), sections };
  },
  async text(bytes, path) {
    const text = decodeBody(bytes, undefined, 'text').text.trim();
    return { kind: 'text', title: fileTitle(path), sections: text === '' ? [] : [{ text }] };
  },
};

function fromHtml(kind: LibraryKind, html: string, path: string): LibraryDocument {
  const extracted = extractHtml(html, fileUrl(path));
  const title = extracted.title.trim() === '' ? fileTitle(path) : extracted.title.trim();
  return {
    kind,
    title,
    sections: markdownSections(extracted.markdown),
    ...(extracted.lang ? { lang: extracted.lang } : {}),
  };
}

/**
 * EPUB (a zip): META-INF/container.xml names the package document, whose spine orders the
 * chapters of its manifest. Each chapter is XHTML, read by the web extractor, one section per
 * chapter headed by the chapter's own first heading.
 */
async function readEpub(bytes: Uint8Array, path: string): Promise<LibraryDocument> {
  const zip = await JSZip.loadAsync(bytes);
  const container = await zip.file('META-INF/container.xml')?.async('string');
  if (container === undefined) throw new Error('META-INF/container.xml is missing');
  const opfPath = load(container, { xml: true })('rootfile').first().attr('full-path');
  const opfText = opfPath === undefined ? undefined : await zip.file(opfPath)?.async('string');
  if (opfPath === undefined || opfText === undefined)
    throw new Error('the package document named by container.xml is missing');
  const opf = load(opfText, { xml: true });
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const hrefs = new Map<string, string>();
  opf('manifest > item').each((_, item) => {
    const id = opf(item).attr('id');
    const href = opf(item).attr('href');
    if (id !== undefined && href !== undefined) hrefs.set(id, href);
  });
  const sections: DocumentSection[] = [];
  for (const itemref of opf('spine > itemref').toArray()) {
    const href = hrefs.get(opf(itemref).attr('idref') ?? '');
    const chapter = href === undefined ? undefined : await zip.file(base + decodeURI(href))?.async('string');
    if (chapter === undefined) continue;
    const extracted = extractHtml(chapter, `${fileUrl(path)}#${encodeURIComponent(href ?? '')}`);
    const markdown = extracted.markdown.trim();
    if (markdown === '') continue;
    const heading = /^#{1,6}\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? (extracted.title.trim() || undefined);
    sections.push(heading === undefined ? { text: markdown } : { heading, text: markdown });
  }
  const title = opf('metadata > dc\\:title, metadata > title').first().text().trim();
  const lang = opf('metadata > dc\\:language, metadata > language').first().text().trim();
  return { kind: 'epub', title: title || fileTitle(path), sections, ...(lang ? { lang } : {}) };
}

function reasonOf(kind: LibraryKind, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // pdf.js's own message already names the file ("file:///… is not a readable PDF: …").
  if (kind === 'pdf') return message.replace(/^file:\S+ /, '');
  return `not a readable ${kind.toUpperCase()} file: ${message}`;
}

function fileUrl(path: string): string {
  return pathToFileURL(path).href;
}

function fileTitle(path: string): string {
  return basename(path, extname(path));
}
