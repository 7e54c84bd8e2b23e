/**
 * Blocks built alike — a thread's posts, a listing's cards — are content as a group, which rules
 * judging one block by its own text mass or name can miss.
 *
 * A thread's posts are siblings with the same tag and class. One of them can hold nearly all of
 * the group's text (a reply that pastes a long log), and the descent by text mass would then read
 * that one alone: the group is the content, and the descent stops above it.
 */
import { childElements, findFirst, isInside, isTag, type Element } from './dom.js';
import { contentWeight, type MassMap } from './measure.js';

/** Look-alike siblings with text, besides the element, that make it one of a group. */
const MIN_OTHERS = 2;

export function isOneOfLookAlikes(el: Element, map: MassMap): boolean {
  const cls = (el.attribs.class ?? '').trim();
  const parent = el.parent;
  if (cls === '' || !parent || !isTag(parent)) return false;
  let others = 0;
  for (const sibling of parent.children) {
    if (sibling === el || !isTag(sibling) || sibling.name !== el.name) continue;
    if ((sibling.attribs.class ?? '').trim() === cls && contentWeight(map.get(sibling)) > 0) others++;
  }
  return others >= MIN_OTHERS;
}

/**
 * Siblings built like `el`: the same class attribute (not empty), or, without classes, the same
 * sequence of child tags (author line, body) — a post and its replies.
 */
export function lookAlikeSiblings(el: Element): Element[] {
  const parent = el.parent;
  if (!parent || !isTag(parent)) return [];
  const cls = (el.attribs.class ?? '').trim();
  const shape = (e: Element): string =>
    childElements(e)
      .map((c) => `${c.name}.${c.attribs.class ?? ''}`)
      .join(' ');
  const own = shape(el);
  return childElements(parent).filter(
    (sibling) =>
      sibling !== el &&
      (cls !== ''
        ? (sibling.attribs.class ?? '').trim() === cls
        : childElements(sibling).length >= 2 && shape(sibling) === own),
  );
}

/**
 * The weight of all outermost elements of the page with the element's tag and (non-empty) class:
 * a grid of cards holds the page as a group, each card only a small part of it, and a template
 * may set each card in a wrapper of its own, so the cards are not siblings.
 */
export function sameClassWeight(el: Element, map: MassMap): number {
  const own = contentWeight(map.get(el));
  // An id names one block of the page (its class may be a layout utility every block carries).
  if ((el.attribs.class ?? '').trim() === '' || el.attribs.id !== undefined) return own;
  let top = el;
  while (top.parent && isTag(top.parent)) top = top.parent;
  let weights = classWeights.get(map);
  if (!weights) {
    const found = new Map<string, number>();
    // Elements with the same tag and class inside one already counted (nested wrappers) are not counted again.
    const open = new Map<string, number>();
    const visit = (node: Element): void => {
      for (const child of node.children) {
        if (!isTag(child)) continue;
        const key = signature(child);
        const depth = open.get(key) ?? 0;
        if (depth === 0) found.set(key, (found.get(key) ?? 0) + contentWeight(map.get(child)));
        open.set(key, depth + 1);
        visit(child);
        open.set(key, depth);
      }
    };
    visit(top);
    classWeights.set(map, found);
    weights = found;
  }
  return weights.get(signature(el)) ?? own;
}

/** Per measurement of a page, the weight of each tag and class. */
const classWeights = new WeakMap<MassMap, Map<string, number>>();

const signature = (el: Element): string => `${el.name}.${(el.attribs.class ?? '').trim()}`;

/** How far above a post's body its post (author line, body, buttons) is looked for. */
const POST_LEVELS = 6;

/**
 * A forum names its first post's body as an article body ("post-content", itemprop=articleBody),
 * and that post often outweighs every reply several times over, so it alone looks like the
 * page's body. When the post around it is one of a group of look-alike posts of which two others
 * hold a body too — built like it (the same tag and class), or named as one (`named`) — the
 * thread (their parent) is the content.
 */
export function threadAround(body: Element, named: Element[], map: MassMap): Element | undefined {
  const bodyClass = (body.attribs.class ?? '').trim();
  const holdsBody = (post: Element): boolean =>
    named.some((el) => isInside(el, post)) ||
    (bodyClass !== '' &&
      findFirst(post, (el) => el.name === body.name && (el.attribs.class ?? '').trim() === bodyClass) !== undefined);
  let post: Element = body;
  for (let depth = 0; depth < POST_LEVELS; depth++) {
    const parent = post.parent;
    if (!parent || !isTag(parent)) return undefined;
    if (isOneOfLookAlikes(post, map)) {
      const cls = (post.attribs.class ?? '').trim();
      const replies = childElements(parent).filter(
        (s) => s !== post && s.name === post.name && (s.attribs.class ?? '').trim() === cls && holdsBody(s),
      );
      return replies.length >= MIN_OTHERS ? parent : undefined;
    }
    // The thread's first post may carry a class more than its replies ("message threadAuthor"
    // beside "message"): replies of the same tag whose classes are some of its own still count.
    const own = classSet(post);
    const replies = childElements(parent).filter(
      (s) => s !== post && s.name === post.name && holdsBody(s) && fewerClasses(classSet(s), own),
    );
    if (replies.length >= MIN_OTHERS) return parent;
    post = parent;
  }
  return undefined;
}

const classSet = (el: Element): Set<string> => new Set((el.attribs.class ?? '').split(/\s+/).filter((c) => c !== ''));

/** True when `some` holds some of the classes of `all`, and only those, but not all of them. */
function fewerClasses(some: Set<string>, all: Set<string>): boolean {
  return some.size > 0 && some.size < all.size && [...some].every((c) => all.has(c));
}
