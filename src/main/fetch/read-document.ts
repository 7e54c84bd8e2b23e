/**
 * A fetched body → the page's text and metadata, by document kind: HTML through the extractor,
 * PDF through pdf.js, JSON pretty-printed, XML and text as they are.
 */
import type { PageMetadata } from '../../shared/fetch-contract';
import { decodeBody } from './charset';
import { documentKind, parseContentType, type DocumentKind } from './content-type';
import { pdfToText } from './pdf-text';
import type { ExtractHtml } from './types';

export interface DocumentContent extends PageMetadata {
  kind: DocumentKind;
  contentType: string;
  markdown: string;
  wordCount: number;
  /** The decoded HTML, kept for the render decision. */
  html?: string;
}

const DEFAULT_TYPE: Record<DocumentKind, string> = {
  html: 'text/html',
  pdf: 'application/pdf',
  json: 'application/json',
  xml: 'application/xml',
  text: 'text/plain',
};

export async function readDocument(
  body: Buffer,
  contentTypeHeader: string | undefined,
  url: string,
  deps: { extractHtml: ExtractHtml; maxPdfPages: number },
): Promise<DocumentContent> {
  const contentType = parseContentType(contentTypeHeader);
  const kind = documentKind(contentType.essence, body, url);
  const servedType =
    contentType.essence === '' || contentType.essence.endsWith('octet-stream')
      ? DEFAULT_TYPE[kind]
      : contentType.essence;

  if (kind === 'pdf') {
    const pdf = await pdfToText(body, url, deps.maxPdfPages);
    const content: DocumentContent = {
      kind,
      contentType: 'application/pdf',
      title: pdf.title ?? fileTitle(url),
      markdown: pdf.text,
      wordCount: countWords(pdf.text.replace(/^--- .+ ---$/gm, '')),
    };
    if (pdf.lang !== undefined) content.lang = pdf.lang;
    return content;
  }

  const { text } = decodeBody(body, contentType.charset, kind);
  if (kind === 'html') {
    const extracted = deps.extractHtml(text, url);
    return {
      kind,
      contentType: servedType,
      title: extracted.title.trim() === '' ? fileTitle(url) : extracted.title,
      ...statedMetadata(extracted),
      markdown: extracted.markdown,
      wordCount: extracted.wordCount,
      html: text,
    };
  }
  const markdown = kind === 'json' ? prettyJson(text) : text;
  return { kind, contentType: servedType, title: textTitle(markdown, url), markdown, wordCount: countWords(markdown) };
}

/** What a page states of itself besides its title: author, date, site and language, those it gives (not empty). */
export function statedMetadata(stated: Omit<PageMetadata, 'title'>): Omit<PageMetadata, 'title'> {
  const metadata: Omit<PageMetadata, 'title'> = {};
  for (const key of ['byline', 'publishedAt', 'siteName', 'lang'] as const) {
    const value = stated[key];
    if (value) metadata[key] = value;
  }
  return metadata;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text; // not valid JSON after all: show it as sent
  }
}

/** A Markdown heading near the top, else the file name. */
function textTitle(text: string, url: string): string {
  const heading = /^#{1,2}[ \t]+(.+)$/m.exec(text.slice(0, 4000));
  return heading?.[1]?.trim() ?? fileTitle(url);
}

function fileTitle(url: string): string {
  const parsed = new URL(url);
  const last = parsed.pathname.split('/').filter(Boolean).at(-1);
  if (last === undefined) return parsed.hostname;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Words in any script: runs of letters and digits; each Han or kana character counts as one (no spaces there). */
export function countWords(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  const words =
    text
      .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, ' ')
      .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu)?.length ?? 0;
  return cjk + words;
}
