/**
 * No paragraph twice. Templates print the same text in two places that both end up in the
 * content: a standfirst in the header and again as the body's first paragraph, a pull quote
 * repeating the sentence beside it, a forum reply quoting the post above it in full.
 * - A paragraph whose text (spaces and case aside) is one of the few paragraphs just before it
 *   goes. Far apart, a repeat is the page's own: API documentation describes the same field in
 *   each section that has it.
 * - A quote whose text is already in the content before it goes, with its "X said:" line and
 *   other chrome: its core (the middle of its text) is looked for, not its edges.
 * - A block printed twice in a row within one card goes: a product's name as its picture's title,
 *   its heading and its link's label, its price as list and sale price. Two cards in a row may
 *   each say "2 days ago": that is two items' own line, kept.
 */
import { isInside, isTag, isText, rawText, removeNode, walkElements, type AnyNode, type Element } from './dom.js';
import { BLOCK_TAGS } from './markdown.js';

/** Paragraphs compared; a quote made of paragraphs is compared paragraph by paragraph. */
const TEXT_BLOCKS = new Set(['p', 'blockquote']);
/** Shorter paragraphs repeat on purpose (labels, prices, dates). */
const MIN_CHARS = 60;
/** How many paragraphs back a repeat is looked for. */
const WINDOW = 6;
/**
 * The chrome a quote may carry around its text ("Anna said:", "Quote from Anna on 3 May" before
 * it, "Click to expand…" after it): at most this much at either edge, and at most a quarter.
 */
const QUOTE_EDGE_CHARS = 80;
/** How much of a quote's core must be found before it. */
const QUOTE_CORE_CHARS = 200;
/** A card (a title, a price, a line or two) holds at most this many characters. */
const CARD_MAX_CHARS = 300;

export function dropRepeatedBlocks(parts: Element[]): void {
  for (const el of [...repeatedParagraphs(parts), ...repeatedQuotes(parts), ...repeatedInCard(parts)]) removeNode(el);
}

/**
 * Elements holding no block (each renders as one line or paragraph) whose text is the one's just
 * before, inside the same card.
 */
function repeatedInCard(parts: Element[]): Element[] {
  const doomed: Element[] = [];
  const containsBlock = blockFinder();
  let last: { el: Element; key: string } | undefined;
  const visit = (el: Element): boolean => {
    // A table's cells repeat on purpose ("Yes" in each column of a comparison).
    if (el.name === 'table') {
      last = undefined;
      return false;
    }
    if (containsBlock(el)) {
      // Its own text lies between its blocks: what came before is no longer just before.
      if (el.children.some((c) => isText(c) && c.data.trim() !== '')) last = undefined;
      return true;
    }
    const key = squeeze(rawText(el));
    if (key === '') return false;
    if (last?.key === key && inOneCard(last.el, el)) doomed.push(el);
    else last = { el, key };
    return false;
  };
  for (const part of parts) if (visit(part)) walkElements(part, visit);
  return doomed;
}

/** Whether an element holds a block (renders as more than one line), remembered per element for one pass. */
export function blockFinder(): (el: Element) => boolean {
  const hasBlock = new Map<Element, boolean>();
  const containsBlock = (el: Element): boolean => {
    let known = hasBlock.get(el);
    if (known === undefined) {
      known = el.children.some((c) => isTag(c) && (BLOCK_TAGS.has(c.name) || containsBlock(c)));
      hasBlock.set(el, known);
    }
    return known;
  };
  return containsBlock;
}

function inOneCard(a: Element, b: Element): boolean {
  let common: Element | null = a.parent as Element | null;
  while (common && !isInside(b, common)) common = common.parent as Element | null;
  return common !== null && rawText(common).replace(/\s+/g, '').length <= CARD_MAX_CHARS;
}

function repeatedParagraphs(parts: Element[]): Element[] {
  const recent: string[] = [];
  const doomed: Element[] = [];
  const visit = (el: Element): boolean => {
    if (!TEXT_BLOCKS.has(el.name)) return true;
    if (el.children.some((c) => isTag(c) && TEXT_BLOCKS.has(c.name))) return true;
    const key = squeeze(rawText(el));
    if (key.length < MIN_CHARS) return false;
    if (recent.includes(key)) doomed.push(el);
    else {
      recent.push(key);
      if (recent.length > WINDOW) recent.shift();
    }
    return false;
  };
  for (const part of parts) if (visit(part)) walkElements(part, visit);
  return doomed;
}

function repeatedQuotes(parts: Element[]): Element[] {
  const doomed: Element[] = [];
  // The text so far, squeezed, kept as chunks and joined only when a quote is looked for: growing
  // one string and asking whether it ends in a space flattens it at every text node, which made a
  // long page quadratic.
  const chunks: string[] = [];
  let endsWithSpace = false;
  const before = (): string => {
    if (chunks.length > 1) chunks.splice(0, chunks.length, chunks.join(''));
    return chunks[0] ?? '';
  };
  const visit = (node: AnyNode): void => {
    if (isText(node)) {
      append(node.data);
      return;
    }
    if (!isTag(node)) return;
    if (node.name === 'blockquote') {
      const text = squeeze(rawText(node));
      const edge = Math.min(QUOTE_EDGE_CHARS, Math.floor(text.length / 4));
      const core = text.slice(edge, Math.min(text.length - edge, edge + QUOTE_CORE_CHARS));
      if (core.length >= MIN_CHARS && before().includes(core)) {
        doomed.push(node);
        return;
      }
    }
    for (const child of node.children) visit(child);
    // Blocks end a line: words on either side must not run together.
    append(' ');
  };
  const append = (text: string): void => {
    let chunk = text.replace(/\s+/g, ' ').toLowerCase();
    if (endsWithSpace && chunk.startsWith(' ')) chunk = chunk.slice(1);
    if (chunk === '') return;
    chunks.push(chunk);
    endsWithSpace = chunk.endsWith(' ');
  };
  for (const part of parts) visit(part);
  return doomed;
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
