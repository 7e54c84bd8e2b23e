/**
 * First pass: remove what is never main content (scripts, forms, hidden parts, navigation) and
 * boilerplate recognised by its tag, ARIA role or class/id names. Class-name rules are guarded by
 * text mass so that a wrapper named, say, "has-sidebar" that holds the page is never dropped.
 */
import {
  ARTICLE_BODY_SUFFIX,
  ARTICLE_BODY_TOKEN,
  BOILERPLATE_TOKEN,
  CAPTION_TOKEN,
  COMMENT_TOKEN,
  CONTENT_TOKEN,
  isCommentNamed,
  POST_META_TOKEN,
  PROMO_TOKEN,
  WIDGET_TOKEN,
} from './class-tokens.js';
import { attr, childElements, findAll, idAndClass, isTag, removeNode, walkElements, type Element } from './dom.js';
import { findDisclosures, type Disclosures } from './disclosures.js';
import { contentWeight, measure, type MassMap } from './measure.js';
import { sameClassWeight } from './look-alikes.js';
import { dropStructuralBoilerplate } from './structural-boilerplate.js';

const DROP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'applet',
  'audio',
  'video',
  'source',
  'track',
  'map',
  'area',
  'input',
  'select',
  'option',
  'optgroup',
  'textarea',
  'button',
  'datalist',
  'dialog',
  'link',
  'meta',
  'head',
  'nav',
  'menu',
  'aside',
  'footer',
  'picture',
  'img',
  'math',
  'figcaption',
  'label',
  'fieldset',
  'legend',
  'progress',
  'meter',
  'output',
]);

const DROP_ROLES = new Set([
  'navigation',
  'contentinfo',
  'complementary',
  'search',
  'menu',
  'menubar',
  'dialog',
  'alertdialog',
  'tooltip',
  'banner',
]);

/** A class-named boilerplate block holding more of the page than this is kept: the name misleads. */
const BOILERPLATE_MAX_SHARE = 0.4;
/**
 * Look-alike cards that together hold this share of the page are its content whatever their name;
 * reviews under a product or teasers under a short story hold less.
 */
const GRID_MIN_SHARE = 0.7;
/** Comment-named blocks that together hold this share of the page are the content (a forum). */
const COMMENTS_AS_CONTENT_SHARE = 0.4;

export interface CleanOptions {
  includeComments: boolean;
  /** Keep elements hidden by markup (display:none, hidden): for pages that reveal content by script. */
  keepHidden?: boolean;
  /** Keep blocks whose class or id only names them as boilerplate: for pages those names emptied. */
  keepNamed?: boolean;
}

export function clean(body: Element, options: CleanOptions): void {
  const before = measure(body);
  const visible = visibleText(body, before.map);
  keepNoscriptFallback(body, before.map, visible);
  dropStructuralBoilerplate(body, before.map);
  dropByTagAndVisibility(body, options.keepHidden ?? false, {
    map: before.map,
    visible,
    disclosures: findDisclosures(body),
  });
  const { map, total } = measure(body);
  const pageWeight = Math.max(1, contentWeight(total));
  dropBoilerplate(body, map, pageWeight, options);
}

/**
 * Some sites (Discourse forums, for one) serve the readable page only inside <noscript>, beside
 * an empty script shell. When a <noscript> holds most of the page's text it is the content:
 * turn it into a plain <div> so that it survives the tag rules.
 */
const NOSCRIPT_MIN_CHARS = 200;

function keepNoscriptFallback(body: Element, map: MassMap, visible: number): void {
  for (const el of findAll(body, (e) => e.name === 'noscript')) {
    const mass = map.get(el);
    // A few words ("You need to enable JavaScript") are the shell's own notice, not a fallback.
    if (mass && mass.text > 0.5 * visible && mass.text >= NOSCRIPT_MIN_CHARS) el.name = 'div';
  }
}

/**
 * Text a reader could see: all text but that of scripts, styles and templates (a page's JSON
 * state can outweigh its prose many times over).
 */
function visibleText(body: Element, map: MassMap): number {
  let hidden = 0;
  for (const el of findAll(body, (e) => RAW_TEXT_TAGS.has(e.name))) hidden += map.get(el)?.text ?? 0;
  return Math.max(0, (map.get(body)?.text ?? 0) - hidden);
}

const RAW_TEXT_TAGS = new Set(['script', 'style', 'template']);

/**
 * Asides and fieldsets are dropped by their tag, but some templates put a whole page's text in
 * one (an "announcement" aside, a form-built page): holding most of the page, it is the page.
 */
const SOFT_DROP_TAGS = new Set(['aside', 'fieldset']);
const SOFT_DROP_MAX_SHARE = 0.5;

