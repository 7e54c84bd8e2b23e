/**
 * A library document as the reader shows a page (library.read): its sections in order, as
 * indexed — the same text its citations quote, so the reader finds and marks the quote — a PDF's
 * pages each under a "Page N" line, shaped as a fetched page (FetchPage) so the reader needs no
 * second view. Read from the index, never from the file: a citation shows what was cited.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LanternError } from '../../shared/errors';
import type { FetchPage } from '../../shared/fetch-contract';
import type { LibraryDocumentRecord, LibrarySection } from '../store/library-index';
import { countWords } from '../extract';

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  markdown: 'text/markdown',
  html: 'text/html',
  text: 'text/plain',
};

/** The document's path from a citation's file URL (`#page=N` and any query left out). */
export function libraryPathOf(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.search = '';
  return fileURLToPath(parsed);
}

export function documentPage(
  url: string,
  document: LibraryDocumentRecord | undefined,
  sections: readonly LibrarySection[] | undefined,
): FetchPage {
  if (!document || !sections)
    throw new LanternError('NOT_FOUND', `url: ${url} is not a document of the library (add it first).`, {
      details: { reason: 'not-in-library' },
    });
  const parts: string[] = [];
  let page: number | undefined;
  for (const section of sections) {
    if (section.page !== undefined && section.page !== page) {
      page = section.page;
      parts.push(`**Page ${page}**`);
    }
    parts.push(section.text);
  }
  const markdown = parts.join('\n\n');
  return {
    url,
    finalUrl: pathToFileURL(document.path).href,
    status: 200,
    contentType: CONTENT_TYPES[document.kind] ?? 'text/plain',
    title: document.title,
    ...(document.lang === undefined ? {} : { lang: document.lang }),
    markdown,
    wordCount: countWords(markdown),
    totalChars: markdown.length,
    rendered: false,
    fromCache: true,
    truncated: false,
  };
}
