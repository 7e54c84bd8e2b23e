/**
 * A thread's posts, or a listing's cards, are siblings built alike (the same tag and class). One
 * of them can hold nearly all of the group's text — a reply that pastes a long log, a card with a
 * long description — and the descent by text mass would then read that one alone. The group is
 * the content: the descent stops above it.
 */
import { isTag, type Element } from './dom.js';
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
