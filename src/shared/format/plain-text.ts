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

/**
 * The text without its soft hyphens (U+00AD), which mark where a word may break and show only
 * there: a page that writes "Mag\u00adda\u00adle\u00adna" shows "Magdalena", and the answer's
 * words are read and written so. A quote keeps them: it is the page's own text.
 */
export function withoutSoftHyphens(text: string): string {
  return text.replace(/\u00ad/g, '');
}

/**
 * Without C0/C1 control characters other than the tab and line breaks: mis-decoded pages carry
 * them into titles and text, and printed in a terminal an escape sequence could rewrite what a
 * person sees.
 */
export function withoutControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the purpose
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');
}
