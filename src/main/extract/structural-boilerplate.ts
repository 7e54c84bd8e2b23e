/**
 * Boilerplate known by its structure, whatever the template calls it and in any language:
 * - share bars: a short block whose links go to two or more social sites (or mail a link);
 * - newsletter and sign-up prompts: a form asking for an e-mail address, with the little text
 *   around it (its heading and pitch);
 * - reply forms: a short form with a text area (a comment or reply box), with the few words
 *   around it (its heading and house rules);
 * - contact forms: a form asking for a phone number ("get a quote", "book a call"), with its
 *   consent small print and the few words around it;
 * - citation boxes: a short block giving a reference with a retrieval date and an address
 *   ("Retrieved 3 May 2025 from https://…", "Abgerufen am … von https://…").
 * Runs before the tag rules of clean.ts, which drop the inputs the form rule looks for.
 */
import { childElements, isTag, rawText, removeNode, walkElements, type Element } from './dom.js';
import type { MassMap } from './measure.js';
import { wordRule } from '../text/word-boundary.js';

/** Hosts of social sites and messengers that share links point to. */
const SOCIAL_HOST =
  /(^|\.)(facebook\.com|fb\.com|twitter\.com|x\.com|linkedin\.com|pinterest\.[a-z.]+|reddit\.com|tumblr\.com|wa\.me|whatsapp\.com|t\.me|telegram\.(me|org)|xing\.com|vk\.com|ok\.ru|bsky\.app|threads\.net|weibo\.com|line\.me|flipboard\.com|getpocket\.com|mix\.com)$/;

/**
 * A share bar or a sign-up prompt is short: a block with more text than this (non-space
 * characters, as the mass map counts them) is content.
 */
const SHARE_MAX_CHARS = 200;
const PROMPT_MAX_CHARS = 400;
const CITATION_MAX_CHARS = 600;
/** A reply form's heading and house rules ("Leave a comment", "Comments are moderated…"). */
const REPLY_NOTE_MAX_CHARS = 200;
/**
 * A contact form carries more than a sign-up prompt: its field labels, a country list and the
 * consent small print ("By clicking Submit you agree to receive calls…"). A page whose whole
 * content sits inside one <form> (ASP.NET wraps pages so) holds far more.
 */
const CONTACT_FORM_MAX_CHARS = 3000;

/**
 * "retrieved/accessed … http…" within a short span, in the languages of the data we see; the
 * address must follow, so prose about retrieving something is not a citation.
 */
const CITATION_PATTERN = wordRule(
  String.raw`\b(retrieved|accessed|abgerufen|zugegriffen|consulté|consultado|consultato|recuperado|dostęp|pobrano|haettu|geraadpleegd|hämtad)\b.{0,60}?https?:\/\/`,
);

const BLOCKS = new Set(['p', 'div', 'section', 'li', 'ul', 'ol', 'span', 'blockquote', 'dl', 'table', 'form']);

export function dropStructuralBoilerplate(root: Element, map: MassMap): void {
  const doomed = new Set<Element>();
  for (const form of findForms(root)) {
    if (asksForEmail(form, map)) doomed.add(promptBlock(form, map));
    else if (chars(form, map) <= PROMPT_MAX_CHARS && asksForText(form)) doomed.add(replyBlock(form, map));
    else if (chars(form, map) <= CONTACT_FORM_MAX_CHARS && asksForPhone(form)) doomed.add(replyBlock(form, map));
  }
  // A block whose text holds no "://" holds no citation, and neither does anything inside it
  // (an element's text is a run of its parent's): its subtree is not read again.
  const noAddress = new Set<Element>();
  walkElements(root, (el) => {
    if (doomed.has(el)) return false;
    const parent = el.parent as Element | null;
    const addressFree = parent !== null && noAddress.has(parent);
    if (addressFree) noAddress.add(el);
    if (!BLOCKS.has(el.name)) return true;
    // Only short blocks are judged, by their mass: reading the text of every block would cost a
    // walk of its subtree each.
    const text = map.get(el)?.text ?? 0;
    if (text <= SHARE_MAX_CHARS && isShareBar(el)) {
      doomed.add(el);
      return false;
    }
    if (text <= CITATION_MAX_CHARS && !addressFree) {
      const raw = rawText(el);
      if (!raw.includes('://')) noAddress.add(el);
      else if (isCitation(el, raw)) {
        doomed.add(el);
        return false;
      }
    }
    return true;
  });
  for (const el of doomed) removeNode(el);
}

