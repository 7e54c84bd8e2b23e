/**
 * A product page's reviews widget: several customer reviews side by side, each with its own
 * rating (a run of stars, a "4 out of 5" label, schema.org's reviewRating) and some words of its
 * own, with few links — unlike a listing's product cards, which link their titles. Known by that
 * structure, it goes with the heading, average and "write a review" button around it; a page
 * made of reviews keeps them. On a product's page the reviews its JSON-LD declares are known by
 * their text too, however the page shows them.
 */
import { attr, childElements, isText, rawText, removeNode, textOf, walkElements, type Element } from './dom.js';
import { measure, type Mass, type MassMap } from './measure.js';

const MIN_REVIEWS = 2;
/** A review says something: at least this many characters outside links. */
const REVIEW_MIN_TEXT = 30;
/** A product card links its title; a review's links (its author, "Helpful") are a small part. */
const REVIEW_MAX_LINK_SHARE = 0.3;
/** The widget grows to its parent while that adds at most this much text (heading, average, buttons). */
const FRAME_MAX_CHARS = 300;
/** The widget goes only while it is at most this share of the content. */
const WIDGET_MAX_SHARE = 0.5;

/** A run of stars (after a hotel's name, in the same element, they are its class, not a rating). */
const STARS = /^\s*[★☆⭐✩✪✫✬✭✮✯](?:\s*[★☆⭐✩✪✫✬✭✮✯½]){2,}\s*$/u;
/**
 * A rating out of five written alone ("4 out of 5", "4,5 von 5 Sternen", "5 sur 5"), not within a
 * sentence or a counter ("Step 2 of 5"), nor a slide's number ("2/5").
 */
const OUT_OF_FIVE = /^\s*[0-5](?:[.,]\d{1,2})?\s+(?:\p{L}+\s+)?\p{L}+\s+5(?:\s+\p{L}+)?\s*$/u;
/** In a label ("Rated 4.5 out of 5 stars") a word may come first. */
const LABELLED_OUT_OF_FIVE = /^\s*(?:\p{L}+\s+)?[0-5](?:[.,]\d{1,2})?\s+(?:\p{L}+\s+)?\p{L}+\s+5(?:\s+\p{L}+)?\s*$/u;
const RATING_ATTRIBUTES = ['aria-label', 'title', 'alt'];
const RATING_MAX_CHARS = 30;
/** A review is dated (a year); a testimonial on a service page, which is content, mostly is not. */
const YEAR = /(?<![\d.,])(?:19|20)\d{2}(?![\d.,]*\d)/;
/** A review says something in a sentence of its own: one text of this many words. */
const SENTENCE_MIN_WORDS = 12;
// eslint-disable-next-line no-restricted-syntax -- schema.org property names, ASCII: \b is right here
const RATING_PROPS = /\b(?:reviewRating|ratingValue)\b/;
const SCHEMA_REVIEW = /^https?:\/\/schema\.org\/Review$/;

/**
 * `known`: the opening words of reviews the page declares (JSON-LD on a product's page): a child
 * holding one is a review whatever its markup.
 */
export function dropReviewWidgets(root: Element, known: readonly string[] = []): void {
  const { map } = measure(root);
  const total = map.get(root)?.text ?? 0;
  const widgets: Element[] = [];
  walkElements(root, (el) => {
    const reviews = childElements(el).filter((child) => isReview(child, map) || holdsKnown(child, map, known));
    if (reviews.length < MIN_REVIEWS) return true;
    widgets.push(framed(el, root, map));
    return false;
  });
  for (const widget of widgets) if (massOf(widget, map) <= WIDGET_MAX_SHARE * total) removeNode(widget);
}

function holdsKnown(el: Element, map: MassMap, known: readonly string[]): boolean {
  if (known.length === 0 || (map.get(el)?.text ?? 0) < REVIEW_MIN_TEXT) return false;
  const text = textOf(el);
  return known.some((opening) => text.includes(opening));
}

function isReview(el: Element, map: MassMap): boolean {
  const mass: Mass | undefined = map.get(el);
  if (!mass || mass.text - mass.link < REVIEW_MIN_TEXT || mass.link > REVIEW_MAX_LINK_SHARE * mass.text) return false;
  // schema.org's Review says what it is; otherwise a rating, a date and a sentence make a review.
  if (SCHEMA_REVIEW.test(attr(el, 'itemtype') ?? '') || attr(el, 'itemprop') === 'review') return true;
  return YEAR.test(rawText(el)) && hasSentence(el) && hasRating(el, map);
}

function hasRating(el: Element, map: MassMap): boolean {
  if (isRating(el, map)) return true;
  let found = false;
  walkElements(el, (child) => {
    found ||= isRating(child, map);
    return !found;
  });
  return found;
}

/** A rating is an element of its own: its whole text, or its label, is the stars or the score. */
function isRating(el: Element, map: MassMap): boolean {
  if (RATING_PROPS.test(attr(el, 'itemprop') ?? '')) return true;
  if (RATING_ATTRIBUTES.some((name) => LABELLED_OUT_OF_FIVE.test(attr(el, name) ?? ''))) return true;
  if ((map.get(el)?.text ?? 0) > RATING_MAX_CHARS) return false;
  const text = textOf(el);
  return STARS.test(text) || OUT_OF_FIVE.test(text);
}

/** Some element's own text (hotel cards' names and places are not) runs to a sentence's length. */
function hasSentence(el: Element): boolean {
  const own = (e: Element): boolean =>
    e.children.some((node) => isText(node) && node.data.trim().split(/\s+/).length >= SENTENCE_MIN_WORDS);
  if (own(el)) return true;
  let found = false;
  walkElements(el, (child) => {
    found ||= own(child);
    return !found;
  });
  return found;
}

/** The reviews' block with the little around it: its heading, the average, a "write a review" button. */
function framed(el: Element, root: Element, map: MassMap): Element {
  let widget = el;
  while (widget.parent && widget.parent !== root) {
    const parent = widget.parent as Element;
    if (massOf(parent, map) - massOf(widget, map) > FRAME_MAX_CHARS) break;
    widget = parent;
  }
  return widget;
}

function massOf(el: Element, map: MassMap): number {
  return map.get(el)?.text ?? 0;
}
