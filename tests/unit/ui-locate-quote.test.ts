/** The reader's search for the cited passage in the page's text (src/renderer/src/lib/locate-quote.ts). */
import { describe, expect, it } from 'vitest';
import { locateQuote } from '../../src/renderer/src/lib/locate-quote';

const PAGE =
  '# Espresso\n\nA single shot of **espresso** contains about 63 mg of caffeine. A double shot holds twice that.';

describe('locateQuote', () => {
  it('uses the recorded range when the text there is still the quote', () => {
    const quote = 'A double shot holds twice that.';
    const start = PAGE.indexOf(quote);
    expect(locateQuote(PAGE, quote, [start, start + quote.length])).toEqual([start, start + quote.length]);
  });

  it('finds the quote by its text when the page changed and the range is stale', () => {
    const quote = 'A double shot holds twice that.';
    expect(locateQuote(PAGE, quote, [0, 5])).toEqual([PAGE.indexOf(quote), PAGE.indexOf(quote) + quote.length]);
  });

  it('finds a quote whose words are split by Markdown emphasis or other spacing', () => {
    const found = locateQuote(PAGE, 'A single shot of espresso contains about 63 mg');
    expect(found).toBeDefined();
    expect(PAGE.slice(...(found as [number, number]))).toBe('A single shot of **espresso** contains about 63 mg');
  });

  it('finds a plain-text quote of a page whose Markdown escapes its punctuation, at its range and by its words', () => {
    const page = 'Intro.\n\nPG\\&E paid Yahoo\\! \\$5 (in 2019).';
    const quote = 'PG&E paid Yahoo! $5 (in 2019).';
    const start = page.indexOf('PG');
    expect(locateQuote(page, quote, [start, page.length])).toEqual([start, page.length]);
    const found = locateQuote(page, quote);
    expect(found).toBeDefined();
    expect(page.slice(...(found as [number, number]))).toBe('PG\\&E paid Yahoo\\! \\$5 (in 2019).');
  });

  it('says so when the quote is not on the page, or is empty', () => {
    expect(locateQuote(PAGE, 'Green tea is steamed soon after picking.')).toBeUndefined();
    expect(locateQuote(PAGE, '')).toBeUndefined();
  });
});
