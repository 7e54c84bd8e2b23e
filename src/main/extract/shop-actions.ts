/**
 * A shop card's action labels and badges printed as lines of their own. Actions: "Quick view",
 * "Quick shop", "Add to cart", "Choose options", "View details", "Shop now", "Compare", and the
 * "Learn more" or "Read more →" that ends any teaser card (a service, a category) — links and
 * spans styled as buttons, which the cleaner's button rule does not see. Badges: "Best
 * seller", "Top rated", "New", "Sold out" — dropped only when three cards or more print the same
 * one, since a product page's single "New" or "Sold out" is often in the references. Read from an
 * element's whole text in several languages, on short elements with no block inside (a card's
 * row of actions is read one label at a time), so a sentence that says "add to cart" stays; a
 * heading's words are its title. Grids print these once per card, and the references leave them
 * out.
 */
import { isTag, removeNode, textOf, walkElements, type AnyNode, type Element } from './dom.js';

const LINE_MAX_CHARS = 40;
const LINE_TAGS = new Set(['p', 'div', 'span', 'a', 'button', 'li', 'em', 'strong', 'b']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const INLINE_TAGS = new Set(['a', 'b', 'strong', 'em', 'i', 'span', 'small', 'br', 'svg']);
const BADGE_MIN_REPEATS = 3;

const ACTION_LINE = new RegExp(
  [
    String.raw`^quick\s?(?:view|shop|add)$`,
    String.raw`^add to (?:cart|bag|basket|wish\s?list)$`,
    String.raw`^(?:view details|shop now|buy now|choose options|select options|compare)$`,
    String.raw`^(?:in den warenkorb|schnellansicht|ajouter au panier|aperçu rapide|añadir al carrito|vista rápida|aggiungi al carrello)$`,
    String.raw`^(?:learn more|read more|see more|more info|more details|see details|find out more|discover more|shop all|view all|see all|view more|shop the collection)\s*[›»→>]?$`,
  ].join('|'),
  'iu',
);

const BADGE_LINE = new RegExp(
  [
    String.raw`^(?:top rated|best\s?seller|new arrival|new|sale|on sale|low stock|in stock|out of stock|sold out|limited edition|exclusive|online only|pre-?order(?: now)?|just in|new in)!?$`,
    String.raw`^(?:neu|ausverkauft|nouveau|épuisé|nuevo|agotado|nuovo|esaurito)!?$`,
  ].join('|'),
  'iu',
);

export function dropShopActions(root: Element): void {
  const doomed: Element[] = [];
  const badges = new Map<string, Element[]>();
  walkElements(root, (el) => {
    if (el.name === 'pre' || el.name === 'code' || HEADING_TAGS.has(el.name)) return false;
    if (!LINE_TAGS.has(el.name) || !el.children.every(isInline)) return true;
    const text = textOf(el);
    if (text.length === 0 || text.length > LINE_MAX_CHARS) return true;
    if (ACTION_LINE.test(text)) doomed.push(el);
    else if (BADGE_LINE.test(text)) {
      const key = text.toLowerCase();
      badges.set(key, [...(badges.get(key) ?? []), el]);
    } else return true;
    return false;
  });
  for (const same of badges.values()) if (same.length >= BADGE_MIN_REPEATS) doomed.push(...same);
  for (const el of doomed) removeNode(el);
}

function isInline(node: AnyNode): boolean {
  return !isTag(node) || INLINE_TAGS.has(node.name);
}
