/**
 * Text mass of every element: how many visible characters it holds, and how many of those sit
 * inside links. Main-content selection and boilerplate pruning both decide on these figures.
 */
import { isTag, isText, nonSpaceLength, type Document, type Element } from './dom.js';

export interface Mass {
  /** Non-space characters of all text below the element. */
  text: number;
  /** Of those, characters inside <a> elements. */
  link: number;
  /** Number of <a> elements with text. */
  links: number;
}

export type MassMap = Map<Element, Mass>;

export function measure(root: Document | Element): { map: MassMap; total: Mass } {
  const map: MassMap = new Map();
  const total = measureNode(root, false, map);
  return { map, total };
}

function measureNode(node: Document | Element, inLink: boolean, map: MassMap): Mass {
  const mass: Mass = { text: 0, link: 0, links: 0 };
  for (const child of node.children) {
    if (isText(child)) {
      const n = nonSpaceLength(child.data);
      mass.text += n;
      if (inLink) mass.link += n;
    } else if (isTag(child)) {
      const isLink = child.name === 'a';
      const sub = measureNode(child, inLink || isLink, map);
      mass.text += sub.text;
      mass.link += sub.link;
      mass.links += sub.links + (isLink && sub.text > 0 && !inLink ? 1 : 0);
    }
  }
  if (node.type !== 'root') map.set(node as Element, mass);
  return mass;
}

/** Weight of an element as content: text outside links counts fully, link text a quarter. */
export function contentWeight(m: Mass | undefined): number {
  if (!m) return 0;
  return m.text - m.link + 0.25 * m.link;
}
