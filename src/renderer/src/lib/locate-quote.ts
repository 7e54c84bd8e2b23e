/**
 * Where the quote is in the page's text: at its recorded range when the text there still matches,
 * else its first occurrence, else the same words with any spacing between them.
 */
export function locateQuote(markdown: string, quote: string, range?: [number, number]): [number, number] | undefined {
  if (!quote) return undefined;
  if (range && markdown.slice(range[0], range[1]) === quote) return range;
  const exact = markdown.indexOf(quote);
  if (exact >= 0) return [exact, exact + quote.length];
  const words = quote.split(/\s+/).filter(Boolean).slice(0, 40);
  if (words.length === 0) return undefined;
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s*_>#-]+'));
  const match = pattern.exec(markdown);
  return match ? [match.index, match.index + match[0].length] : undefined;
}