function findForms(root: Element): Element[] {
  const forms: Element[] = [];
  walkElements(root, (el) => {
    if (el.name === 'form') forms.push(el);
    return true;
  });
  return forms;
}

function asksForEmail(form: Element, map: MassMap): boolean {
  return (
    holds(form, (el) => el.name === 'input' && (el.attribs.type ?? '').toLowerCase() === 'email') &&
    chars(form, map) <= PROMPT_MAX_CHARS
  );
}

/** The form with its heading and pitch: the largest block around it that stays short. */
function promptBlock(form: Element, map: MassMap): Element {
  let block = form;
  while (
    block.parent &&
    isTag(block.parent) &&
    block.parent.name !== 'body' &&
    chars(block.parent, map) <= PROMPT_MAX_CHARS
  )
    block = block.parent;
  return block;
}

/** A form with a text area asks the reader to write: a comment or a reply. */
function asksForText(form: Element): boolean {
  return holds(form, (el) => el.name === 'textarea');
}

/** A field typed for a phone number: a lead or booking form, never an article's own. */
function asksForPhone(form: Element): boolean {
  return holds(form, (el) => el.name === 'input' && (el.attribs.type ?? '').toLowerCase() === 'tel');
}

function holds(el: Element, test: (el: Element) => boolean): boolean {
  let found = false;
  walkElements(el, (child) => {
    if (test(child)) found = true;
    return !found;
  });
  return found;
}

/**
 * A reply or contact form with its heading and notes ("Leave a comment", "Get a free quote"): the
 * largest block around it whose text besides the form's stays short (the comments above it, or
 * the article, stop it).
 */
function replyBlock(form: Element, map: MassMap): Element {
  const own = chars(form, map);
  let block = form;
  while (
    block.parent &&
    isTag(block.parent) &&
    block.parent.name !== 'body' &&
    chars(block.parent, map) - own <= REPLY_NOTE_MAX_CHARS
  )
    block = block.parent;
  return block;
}

function isShareBar(el: Element): boolean {
  const hosts = new Set<string>();
  let links = 0;
  let social = 0;
  walkElements(el, (a) => {
    if (a.name !== 'a') return true;
    links++;
    const host = socialTarget(a.attribs.href ?? '');
    if (host) {
      social++;
      hosts.add(host);
    }
    return false;
  });
  return hosts.size >= 2 && social * 2 >= links;
}

/** The social site (or "mailto") a link shares to, if any. */
function socialTarget(href: string): string | undefined {
  if (/^mailto:\?/i.test(href)) return 'mailto';
  const match = /^(?:https?:)?\/\/([^/?#:]+)/i.exec(href.trim());
  const host = match?.[1]?.toLowerCase();
  return host && SOCIAL_HOST.test(host) ? host.replace(/^www\./, '') : undefined;
}

/** The smallest block holding a citation: no child block holds it alone. */
function isCitation(el: Element, raw: string): boolean {
  if (!CITATION_PATTERN.test(raw.replace(/\s+/g, ' '))) return false;
  return !childElements(el).some((c) => BLOCKS.has(c.name) && CITATION_PATTERN.test(rawText(c).replace(/\s+/g, ' ')));
}

function chars(el: Element, map: MassMap): number {
  return map.get(el)?.text ?? 0;
}
