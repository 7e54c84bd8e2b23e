/**
 * Headings left at the end of the content with nothing after them. When the cleaning and
 * link-pruning passes remove the teaser lists, share buttons or author box that follow an
 * article, their titles ("Related posts", "Ähnliche Beiträge", "À lire aussi", "Lesen Sie
 * auch:") often sit outside the removed blocks and stay behind as the text's last lines. A
 * heading that ends the text introduces nothing: drop it, and any heading that now ends it.
 *
 * Only the tail of an article is judged (text in an <article> or a block named as one, or on a
 * page that gives its publication date, as articles and posts do and service pages, product
 * pages and documentation seldom do): inside the text, a heading over a removed link list is
 * often kept by the references (a documentation page's section titles, a product page's variant
 * names), and a service page ends on a call to action in a heading ("Get your free quote!").
 */
import { idAndClass, isTag, isText, removeNode, type AnyNode, type Element } from './dom.js';

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LABEL_MAX_CHARS = 100;
/**
 * Content made mostly of headings is a list of titles (a listing, a table of contents), where a
 * heading with nothing under it is the item itself.
 */
const MAX_HEADING_SHARE = 0.3;

interface Item {
  /** A heading or label, or undefined for a run of ordinary text. */
  heading?: { el: Element };
  chars: number;
}
/**
 * The titles of teaser lists and widgets are short; a longer heading, a question (an FAQ whose
 * answers open on click) or an exclamation (a call to action) reads as text of its own and ends
 * the search.
 */
const HEADING_MAX_CHARS = 60;

export function dropOrphanHeadings(root: Element, dated: boolean): void {
  if (!dated && !isArticle(root)) return;
  const items: Item[] = [];
  collect(root, items);
  let total = 0;
  let headingChars = 0;
  for (const item of items) {
    total += item.chars;
    if (item.heading) headingChars += item.chars;
  }
  if (total === 0 || headingChars > MAX_HEADING_SHARE * total) return;
  for (let i = items.length - 1; i >= 0; i--) {
    const heading = (items[i] as Item).heading;
    if (!heading) break;
    removeNode(heading.el);
  }
}

const ARTICLE_NAME = /^(article|post|entry|story|blog|news)[-_]{0,2}(body|content|text)/;

/** The text is an article's: it sits in an <article> or in a block its class names as one. */
function isArticle(root: Element): boolean {
  for (let el: AnyNode | null = root; el && isTag(el); el = el.parent) {
    if (el.name === 'article' || el.attribs.itemprop === 'articleBody') return true;
    const names = idAndClass(el);
    if (names && names.split(/\s+/).some((t) => ARTICLE_NAME.test(t))) return true;
  }
  return false;
}

function collect(node: Element, items: Item[]): void {
  for (const child of node.children) {
    if (isText(child)) {
      const chars = child.data.replace(/\s+/g, '').length;
      if (chars > 0) items.push({ chars });
    } else if (isTag(child)) {
      if (HEADINGS.has(child.name) || isLabel(child)) {
        const chars = textLength(child);
        if (chars > HEADING_MAX_CHARS || /[?!]$/.test(plainText(child).trim())) items.push({ chars });
        else if (chars > 0) items.push({ heading: { el: child }, chars });
      } else collect(child, items);
    }
  }
}

/** A short paragraph that announces what follows with a colon ("Lesen Sie auch:"), not a list item. */
function isLabel(el: Element): boolean {
  if (el.name !== 'p' || el.parent?.type !== 'tag' || (el.parent as Element).name === 'li') return false;
  const text = plainText(el).trim();
  return text.length > 0 && text.length <= LABEL_MAX_CHARS && text.endsWith(':');
}

function plainText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return '';
  return node.children.map(plainText).join('');
}

function textLength(node: AnyNode): number {
  return plainText(node).replace(/\s+/g, '').length;
}
