/**
 * Disclosure panels: text a page hides until the reader opens it with one click — an accordion's
 * answers, a "How to choose" guide folded under its heading, the other tabs of a tabbed section.
 * The page marks them by the ARIA patterns: a button with aria-expanded="false" whose
 * aria-controls names the hidden panel; a panel labelled by (aria-labelledby) the button that
 * controls it (an accordion that leaves aria-expanded out); a tab panel (role="tabpanel"). Such a
 * panel is part of what the page says, unlike markup hidden for good (templates, other languages,
 * dialogs not yet opened, which no button or tab opens), and the button's label is the panel's
 * heading (an FAQ's question).
 *
 * Some accordions leave aria-expanded for their script to set: a button in an accordion's header
 * (inside a heading, or holding one) whose aria-controls names a panel holding no form field
 * opens that panel as well. Without the heading, buttons that open other hidden parts came in
 * too (a shop's folded review texts, which then outweighed the product's description).
 */
import { childElements, isTag, isText, walkElements, type AnyNode, type Element } from './dom.js';

export interface Disclosures {
  /** The folded panels present on the page, and hidden wrappers that hold only such a panel. */
  panels: Set<Element>;
  /** The buttons that open them. */
  buttons: Set<Element>;
}

export function findDisclosures(root: Element): Disclosures {
  const wanted = new Map<Element, string[]>();
  // Ids are not always unique: a page printing one accordion template twice repeats them.
  const byId = new Map<string, Element[]>();
  const tabPanels: Element[] = [];
  walkElements(root, (el) => {
    const id = el.attribs.id;
    if (id) {
      const same = byId.get(id);
      if (same) same.push(el);
      else byId.set(id, [el]);
    }
    const controls = el.attribs['aria-controls'];
    if (controls) wanted.set(el, controls.split(/\s+/).filter(Boolean));
    if (el.attribs.role === 'tabpanel') tabPanels.push(el);
  });
  const panels = new Set<Element>(tabPanels);
  const buttons = new Set<Element>();
  for (const [button, controls] of wanted) {
    const expanded = button.attribs['aria-expanded'];
    const header = expanded === undefined && isAccordionHeader(button);
    for (const panel of controls.flatMap((id) => byId.get(id) ?? [])) {
      // Without aria-expanded, a button and a panel that name each other are an accordion's fold.
      const paired =
        isButton(button) && button.attribs.id !== undefined && labelledBy(panel).includes(button.attribs.id);
      // A panel to fill in (a country picker, a message form) is a tool, not folded text.
      const headerFold = header && !holdsField(panel);
      if (expanded !== 'false' && !paired && !headerFold) continue;
      buttons.add(button);
      panels.add(panel);
    }
  }
  for (const panel of [...panels]) for (const wrapper of onlyChildChain(panel)) panels.add(wrapper);
  return { panels, buttons };
}

function isButton(el: Element): boolean {
  return el.name === 'button' || el.attribs.role === 'button';
}

function labelledBy(el: Element): string[] {
  return (el.attribs['aria-labelledby'] ?? '').split(/\s+/).filter(Boolean);
}

/** A button inside a heading or holding one: an accordion item's header. */
function isAccordionHeader(el: Element): boolean {
  if (!isButton(el)) return false;
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

function holdsField(panel: Element): boolean {
  let found = false;
  walkElements(panel, (el) => {
    if (FIELD_TAGS.has(el.name)) found = true;
    return !found;
  });
  return found;
}

/**
 * The ancestors that hold nothing but the panel (an animation's collapse wrapper, hidden in the
 * panel's stead), up to the first that holds anything else.
 */
function onlyChildChain(panel: Element): Element[] {
  const chain: Element[] = [];
  for (let parent = panel.parent; parent && isTag(parent); parent = parent.parent) {
    if (childElements(parent).length !== 1 || hasOwnText(parent)) break;
    chain.push(parent);
  }
  return chain;
}

function hasOwnText(el: Element): boolean {
  return el.children.some((c) => isText(c) && c.data.trim() !== '');
}
