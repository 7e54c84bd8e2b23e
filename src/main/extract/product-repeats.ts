/**
 * A product page prints parts of itself twice, far apart: the same feature copy or specification
 * table once for wide screens and once for phones (CSS shows one), a selling point in a banner
 * and again in the description. The second copy goes, however far from the first: a block that
 * holds no other block, or a table, whose text is one seen before it. Called only on a page that
 * declares one product; elsewhere a far repeat is the page's own (documentation describes a field
 * in each section that has it, tabs repeat a paragraph each), and `repeats.ts` only looks nearby.
 */
import { removeNode, textOf, walkElements, type Element } from './dom.js';
import { BLOCK_TAGS } from './markdown.js';
import { blockFinder } from './repeats.js';

/**
 * Compared whole, never cell by cell: a value repeats in its own row ("Waterproof: Yes", "Dishwasher
 * safe: Yes"), and without it the row says nothing.
 */
const WHOLE = new Set(['table', 'dl']);
/** The product's name heads its page and again its description: references keep both. */
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function dropProductRepeats(parts: Element[]): void {
  const seen = new Set<string>();
  const doomed: Element[] = [];
  const containsBlock = blockFinder();
  const visit = (el: Element): boolean => {
    if (!WHOLE.has(el.name) && (!BLOCK_TAGS.has(el.name) || containsBlock(el))) return true;
    if (HEADINGS.has(el.name)) return false;
    const key = textOf(el).toLowerCase();
    if (seen.has(key)) doomed.push(el);
    else if (key !== '') seen.add(key);
    return false;
  };
  for (const part of parts) walkElements(part, visit);
  for (const el of doomed) removeNode(el);
}
