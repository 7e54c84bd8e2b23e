/**
 * Page Markdown as the words a person reads. The extractor escapes page text where it would
 * otherwise parse as Markdown ("Yahoo\!", "PG\&E"); an answer's sentences and its citations'
 * quotes are plain text (the JSON and the CLI print them as they are), so they carry the page's
 * characters without those backslashes. A quote keeps its `range` in the Markdown itself.
 */

/** CommonMark: a backslash before ASCII punctuation escapes it; before anything else it is a backslash. */
const ESCAPE = /\\([!-/:-@[-`{-~])/g;

/** The text with every Markdown backslash escape replaced by the character it escapes. */
export function withoutEscapes(markdown: string): string {
  return markdown.replace(ESCAPE, '$1');
}
