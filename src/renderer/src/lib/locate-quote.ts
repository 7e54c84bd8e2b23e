import { withoutEscapes } from '../../../shared/format/plain-text';

/**
 * Where the quote is in the page's text: at its recorded range when the text there still matches,
 * else its first occurrence, else the same words with any spacing between them. A quote is plain
 * text while the page is Markdown, so the page's backslash escapes ("PG\&E") do not count.
 */
export function locateQuote(markdown: string, quote: string, range?: [number, number]): [number, number] | undefined {
  if (!quote) return undefined;
  if (range && withoutEscapes(markdown.slice(range[0], range[1])) === quote) return range;
  const exact = markdown.indexOf(quote);
  if (exact >= 0) return [exact, exact + quote.length];
  const words = quote.split(/\s+/).filter(Boolean).slice(0, 40);
  if (words.length === 0) return undefined;
  const pattern = new RegExp(words.map(escapedWordPattern).join('[\\s*_>#-]+'));
  const match = pattern.exec(markdown);
  return match ? [match.index, match.index + match[0].length] : undefined;
}

/** The word as a pattern that also matches it with Markdown's backslash before any punctuation. */
function escapedWordPattern(word: string): string {
  return [...word].map((char) => (/[!-/:-@[-`{-~]/.test(char) ? `\\\\?\\${char}` : char)).join('');
}
