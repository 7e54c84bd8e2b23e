/**
 * Untrusted text (page titles, snippets, questions, URLs) placed into Markdown so that it shows
 * as the literal text it is: it can neither start markup nor end the construct around it.
 */
import type { SearchResponse } from '../contract';
import { oneLine } from './one-line';

/**
 * Inline text on one line: line breaks become spaces (a newline could start a heading or end
 * a list item), and every character that can open or close inline markup — emphasis, code,
 * links, footnotes, HTML, entities, tables, strikethrough — is backslash-escaped.
 */
export function markdownText(text: string): string {
  return markdownInline(oneLine(text));
}

/** A piece of one line escaped as markdownText escapes, its spaces kept (it sits between other pieces). */
export function markdownInline(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~&!]/g, '\\$&');
}

/**
 * Escaped inline Markdown placed at the start of a line (a paragraph, a list item's words):
 * what would begin a block there is escaped too — a list marker ("- ", "+ ", "1. ", "2) ") or a
 * setext underline ("===", "---"); markdownInline already escapes the rest ("#", ">", "*", "|"…).
 */
export function atLineStart(markdown: string): string {
  return markdown.replace(/^[-+=]/, '\\$&').replace(/^(\d+)([.)])/, '$1\\$2');
}

/** `[2]`, `[1, 3]`: citation markers, not a link's text or a footnote. */
const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\](?![(:[])/g;

/**
 * One line's citation markers as footnote references ("[1, 3]" → "[^1][^3]") when every number
 * in a marker names a source (`label` gives its footnote label, undefined for none; `onCited`
 * hears each number cited); any other bracket is text. The text around the markers goes through
 * `text`: kept as it is for the Markdown Lantern wrote, escaped (`markdownText`) for text from pages.
 */
export function citationsAsFootnotes(
  line: string,
  label: (n: number) => number | undefined,
  options: { text?: (text: string) => string; onCited?: (n: number) => void } = {},
): string {
  const text = options.text ?? ((t: string): string => t);
  let out = '';
  let pending = '';
  let last = 0;
  for (const m of line.matchAll(CITATION)) {
    const numbers = (m[1] ?? '').split(',').map((n) => Number(n.trim()));
    const labels = numbers.map(label);
    pending += line.slice(last, m.index);
    last = m.index + m[0].length;
    if (labels.some((l) => l === undefined)) {
      pending += m[0];
      continue;
    }
    for (const n of numbers) options.onCited?.(n);
    out += `${text(pending)}${labels.map((l) => `[^${l}]`).join('')}`;
    pending = '';
  }
  return out + text(pending + line.slice(last));
}

/**
 * A URL inside `<…>` (an autolink or a link destination): neither may hold whitespace, angle
 * brackets or control characters, and backslash escapes do not work inside an autolink, so
 * those characters are percent-encoded (the URL still points at the same place).
 */
export function markdownUrl(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\s<>\u0000-\u001f\u007f]/g, (c) => encodeURIComponent(c));
}

/** A search's results as a numbered Markdown list of links with their snippets. */
export function searchResultsMarkdown(response: SearchResponse): string {
  return response.results
    .map((r) => {
      const snippet = r.snippet.trim() === '' ? '' : ` — ${markdownText(r.snippet)}`;
      return `${r.index + 1}. [${markdownText(r.title) || markdownText(r.url)}](<${markdownUrl(r.url)}>)${snippet}`;
    })
    .join('\n');
}
