/**
 * Lines that label something the extraction leaves out, whatever the template calls them:
 * - picture credits ("Titelbild: Felix Stalder", "Roman Prymula, photo: Archives…", "Crédits
 *   photos : Bestimage", "Beitragsbild via Unsplash"): the picture is not extracted, so its
 *   credit points at nothing. The class-name rule of clean.ts catches the credits a template
 *   names; this one reads the line: a short block with no block inside whose text opens with a
 *   picture word and a colon, or gives one after a comma ("…, photo: …");
 * - advertisement labels ("Anzeige", "- Advertisement -"), left when the advert went.
 */
import { isTag, removeNode, textOf, walkElements, type AnyNode, type Element } from './dom.js';

const LINE_MAX_CHARS = 120;
const LINE_TAGS = new Set(['p', 'div', 'span', 'small', 'em', 'i']);
/**
 * A heading can be an advert's label ("<h3>Advertisement</h3>"), not a credit: a picture credit
 * set as a heading is one the page shows as its own line (references keep it).
 */
const HEADING_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
const INLINE_TAGS = new Set(['a', 'b', 'strong', 'em', 'i', 'span', 'small', 'br', 'u']);

const PICTURE_WORD =
  '(?:photos?|pictures?|images?|fotos?|bild(?:er)?|titelbild|beitragsbild|headerbild|titelfoto|bildquelle|crédits? photos?|photo credits?|image credits?|foto(?:grafía)?s?|zdjęcie|zdjęcia|kuva)';
const CREDIT_LINE = new RegExp(
  `^(?:${PICTURE_WORD}\\s*:|[^:]{1,60},\\s*${PICTURE_WORD}\\s*:|${PICTURE_WORD} via\\b)`,
  'iu',
);

/** A line that is only the label of an advertisement ("Anzeige", "- Advertisement -"). */
const AD_LABEL =
  /^[\s\-–—*()[\]|]*(?:advertisement|advertising|sponsored|anzeige|werbung|publicité|publicidad|pubblicità|publicidade|reklama|mainos|advertentie)[\s\-–—*()[\]|:]*$/iu;

/**
 * A credit naming a web address ("Photo Credit: www.example.com") names the page a round-up's
 * item comes from: the item's source, kept like a link to it.
 */
const WEB_ADDRESS = /:\s*(?:https?:\/\/)?(?:www\.)?[\p{L}\d-]+(?:\.[\p{L}\d-]+)+\/?\S*$/u;

export function dropStrayLabels(root: Element): void {
  const doomed: Element[] = [];
  walkElements(root, (el) => {
    // Code is never a credit ("image: nginx:1.14" in a manifest).
    if (el.name === 'pre' || el.name === 'code') return false;
    const heading = HEADING_TAGS.has(el.name);
    if ((!heading && !LINE_TAGS.has(el.name)) || !el.children.every(isInline)) return true;
    // A credit linking to its source is a pointer the reader may follow (a round-up's items).
    if (el.children.some((c) => isTag(c) && c.name === 'a')) return false;
    const text = textOf(el);
    if (AD_LABEL.test(text)) doomed.push(el);
    else if (!heading && text.length <= LINE_MAX_CHARS && CREDIT_LINE.test(text) && !WEB_ADDRESS.test(text))
      doomed.push(el);
    return false;
  });
  for (const el of doomed) removeNode(el);
}

function isInline(node: AnyNode): boolean {
  return !isTag(node) || INLINE_TAGS.has(node.name);
}
