/**
 * Disclosure panels: text a page hides until the reader opens it with one click — an accordion's
 * answers, a "How to choose" guide folded under its heading. The page marks them by the ARIA
 * disclosure pattern: a button with aria-expanded="false" whose aria-controls names the hidden
 * panel. Such a panel is part of what the page says, unlike markup hidden for good (templates,
 * other languages, dialogs not yet opened, which no collapsed button controls), and the button's
 * label is the panel's heading (an FAQ's question).
 *
 * Some accordions leave aria-expanded for their script to set: a button in an accordion's header
 * (inside a heading, or holding one) whose aria-controls names a panel holding no form field
 * opens that panel as well. Without the heading, buttons that open other hidden parts came in
 * too (a shop's folded review texts, which then outweighed the product's description).
 */
import { isTag, walkElements, type AnyNode, type Element } from './dom.js';

export interface Disclosures {
  /** Ids of the folded panels present on the page. */
  panels: Set<string>;
  /** The buttons that open them. */
  buttons: Set<Element>;
}

export function findDisclosures(root: Element): Disclosures {
  const wanted = new Map<Element, string[]>();
  const ids = new Map<string, Element>();
  walkElements(root, (el) => {
    if (el.attribs.id) ids.set(el.attribs.id, el);
    const controls = el.attribs['aria-controls'];
    const expanded = el.attribs['aria-expanded'];
    if (controls && (expanded === 'false' || (expanded === undefined && isAccordionHeader(el))))
      wanted.set(el, controls.split(/\s+/).filter(Boolean));
  });
  const panels = new Set<string>();
  const buttons = new Set<Element>();
  for (const [button, controls] of wanted) {
    const present = controls.filter((id) => ids.has(id));
    if (present.length === 0) continue;
    // A panel to fill in (a country picker, a message form) is a tool, not folded text.
    if (button.attribs['aria-expanded'] === undefined && present.some((id) => holdsField(ids.get(id)))) continue;
    buttons.add(button);
    for (const id of present) panels.add(id);
  }
  return { panels, buttons };
}

/** A button inside a heading or holding one: an accordion item's header. */
function isAccordionHeader(el: Element): boolean {
  if (el.name !== 'button' && el.attribs.role !== 'button') return false;
  for (let node: AnyNode | null = el; node && isTag(node); node = node.parent) if (isHeading(node)) return true;
  let holds = false;
  walkElements(el, (child) => {
    if (isHeading(child)) holds = true;
    return !holds;
  });
  return holds;
}

function isHeading(el: Element): boolean {
  return /^h[1-6]$/.test(el.name) || el.attribs.role === 'heading';
}

const FIELD_TAGS = new Set(['input', 'select', 'textarea', 'form']);

function holdsField(panel: Element | undefined): boolean {
  let found = false;
  if (panel)
    walkElements(panel, (el) => {
      if (FIELD_TAGS.has(el.name)) found = true;
      return !found;
    });
  return found;
}
