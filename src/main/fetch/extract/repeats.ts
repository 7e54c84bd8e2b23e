/**
 * No paragraph twice. Templates print the same paragraph in two places that both end up in the
 * content: a standfirst in the header and again as the body's first paragraph, a pull quote
 * repeating the sentence beside it, a post quoted in full by the reply right under it. The first
 * occurrence is kept; a paragraph whose text (spaces and case aside) is one of the few paragraphs
 * just before it goes. Far apart, a repeat is the page's own: API documentation describes the same
 * field in each section that has it.
 */
import { isTag, rawText, removeNode, walkElements, type Element } from './dom.js';

/** Paragraphs compared; a quote made of paragraphs is compared paragraph by paragraph. */
const TEXT_BLOCKS = new Set(['p', 'blockquote']);
/** Shorter paragraphs repeat on purpose (labels, prices, dates). */
const MIN_CHARS = 60;
/** How many paragraphs back a repeat is looked for. */
const WINDOW = 6;

export function dropRepeatedBlocks(parts: Element[]): void {
  const recent: string[] = [];
  const doomed: Element[] = [];
  const visit = (el: Element): boolean => {
    if (!TEXT_BLOCKS.has(el.name)) return true;
    if (el.children.some((c) => isTag(c) && TEXT_BLOCKS.has(c.name))) return true;
    const key = rawText(el).replace(/\s+/g, ' ').trim().toLowerCase();
    if (key.length < MIN_CHARS) return false;
    if (recent.includes(key)) doomed.push(el);
    else {
      recent.push(key);
      if (recent.length > WINDOW) recent.shift();
    }
    return false;
  };
  for (const part of parts) if (visit(part)) walkElements(part, visit);
  for (const el of doomed) removeNode(el);
}