function dropByTagAndVisibility(
  root: Element,
  keepHidden: boolean,
  page: { map: MassMap; visible: number; disclosures: Disclosures },
): void {
  for (const el of childElements(root)) {
    const soft = SOFT_DROP_TAGS.has(el.name) && (page.map.get(el)?.text ?? 0) > SOFT_DROP_MAX_SHARE * page.visible;
    // A folded panel that a collapsed button or a tab opens is shown to the reader on one click,
    // and the button's label is its heading.
    const hidden = !keepHidden && isHidden(el) && !page.disclosures.panels.has(el);
    if (page.disclosures.buttons.has(el) && !hidden) {
      el.name = 'span';
      dropByTagAndVisibility(el, keepHidden, page);
    } else if ((isNeverContent(el) && !soft) || hidden) removeNode(el);
    else dropByTagAndVisibility(el, keepHidden, page);
  }
}

function isHidden(el: Element): boolean {
  const a = el.attribs;
  // React streaming SSR parks rendered content in <div hidden id="S:n"> (n in hex) until a script moves it.
  if (a.hidden !== undefined && !/^S:[0-9a-f]+$/i.test(a.id ?? '')) return true;
  if (a['aria-hidden'] === 'true') return true;
  // A popover (the HTML popover attribute) stays hidden until a script or a button opens it.
  if (a.popover !== undefined) return true;
  const style = a.style;
  return style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

function isNeverContent(el: Element): boolean {
  if (DROP_TAGS.has(el.name)) return true;
  const a = el.attribs;
  const role = a.role?.toLowerCase();
  if (role && DROP_ROLES.has(role)) return true;
  // A site header holds the menu; an article's own header (inside <article> or <main>) may hold
  // a breadcrumb beside the headline and the standfirst, so only the breadcrumb goes.
  if (el.name === 'header' && containsTag(el, 'nav') && !hasAncestor(el, ARTICLE_CONTAINERS)) return true;
  return false;
}

const ARTICLE_CONTAINERS = new Set(['article', 'main']);

function hasAncestor(el: Element, names: Set<string>): boolean {
  for (let p = el.parent; p && isTag(p); p = p.parent) if (names.has(p.name)) return true;
  return false;
}

function containsTag(el: Element, name: string): boolean {
  for (const child of el.children) if (isTag(child) && (child.name === name || containsTag(child, name))) return true;
  return false;
}

/** How far up a date looks for the repeated card or post it may belong to. */
const DATE_ITEM_LEVELS = 7;

function dropBoilerplate(root: Element, map: MassMap, pageWeight: number, options: CleanOptions): void {
  for (const el of childElements(root)) {
    // A post's date: boilerplate beside an article, part of each item of a listing or a thread.
    if (el.name === 'time' && !inRepeatedBlock(el, DATE_ITEM_LEVELS)) {
      removeNode(el);
      continue;
    }
    const names = idAndClass(el);
    if (names && el.name !== 'body' && el.name !== 'main' && el.name !== 'html') {
      // An id made from a heading's words names its section's topic, not a template part.
      const slug = headingSlug(el);
      const tokens = names.split(/\s+/).filter((t) => t.length > 0 && t !== slug);
      const share = contentWeight(map.get(el)) / pageWeight;
      const isContent = tokens.some((t) => CONTENT_TOKEN.test(t));
      if (!options.includeComments && tokens.some((t) => COMMENT_TOKEN.test(t))) {
        // A forum's posts are the page; an article's comments are a minority beside it.
        if (
          commentGroupShare(el, map, pageWeight) < COMMENTS_AS_CONTENT_SHARE ||
          articleBodyBeside(el, map, pageWeight)
        ) {
          removeNode(el);
          continue;
        }
        // Kept as content: do not judge its inner comment-named parts again.
        dropBoilerplate(el, map, pageWeight, { ...options, includeComments: true });
        continue;
      }
      const boilerplate =
        (!options.keepNamed && tokens.some((t) => BOILERPLATE_TOKEN.test(t))) ||
        (tokens.some((t) => POST_META_TOKEN.test(t)) && !inRepeatedBlock(el)) ||
        (tokens.some((t) => PROMO_TOKEN.test(t)) && !inRepeatedBlock(el)) ||
        (tokens.some((t) => WIDGET_TOKEN.test(t)) &&
          !inRepeatedBlock(el) &&
          sameClassCount(el) < PAGE_BUILDER_REPEATS) ||
        // Cards make up most of their container; pictures set between an article's paragraphs
        // repeat too, but are a minority among them, and their captions go.
        (tokens.some((t) => CAPTION_TOKEN.test(t)) && (map.get(el)?.links ?? 0) === 0 && !inRepeatedBlock(el, 4, true));
      // Cards of a grid that share a misleading name ("hide-read-more-ad") are the page as a group.
      const grid = boilerplate && sameClassWeight(el, map) >= GRID_MIN_SHARE * pageWeight;
      if (
        !isContent &&
        !grid &&
        share < BOILERPLATE_MAX_SHARE &&
        boilerplate &&
        attr(el, 'itemprop') !== 'articleBody'
      ) {
        removeNode(el);
        continue;
      }
    }
    dropBoilerplate(el, map, pageWeight, options);
  }
}

/**
 * Ids that pages make from a heading's words ("what-is-social-media-marketing-and-how-it-works",
 * "menu-innovation-strategies-building-memorable-dining-experiences") to link to its section.
 * Read as class names they sound like boilerplate ("social", "menu", "share") and took the
 * section with them. Six words at least: a template's ids run shorter ("cookie-law-info-bar",
 * "sign-up-for-free-homepage"), and a word mixing letters and digits is a generated key.
 */
function headingSlug(el: Element): string {
  const id = (el.attribs.id ?? '').toLowerCase();
  const words = id.split('-');
  return words.length >= SLUG_MIN_WORDS && words.every((w) => /^([a-z]+|[0-9]+)$/.test(w)) ? id : '';
}

const SLUG_MIN_WORDS = 6;

/**
 * An article's comments can outweigh the article (a busy thread under a short report). The
 * page's markup names the article body then, outside any comment block; a forum's posts are
 * comment-named themselves and have no such body beside them.
 */
function articleBodyBeside(comments: Element, map: MassMap, pageWeight: number): boolean {
  const root = topOf(comments);
  const known = articleBodyFound.get(root);
  if (known !== undefined) return known;
  let found = false;
  walkElements(root, (el) => {
    if (found || isCommentNamed(el)) return false;
    const names = idAndClass(el);
    const named =
      // Not a bare <article>: forums wrap each post in one.
      el.attribs.itemprop === 'articleBody' ||
      (names !== '' && names.split(/\s+/).some((t) => ARTICLE_BODY_TOKEN.test(t) || ARTICLE_BODY_SUFFIX.test(t)));
    if (
      named &&
      contentWeight(map.get(el)) >= Math.max(ARTICLE_BESIDE_MIN_CHARS, ARTICLE_BESIDE_MIN_SHARE * pageWeight)
    ) {
      found = true;
      return false;
    }
    return true;
  });
  articleBodyFound.set(root, found);
  return found;
}

/**
 * A page builder names every content block of a page "widget" with the same class attribute, in
 * sections that are not siblings (so `inRepeatedBlock` misses them); a sidebar's widgets each
 * carry a class of their own (recent posts, categories, tag cloud).
 */
const PAGE_BUILDER_REPEATS = 3;

/** Per page (its top element), how many elements carry each class attribute. */
const classCounts = new WeakMap<Element, Map<string, number>>();

function sameClassCount(el: Element): number {
  const root = topOf(el);
  let counts = classCounts.get(root);
  if (!counts) {
    const found = new Map<string, number>();
    walkElements(root, (e) => {
      const cls = e.attribs.class;
      if (cls) found.set(cls, (found.get(cls) ?? 0) + 1);
      return true;
    });
    classCounts.set(root, found);
    counts = found;
  }
  return counts.get(el.attribs.class ?? '') ?? 0;
}

/** Per page (its top element), whether it has a named article body beside its comments. */
const articleBodyFound = new WeakMap<Element, boolean>();

/** An article body beside comments must hold this much to count (a stub "post-content" does not). */
const ARTICLE_BESIDE_MIN_CHARS = 1000;
const ARTICLE_BESIDE_MIN_SHARE = 0.1;

function topOf(el: Element): Element {
  let top = el;
  while (top.parent && isTag(top.parent)) top = top.parent;
  return top;
}

/** Share of the page held by this element and its siblings that are also comment-named. */
function commentGroupShare(el: Element, map: MassMap, pageWeight: number): number {
  const siblings = el.parent ? el.parent.children : [el];
  let sum = 0;
  for (const sibling of siblings) if (isTag(sibling) && isCommentNamed(sibling)) sum += contentWeight(map.get(sibling));
  return sum / pageWeight;
}

/**
 * True when the element, or one of its nearest ancestors (three by default), is one of 3+
 * look-alike siblings — and, with `mostOfParent`, when those also make up half its siblings.
 */
function inRepeatedBlock(el: Element, levels = 4, mostOfParent = false): boolean {
  let node: Element | null = el;
  for (let depth = 0; node && depth < levels; depth++) {
    const parent: Element | null = node.parent && isTag(node.parent) ? node.parent : null;
    if (!parent) return false;
    const signature = `${node.name}.${node.attribs.class ?? ''}`;
    let alike = 0;
    let elements = 0;
    for (const sibling of parent.children) {
      if (!isTag(sibling)) continue;
      elements++;
      if (`${sibling.name}.${sibling.attribs.class ?? ''}` === signature) alike++;
    }
    if (alike >= 3 && (!mostOfParent || alike * 2 >= elements)) return true;
    node = parent;
  }
  return false;
}
