/**
 * A shop card's action labels printed as lines of their own: "Quick view", "Quick shop", "Add to
 * cart", "Choose options", "View details", "Shop now", "Compare" — links and spans styled as
 * buttons, which the cleaner's button rule does not see. Read from an element's whole text in
 * several languages, on short elements with no block inside (a card's row of actions is read one
 * label at a time), so a sentence that says "add to cart" stays; a heading's words are its title.
 * Grids print them once per card, and the references leave them out.
 */
import { isTag, removeNode, textOf, walkElements, type AnyNode, type Element } from './dom.js';

const LINE_MAX_CHARS = 40;
const LINE_TAGS = new Set(['p', 'div', 'span', 'a', 'button', 'li', 'em', 'strong', 'b']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const INLINE_TAGS = new Set(['a', 'b', 'strong', 'em', 'i', 'span', 'small', 'br', 'svg']);

const ACTION_LINE = new RegExp(
  [
    String.raw`^quick\s?(?:view|shop|add)$`,
    String.raw`^add to (?:cart|bag|basket|wish\s?list)$`,
    String.raw`^(?:view details|shop now|buy now|choose options|select options|compare)$`,
    String.raw`^(?:in den warenkorb|schnellansicht|ajouter au panier|aperçu rapide|añadir al carrito|vista rápida|aggiungi al carrello)$`,
  ].join('|'),
  'iu',
);

export function dropShopActions(root: Element): void {
  const doomed: Element[] = [];
  walkElements(root, (el) => {
    // A heading's words are its title, whatever they say ("… Quick look").
    if (el.name === 'pre' || el.name === 'code' || HEADING_TAGS.has(el.name)) return false;
    if (!LINE_TAGS.has(el.name) || !el.children.every(isInline)) return true;
    const text = textOf(el);
    if (text.length === 0 || text.length > LINE_MAX_CHARS || !ACTION_LINE.test(text)) return true;
    doomed.push(el);
    return false;
  });
  for (const el of doomed) removeNode(el);
}

function isInline(node: AnyNode): boolean {
  return !isTag(node) || INLINE_TAGS.has(node.name);
}
