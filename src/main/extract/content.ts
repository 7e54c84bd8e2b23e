/**
 * Second pass, on the cleaned tree: find the element that holds the main content, then prune
 * link-heavy blocks (menus, tag clouds, lists of short links) inside it.
 *
 * Selection follows text mass down from <body>: while one child holds nearly all of its parent's
 * content weight, go into that child. Content spread over sibling blocks (forum posts, listing
 * cards, the sections of a service page) stops the descent at their common parent, so all of
 * them are kept, which single-node scoring (Readability) misses.
 */
import { ARTICLE_BODY_TOKEN, isCommentNamed } from './class-tokens.js';
import {
  childElements,
  commonAncestor,
  findFirst,
  idAndClass,
  isInside,
  isTag,
  removeNode,
  walkElements,
  type AnyNode,
  type Element,
} from './dom.js';
import { isOneOfLookAlikes, lookAlikeSiblings, threadAround } from './look-alikes.js';
import { contentWeight, measure, type MassMap } from './measure.js';
import { linksLeaveSite, siteHost } from './outbound-links.js';

/** Share of the parent's weight a child must hold to become the new candidate. */
const DESCEND_SHARE = 0.8;

/** Smallest share of the page a marked article body must hold to be trusted. */
const ARTICLE_MIN_SHARE = 0.05;
const ARTICLE_MIN_CHARS = 200;
/** Smallest share for a bare <article> or a group of look-alike blocks. */
const GROUP_MIN_SHARE = 0.3;

export interface SelectOptions {
  /** Comment-named blocks still in the tree are a thread's replies (the cleaner dropped an article's). */
  threadReplies: boolean;
}

export function selectMainContent(body: Element, options: SelectOptions): Element {
  const { map } = measure(body);
  const pageWeight = contentWeight(map.get(body));
  const marked = markedArticleBody(body, map);
  let start = body;
  if (marked) {
    const weight = contentWeight(map.get(marked.el));
    // A single element the markup names as the body is trusted with little text; a bare <article>
    // or a group of look-alike blocks (which may be teaser cards) only when it holds much of the page.
    const minShare = marked.strong ? ARTICLE_MIN_SHARE : GROUP_MIN_SHARE;
    if (weight >= Math.max(ARTICLE_MIN_CHARS, minShare * pageWeight)) start = marked.el;
  }
  if (start !== body && options.threadReplies) start = withReplies(start, body, map, pageWeight);
  // A thread's posts are read together, however much one of them outweighs the others.
  return descend(start, map, marked?.thread ? marked.el : undefined);
}

/**
 * A forum marks its question as the article body and prints the replies after it, named as
 * comments, each reply's text in a block built like the question's. The cleaner keeps
 * comment-named blocks only when they are much of the page; those lying outside the body and
 * built like it are the rest of the thread.
 */
function withReplies(start: Element, body: Element, map: MassMap, pageWeight: number): Element {
  const replies: Element[] = [];
  walkElements(body, (el) => {
    if (el === start) return false;
    if (isCommentNamed(el)) {
      if (!isInside(start, el) && holdsLookAlike(el, start)) replies.push(el);
      return false;
    }
    return true;
  });
  const weight = replies.reduce((sum, el) => sum + contentWeight(map.get(el)), 0);
  if (weight < THREAD_MIN_SHARE * pageWeight) return start;
  return commonAncestor([start, ...replies]) ?? start;
}

/**
 * A reply's body is built like the question's (the same tag and class): an article's comments
 * are written in a markup of their own.
 */
function holdsLookAlike(container: Element, model: Element): boolean {
  const cls = (model.attribs.class ?? '').trim();
  if (cls === '') return false;
  let found = false;
  walkElements(container, (el) => {
    if (el.name === model.name && (el.attribs.class ?? '').trim() === cls) found = true;
    return !found;
  });
  return found;
}

/** Share of the page that replies outside the marked body must hold to be read as its thread. */
const THREAD_MIN_SHARE = 0.3;

