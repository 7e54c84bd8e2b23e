/**
 * No section twice. Some templates print a whole section twice, one copy per screen size (a
 * category page's buying guide in a desktop and a mobile panel, a post in a preview and in full);
 * both copies survive the cleaner because neither is hidden in the markup. When four or more long
 * paragraphs in a row repeat, in the same order, paragraphs printed earlier, and the later copy
 * sits in a block of its own (the smallest block holding it holds nothing of the earlier copy),
 * the later copy goes. A copy flowing on in the same block as the first is the text's own (a meal
 * plan's second week repeating the first week's meals), and so are list items and table cells
 * (each price plan lists its features, each offer its terms, each in a card of its own). A single
 * far repeat stays too (`repeats.ts` keeps those on purpose).
 */
import { commonAncestor, isInside, removeNode, textOf, walkElements, type Element } from './dom.js';
import { BLOCK_TAGS } from './markdown.js';
import { blockFinder } from './repeats.js';

/** Shorter lines repeat on purpose (labels, prices, dates, a card's short title). */
const MIN_CHARS = 60;
/** A list's items repeat on purpose: each price plan lists its features, each offer its terms. */
const LIST_ITEMS = new Set(['li', 'dt', 'dd', 'td', 'th']);
/** How many long paragraphs in a row make a copied section. */
const MIN_RUN = 4;

export function dropRepeatedRuns(parts: Element[]): void {
  const blocks = longLeafBlocks(parts);
  const keys = blocks.map((b) => b.key);
  const seen = new Map<string, number[]>();
  const doomed: Element[] = [];
  let i = 0;
  while (i < blocks.length) {
    let run = 0;
    for (const start of seen.get(keys[i]!) ?? []) {
      let n = 0;
      // The earlier copy must end before the later one begins.
      while (i + n < keys.length && start + n < i && keys[start + n] === keys[i + n]) n++;
      const copy = n >= MIN_RUN ? commonAncestor(blocks.slice(i, i + n).map((b) => b.el)) : undefined;
      if (copy && !isInside(blocks[start]!.el, copy)) run = Math.max(run, n);
    }
    if (run > 0) {
      for (let n = 0; n < run; n++) doomed.push(blocks[i + n]!.el);
      i += run;
    } else {
      const starts = seen.get(keys[i]!);
      if (starts) starts.push(i);
      else seen.set(keys[i]!, [i]);
      i++;
    }
  }
  for (const el of doomed) removeNode(el);
}

/** Blocks holding no block (each renders as one paragraph) of at least MIN_CHARS, in reading order. */
function longLeafBlocks(parts: Element[]): { el: Element; key: string }[] {
  const found: { el: Element; key: string }[] = [];
  const holdsBlock = blockFinder();
  const visit = (el: Element): boolean => {
    if (!BLOCK_TAGS.has(el.name) || holdsBlock(el)) return true;
    if (LIST_ITEMS.has(el.name)) return false;
    const key = textOf(el).toLowerCase();
    if (key.length >= MIN_CHARS) found.push({ el, key });
    return false;
  };
  for (const part of parts) if (visit(part)) walkElements(part, visit);
  return found;
}
