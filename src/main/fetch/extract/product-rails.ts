/**
 * Rails of other products beside a product ("similar items", "sponsored", a carousel with no
 * heading at all): three or more cards side by side, each a link to another product with its
 * price and a few words, no sentence of its own. Called only on a page that declares one product
 * (metadata.ts `oneProduct`): on a listing the same cards are the page itself. A rail that is over
 * half of the content is the content too.
 */
import { childElements, isTag, isText, removeNode, walkElements, type Element } from './dom.js';
import { measure, type MassMap } from './measure.js';

const MIN_CARDS = 3;
/** A card is a title, a price, a line or two: at most this many characters. */
const CARD_MAX_CHARS = 200;
/** Its title is a link: at least this share of its text. */
const CARD_MIN_LINK_SHARE = 0.3;
/** Cards are most of the rail's children. */
const MIN_CARD_SHARE = 0.6;
/** No text of a card runs to a sentence this long. */
const SENTENCE_WORDS = 12;
/** The rail grows to its parent while that adds at most this much text (a heading, "See all"). */
const FRAME_MAX_CHARS = 100;
/** A rail goes while it is at most this share of the content. */
const RAIL_MAX_SHARE = 0.5;

/** A price: a currency sign or code next to an amount ("$40.55", "89,95 €", "EUR 163.12", "120 zł"). */
const PRICE =
  /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|PLN|SEK|NOK|DKK|JPY)\b)\s?\d|\d(?:[\d.,\s]*\d)?\s?(?:[€£¥₹]|\b(?:USD|EUR|GBP|CHF|zł|kr|Kč|Ft|lei)\b)/u;

export function dropProductRails(root: Element): void {
  const { map } = measure(root);
  const total = map.get(root)?.text ?? 0;
  const rails: Element[] = [];
  walkElements(root, (el) => {
    const children = childElements(el).filter((child) => (map.get(child)?.text ?? 0) > 0);
    if (children.length < MIN_CARDS) return true;
    const cards = children.filter((child) => isCard(child, map));
    if (cards.length < MIN_CARDS || cards.length < MIN_CARD_SHARE * children.length) return true;
    rails.push(framed(el, root, map));
    return false;
  });
  for (const rail of rails) if ((map.get(rail)?.text ?? 0) <= RAIL_MAX_SHARE * total) removeNode(rail);
}

function isCard(el: Element, map: MassMap): boolean {
  const mass = map.get(el);
  if (!mass || mass.text > CARD_MAX_CHARS || mass.links === 0 || mass.link < CARD_MIN_LINK_SHARE * mass.text) return false;
  let text = '';
  let sentence = false;
  const collect = (node: Element): void => {
    for (const child of node.children) {
      if (isText(child)) {
        text += `${child.data} `;
        if (child.data.trim().split(/\s+/).length >= SENTENCE_WORDS) sentence = true;
      } else if (isTag(child)) collect(child);
    }
  };
  collect(el);
  return !sentence && PRICE.test(text);
}

function framed(el: Element, root: Element, map: MassMap): Element {
  let rail = el;
  while (rail.parent && rail.parent !== root) {
    const parent = rail.parent as Element;
    if ((map.get(parent)?.text ?? 0) - (map.get(rail)?.text ?? 0) > FRAME_MAX_CHARS) break;
    rail = parent;
  }
  return rail;
}