/**
 * The element the page's own markup names as the article body: itemprop=articleBody, a class
 * such as "entry-content", or <article>. When several such elements carry comparable text (forum
 * posts, listing cards) their common ancestor is the body.
 */
function markedArticleBody(
  body: Element,
  map: MassMap,
): { el: Element; strong: boolean; thread?: boolean } | undefined {
  const tests: ((el: Element) => boolean)[] = [
    (el) => el.attribs.itemprop === 'articleBody',
    (el) => {
      const names = idAndClass(el);
      return names !== '' && names.split(/\s+/).some((t) => ARTICLE_BODY_TOKEN.test(t));
    },
    (el) => el.name === 'article',
  ];
  for (const [index, test] of tests.entries()) {
    const matches: Element[] = [];
    walkElements(body, (el) => {
      if (!test(el)) return true;
      matches.push(el);
      return false; // outermost matches only
    });
    const weighted = matches
      .map((el) => ({ el, w: contentWeight(map.get(el)) }))
      .filter((m) => m.w > 0)
      .sort((a, b) => b.w - a.w);
    const first = weighted[0];
    if (!first) continue;
    const comparable = weighted.filter((m) => m.w >= 0.3 * first.w);
    if (comparable.length === 1) {
      // A forum may wrap only its first post in <article> and print the replies beside it in
      // blocks built the same way, or wrap each post and let one long reply outweigh a short
      // question: the thread is their parent, down to a question and its one answer.
      const posts = index === 2 ? lookAlikeSiblings(first.el) : [];
      if (posts.length > 0 && first.el.parent && isTag(first.el.parent))
        return { el: first.el.parent, strong: false, thread: true };
      const thread = threadAround(
        first.el,
        weighted.slice(1).map((m) => m.el),
        map,
      );
      if (thread) return { el: thread, strong: false };
      return { el: first.el, strong: index < 2 };
    }
    // Several <article>s each headed by a link are teaser cards (a title linking to its story):
    // the page is a listing, or the cards sit beside an article its template does not mark.
    // Either way they do not name the body; the descent by text mass finds it.
    if (index === 2 && comparable.every((m) => headedByLink(m.el))) return undefined;
    const ancestor = commonAncestor(comparable.map((m) => m.el));
    return ancestor ? { el: ancestor, strong: false } : undefined;
  }
  return undefined;
}

/** True when the element's first heading is a link, holds one or sits in one. */
function headedByLink(el: Element): boolean {
  const heading = findFirst(el, (e) => HEADING_TAG.test(e.name));
  if (!heading) return false;
  for (let node: AnyNode | null = heading; node && node !== el && isTag(node); node = node.parent)
    if (node.name === 'a') return true;
  return findFirst(heading, (e) => e.name === 'a') !== undefined;
}

const HEADING_TAG = /^h[1-6]$/;

/** From `start` down the heaviest children, never below `floor`. */
function descend(start: Element, map: MassMap, floor?: Element): Element {
  let node = start;
  for (;;) {
    if (node === floor) return node;
    const weight = contentWeight(map.get(node));
    let best: Element | undefined;
    let bestWeight = 0;
    for (const child of childElements(node)) {
      const w = contentWeight(map.get(child));
      if (w > bestWeight) {
        best = child;
        bestWeight = w;
      }
    }
    if (!best || weight <= 0 || bestWeight < DESCEND_SHARE * weight) return node;
    if (isOneOfLookAlikes(best, map)) return node;
    node = best;
  }
}

const BLOCK_CONTAINERS = new Set([
  'div',
  'section',
  'ul',
  'ol',
  'dl',
  'table',
  'tbody',
  'tr',
  'td',
  'header',
  'p',
  'li',
  'span',
  'form',
]);

/**
 * Remove navigation-like blocks below `root`: link-dense blocks of short links anywhere, and, when
 * the content itself is mostly prose, any block that is mostly links to the page's own site
 * (related-story teasers). `pageUrl` tells the site's links from links that leave it.
 */
