/**
 * Disclosure panels: text a page hides until the reader opens it with one click — an accordion's
 * answers, a "How to choose" guide folded under its heading. The page marks them by the ARIA
 * disclosure pattern: a button with aria-expanded="false" whose aria-controls names the hidden
 * panel. Such a panel is part of what the page says, unlike markup hidden for good (templates,
 * other languages, dialogs not yet opened, which no collapsed button controls), and the button's
 * label is the panel's heading (an FAQ's question).
 */
import { walkElements, type Element } from './dom.js';

export interface Disclosures {
  /** Ids of the folded panels present on the page. */
  panels: Set<string>;
  /** The buttons that open them. */
  buttons: Set<Element>;
}

export function findDisclosures(root: Element): Disclosures {
  const wanted = new Map<Element, string[]>();
  const ids = new Set<string>();
  walkElements(root, (el) => {
    if (el.attribs.id) ids.add(el.attribs.id);
    const controls = el.attribs['aria-controls'];
    if (controls && el.attribs['aria-expanded'] === 'false') wanted.set(el, controls.split(/\s+/).filter(Boolean));
  });
  const panels = new Set<string>();
  const buttons = new Set<Element>();
  for (const [button, controls] of wanted) {
    const present = controls.filter((id) => ids.has(id));
    if (present.length === 0) continue;
    buttons.add(button);
    for (const id of present) panels.add(id);
  }
  return { panels, buttons };
}
