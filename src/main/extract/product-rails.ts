/**
 * Rails of other products beside a product ("similar items", "sponsored", a carousel with no
 * heading at all): three or more cards side by side, each a link to another product with its
 * price and a few words, no sentence of its own (a long product name in the card's heading or
 * link is its title, not a sentence; the link may be an empty one laid over the whole card).
 * Called only on a page that declares one product (metadata.ts `oneProduct`): on a listing the
 * same cards are the page itself. A rail that is over half of the content is the content too.
 */
import {
  attr,
  childElements,
  findFirst,
  isTag,
  isText,
  normalizeSpace,
  removeNode,
  textOf,
  walkElements,
  type Element,
} from './dom.js';
import { measure, type MassMap } from './measure.js';
import { unicodeWordRegExp } from '../text/word-boundary.js';

const MIN_CARDS = 3;
/** A card is a title, a price, a line or two: at most this many characters. */
const CARD_MAX_CHARS = 200;
/** Its title is a link: at least this share of its text. */
const CARD_MIN_LINK_SHARE = 0.3;
/** Cards are most of the rail's children. */
const MIN_CARD_SHARE = 0.6;
/** No text of a card runs to a sentence this long. */
const SENTENCE_WORDS = 12;
/** Where a card prints its title. */
const TITLE_TAGS = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** The rail grows to its parent while that adds at most this much text (a heading, "See all"). */
const FRAME_MAX_CHARS = 100;
/** A rail goes while it is at most this share of the content. */
const RAIL_MAX_SHARE = 0.5;

/** A price: a currency sign or code next to an amount ("$40.55", "89,95 €", "EUR 163.12", "120 zł"). */
const PRICE = unicodeWordRegExp(
  String.raw`(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|PLN|SEK|NOK|DKK|JPY)\b)\s?\d|\d(?:[\d.,\s]*\d)?\s?(?:[€£¥₹]|\b(?:USD|EUR|GBP|CHF|zł|kr|Kč|Ft|lei)\b)`,
  'u',
);

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
  if (!mass || mass.text > CARD_MAX_CHARS) return false;
  const linked = mass.links > 0 && mass.link >= CARD_MIN_LINK_SHARE * mass.text;
  if (!linked && !hasOverlayLink(el)) return false;
  let text = '';
  let sentence = false;
  // A product's name runs long ("… 120 O-Ring Chain, Clip Closure"): in a heading or a link it is
  // the card's title, not a sentence.
  const collect = (node: Element, title: boolean): void => {
    for (const child of node.children) {
      if (isText(child)) {
        text += `${child.data} `;
        if (!title && child.data.trim().split(/\s+/).length >= SENTENCE_WORDS) sentence = true;
      } else if (isTag(child)) collect(child, title || TITLE_TAGS.has(child.name));
    }
  };
  collect(el, false);
  return !sentence && PRICE.test(text);
}

/**
 * A card whose whole surface is one empty link laid over it, named by its aria-label or title
 * (the card's title, which the card prints outside the link): the link is the title's all the same.
 */
function hasOverlayLink(el: Element): boolean {
  const text = textOf(el).toLowerCase();
  return (
    findFirst(el, (a) => {
      if (a.name !== 'a' || attr(a, 'href') === undefined || textOf(a) !== '') return false;
      const name = normalizeSpace(attr(a, 'aria-label') ?? attr(a, 'title') ?? '').toLowerCase();
      return name.length > 0 && text.includes(name);
    }) !== undefined
  );
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
