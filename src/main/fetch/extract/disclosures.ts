/**
 * Disclosure panels: text a page hides until the reader opens it with one click — an accordion's
 * answers, a "How to choose" guide folded under its heading. The page marks them by the ARIA
 * disclosure pattern: a button with aria-expanded="false" whose aria-controls names the hidden
 * panel. Such a panel is part of what the page says, unlike markup hidden for good (templates,
 * other languages, dialogs not yet opened, which no collapsed button controls).
 */
import { walkElements, type Element } from './dom.js';

/** The ids of the panels that collapsed disclosure buttons on the page control. */
export function collapsedPanelIds(root: Element): Set<string> {
  const ids = new Set<string>();
  walkElements(root, (el) => {
    const controls = el.attribs['aria-controls'];
    if (controls && el.attribs['aria-expanded'] === 'false')
      for (const id of controls.split(/\s+/)) if (id) ids.add(id);
  });
  return ids;
}
