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
  return oneLine(text).replace(/[\\`*_[\]<>#|~&!]/g, '\\$&');
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
