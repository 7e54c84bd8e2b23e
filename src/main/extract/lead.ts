/**
 * The standfirst of an article. News and magazine templates print the lead paragraph ("lead",
 * "intro", "teaser-text", "deck", "chapo", "Vorspann") in the article's header, above the element
 * that holds the body text, so selecting the body leaves it out. It is found in the article that
 * encloses the selected body, before it, by its class name, and put back in front.
 */
import { idAndClass, isInside, isTag, walkElements, type AnyNode, type Element } from './dom.js';
import { measure } from './measure.js';

const LEAD_WORDS =
  'lead|intro|intro-?text|introduction|excerpt|standfirst|sommario|vorspann|chapo|bajada|abstract|perex|deck|dek|sub-?headline|subtitle';
const LEAD_TOKEN = new RegExp(
  `^(${LEAD_WORDS})$|[-_]{1,2}(${LEAD_WORDS}|teaser[-_]?text)$|^(article|entry|story|post|news|art)[-_]{1,2}(teaser|${LEAD_WORDS})|^teaser[-_]text$|^ts-intro$`,
);

/** How far up from the body to look for the enclosing article. */
const MAX_LEVELS = 6;
const MIN_CHARS = 40;
const MAX_CHARS = 1500;
/** A lead is prose: a block mostly made of links is a teaser or a menu. */
const MAX_LINK_SHARE = 0.3;

export function findLead(body: Element, root: Element): Element | undefined {
  let ancestor: Element | null = root;
  for (let level = 0; level < MAX_LEVELS; level++) {
    const parent: AnyNode | null = ancestor.parent;
    if (!parent || !isTag(parent) || parent === body || parent.name === 'body') return undefined;
    ancestor = parent;
    const lead = leadBefore(ancestor, root);
    if (lead) return lead;
  }
  return undefined;
}

/** The first lead-named block in `container` that comes before `root` and is not part of it. */
function leadBefore(container: Element, root: Element): Element | undefined {
  const { map } = measure(container);
  let found: Element | undefined;
  let passedRoot = false;
  walkElements(container, (el) => {
    if (found || passedRoot) return false;
    if (el === root) {
      passedRoot = true;
      return false;
    }
    if (isInside(el, root)) return false;
    const names = idAndClass(el);
    if (names && names.split(/\s+/).some((t) => LEAD_TOKEN.test(t))) {
      const m = map.get(el);
      if (m && m.text >= MIN_CHARS && m.text <= MAX_CHARS && m.link <= MAX_LINK_SHARE * m.text) {
        found = el;
        return false;
      }
    }
    return true;
  });
  return found;
}