export function pruneLinkBlocks(root: Element, pageUrl: string): void {
  const { map } = measure(root);
  const rootMass = map.get(root);
  const rootLinkShare = rootMass && rootMass.text > 0 ? rootMass.link / rootMass.text : 0;
  const doomed: Element[] = [];
  collectNavigation(root, map, { rootLinkShare, host: siteHost(pageUrl) }, doomed);
  // When the link lists are nearly all of the content (a list of languages, an index page),
  // they are what the page is for.
  const removed = doomed.reduce((sum, el) => sum + (map.get(el)?.text ?? 0), 0);
  if (rootMass && removed > MAX_PRUNED_SHARE * rootMass.text) return;
  for (const el of doomed) removeNode(el);
}

/** Link pruning that would take more than this share of the content's text is not done. */
const MAX_PRUNED_SHARE = 0.7;

/** What link pruning knows of the content as a whole. */
interface LinkContext {
  rootLinkShare: number;
  /** The page's host ('' when unknown). */
  host: string;
}

function collectNavigation(node: Element, map: MassMap, context: LinkContext, doomed: Element[]): void {
  for (const child of childElements(node)) {
    if (BLOCK_CONTAINERS.has(child.name) && isNavigationLike(map, child, context)) doomed.push(child);
    else collectNavigation(child, map, context, doomed);
  }
}

/** Class/id tokens of a teaser card: a link to another story with its title and summary. */
const TEASER_TOKEN = /teaser/;

function isNavigationLike(map: MassMap, el: Element, { rootLinkShare, host }: LinkContext): boolean {
  const m = map.get(el);
  if (!m || m.text === 0 || m.links === 0) return false;
  // In prose, a block named a teaser that links elsewhere promotes another story; in a listing
  // (link-rich content) teasers are the content.
  if (rootLinkShare < PROSE_LINK_SHARE && isTeaserNamed(el)) return true;
  const linkShare = m.link / m.text;
  const averageLink = m.link / m.links;
  if (m.links >= 2 && linkShare > 0.7 && averageLink < 25) return true;
  // A list or paragraph whose links all leave the site names the shops, places or sources the
  // text is about; teasers link to the site's own stories.
  if (
    m.links >= 2 &&
    rootLinkShare < PROSE_LINK_SHARE &&
    linkShare > TEASER_LINK_SHARE &&
    !(PROSE_LIST_TAGS.has(el.name) && linksLeaveSite(el, host))
  )
    return true;
  // In prose, a paragraph that is mostly one link is a teaser ("Read more: …", "À lire aussi : …").
  if (
    el.name === 'p' &&
    m.links === 1 &&
    rootLinkShare < PROSE_LINK_SHARE &&
    linkShare > SINGLE_TEASER_LINK_SHARE &&
    m.text < 200
  )
    return true;
  // A single short link alone in a block ("Read more", "Back to top"); in tables and lists such
  // a link is usually the item itself.
  return m.links === 1 && linkShare > 0.9 && m.text < 25 && !insideItem(el);
}

/** Content whose text is less than this share links reads as prose, not as a list of links. */
const PROSE_LINK_SHARE = 0.25;
/** In prose, a paragraph whose one link holds more than this share of its text is a teaser. */
const SINGLE_TEASER_LINK_SHARE = 0.7;
/** In prose, a block with more than this share of link text is a list of teasers. */
const TEASER_LINK_SHARE = 0.5;
/**
 * Blocks whose outbound links make them content: lists and paragraphs. A rail of shop cards
 * (divs, each with a price and a "Buy now" link to the shop) stays a teaser block.
 */
const PROSE_LIST_TAGS = new Set(['ul', 'ol', 'li', 'p', 'dl']);

function isTeaserNamed(el: Element): boolean {
  const names = idAndClass(el);
  return names !== '' && names.split(/\s+/).some((t) => TEASER_TOKEN.test(t));
}

function insideItem(el: Element): boolean {
  for (let p: AnyNode | null = el; p && isTag(p); p = p.parent) {
    if (p.name === 'li' || p.name === 'td' || p.name === 'th' || p.name === 'dd' || p.name === 'dt') return true;
  }
  return false;
}
