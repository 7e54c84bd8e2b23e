/**
 * An ExportDocument as the HTML page Chromium prints to PDF, and the header printed on every
 * page (the question and the date). Every text is escaped: nothing from a page or an answer
 * becomes markup, and a Content-Security-Policy lets the page load nothing at all. A link is
 * made only for an http(s) URL, its address escaped as an attribute.
 */
import type { PrintablePage } from '../common/pdf-printer';
import { exportDatesLine, isoDate } from '../../shared/format/export-dates';
import type { Block, ExportDocument, ExportNote, ExportTurn, Inline } from './export-document';

export function documentToPrintable(doc: ExportDocument): PrintablePage {
  const body = [
    `<h1>${escapeHtml(doc.title)}</h1>`,
    `<p class="meta">${exportDatesLine(doc.exportedAt, doc.createdAt, doc.turns.length)}</p>`,
    ...doc.turns.map(turnHtml),
    doc.notes.length === 0
      ? ''
      : `<section class="notes"><h2>Sources</h2><ol>${doc.notes.map(noteHtml).join('')}</ol></section>`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(doc.title)}</title>
<style>${STYLE}</style></head>
<body>${body}</body></html>`;
  // Chromium prints the header and footer at a tiny default size: their own font sizes are set.
  const headerHtml = `<div style="font-size:8pt;width:100%;margin:0 15mm;display:flex;justify-content:space-between;color:#555"><span>${escapeHtml(doc.title)}</span><span>${isoDate(doc.exportedAt)}</span></div>`;
  const footerHtml = `<div style="font-size:8pt;width:100%;text-align:center;color:#555"><span class="pageNumber"></span> / <span class="totalPages"></span></div>`;
  return { html, headerHtml, footerHtml };
}

const STYLE = `
body { font-family: "Noto Serif", Georgia, serif; font-size: 11pt; line-height: 1.45; color: #111; }
h1 { font-size: 18pt; margin: 0 0 4pt; } h2 { font-size: 14pt; margin: 18pt 0 6pt; } h3 { font-size: 12pt; margin: 12pt 0 4pt; }
.meta, .aside { color: #555; font-size: 9.5pt; }
sup { font-size: 7.5pt; } sup a { color: inherit; text-decoration: none; }
pre { white-space: pre-wrap; font-size: 9.5pt; background: #f4f4f4; padding: 6pt; }
.notes li { margin-bottom: 6pt; font-size: 9.5pt; } .notes blockquote { margin: 2pt 0 2pt 12pt; font-style: italic; }
.url { word-break: break-all; }
`;

function turnHtml(turn: ExportTurn): string {
  const parts = [`<h2>${escapeHtml(turn.question)}</h2>`];
  if (turn.searchedFor !== undefined) parts.push(`<p class="aside">Searched for: ${escapeHtml(turn.searchedFor)}</p>`);
  if (turn.error !== undefined) parts.push(`<p class="aside">Not answered: ${escapeHtml(turn.error)}</p>`);
  parts.push(...turn.blocks.map(blockHtml));
  if (turn.uncited.length > 0) {
    parts.push(
      `<p class="aside">${turn.citesAny ? 'Also consulted' : 'Sources'}: ${turn.uncited.map(citeHtml).join(' ')}</p>`,
    );
  }
  return parts.join('\n');
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h3>${inlinesHtml(block.inlines)}</h3>`;
    case 'paragraph':
      return `<p>${inlinesHtml(block.inlines)}</p>`;
    case 'code':
      return `<pre>${escapeHtml(block.text)}</pre>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const start = block.ordered && block.start !== 1 ? ` start="${block.start}"` : '';
      return `<${tag}${start}>${block.items.map((item) => `<li>${inlinesHtml(item)}</li>`).join('')}</${tag}>`;
    }
  }
}

function inlinesHtml(inlines: Inline[]): string {
  return inlines.map(inlineHtml).join('');
}

function inlineHtml(inline: Inline): string {
  switch (inline.kind) {
    case 'cite':
      return citeHtml(inline.note);
    case 'link':
      return linkHtml(inline.url, escapeHtml(inline.text));
    case 'text': {
      let html = escapeHtml(inline.text).replace(/\n/g, '<br>');
      if (inline.code) html = `<code>${html}</code>`;
      if (inline.italic) html = `<em>${html}</em>`;
      if (inline.bold) html = `<strong>${html}</strong>`;
      return html;
    }
  }
}

function citeHtml(note: number): string {
  return `<sup><a href="#note-${note}">[${note}]</a></sup>`;
}

function noteHtml(note: ExportNote): string {
  const quotes = note.quotes.map((quote) => `<blockquote>“${escapeHtml(quote)}”</blockquote>`).join('');
  return `<li id="note-${note.number}" value="${note.number}">${escapeHtml(note.title)}${quotes}<div class="url">${linkHtml(note.url, escapeHtml(note.url))}</div></li>`;
}

/** A link only to a web address; anything else (javascript:, file:, data:) is its text alone. */
function linkHtml(url: string, innerHtml: string): string {
  return /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}">${innerHtml}</a>` : innerHtml;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
