/**
 * Small helpers over htmlparser2's DOM (domhandler nodes). The extractor works on this tree
 * directly instead of a browser-like DOM because it is several times faster to build and walk.
 */
import { parseDocument } from 'htmlparser2';
import { Document, Element, isTag, isText, type AnyNode, type ChildNode } from 'domhandler';

export { Document, Element, isTag, isText };
export type { AnyNode, ChildNode };

export function parseHtml(html: string): Document {
  return parseDocument(withoutCdata(html), {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
}

/**
 * In HTML content a browser reads "<![CDATA[" as a bogus comment that ends at the next ">";
 * htmlparser2 reads on to "]]>", and a page that never closes one (some forum templates) loses
 * everything after it. Cut it as a browser does.
 */
function withoutCdata(html: string): string {
  if (!html.includes('<![CDATA[')) return html;
  // Scripts and styles are raw text, where "<![CDATA[" is just text: left alone.
  return html
    .split(RAW_TEXT_ELEMENT)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/<!\[CDATA\[[^>]*>/g, '')))
    .join('');
}

// eslint-disable-next-line no-restricted-syntax -- tag names, ASCII: \b is right here
const RAW_TEXT_ELEMENT = /(<script\b[\s\S]*?<\/script\s*>|<style\b[\s\S]*?<\/style\s*>)/i;

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

export function childElements(node: Document | Element): Element[] {
  const out: Element[] = [];
  for (const child of node.children) if (isTag(child)) out.push(child);
  return out;
}

/** Depth-first walk over elements below `root` (root excluded). Return false to skip a subtree. */
export function walkElements(root: Document | Element, visit: (el: Element) => boolean | void): void {
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as ChildNode;
    if (!isTag(node)) continue;
    if (visit(node) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ChildNode);
  }
}

export function findAll(root: Document | Element, test: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  walkElements(root, (el) => {
    if (test(el)) out.push(el);
  });
  return out;
}

export function findFirst(root: Document | Element, test: (el: Element) => boolean): Element | undefined {
  let found: Element | undefined;
  walkElements(root, (el) => {
    if (found) return false;
    if (test(el)) {
      found = el;
      return false;
    }
    return true;
  });
  return found;
}

/** Raw text of a subtree (no whitespace normalisation). */
export function rawText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node) && !(node instanceof Document)) return '';
  let out = '';
  for (const child of (node as Element | Document).children) out += rawText(child);
  return out;
}

export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * How many characters of `text` are not white space (`\s`, as `text.replace(/\s+/g, '').length`
 * counts them), without making that string: the mass map counts every text node of a page so.
 */
export function nonSpaceLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c > 32 && c < 127) || !isSpaceUnit(c)) n++;
  }
  return n;
}

/** ECMAScript's WhiteSpace and LineTerminator, what `\s` matches (each one UTF-16 unit). */
function isSpaceUnit(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export function textOf(node: AnyNode): string {
  return normalizeSpace(rawText(node));
}

export function removeNode(node: ChildNode): void {
  const parent = node.parent;
  if (!parent) return;
  const index = parent.children.indexOf(node);
  if (index >= 0) parent.children.splice(index, 1);
  node.parent = null;
}

export function isInside(el: Element, ancestor: Element): boolean {
  for (let p: AnyNode | null = el; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/** The smallest element holding all of them; undefined when they share none (other trees). */
export function commonAncestor(elements: Element[]): Element | undefined {
  const chain = (el: Element): Element[] => {
    const out: Element[] = [];
    for (let p: AnyNode | null = el; p && isTag(p); p = p.parent) out.unshift(p);
    return out;
  };
  const chains = elements.map(chain);
  let common: Element | undefined;
  for (let i = 0; ; i++) {
    const candidate = chains[0]?.[i];
    if (!candidate || !chains.every((c) => c[i] === candidate)) return common;
    common = candidate;
  }
}

/**
 * id and class attribute text, lower-cased, for boilerplate pattern tests. A utility class's
 * variant prefix ("print:", "lg:", "site-header:") says when a style applies, not what the block
 * is, so only the utility after it is tested ("print:break-inside-avoid" is a paragraph's, not a
 * print-only block's). "print:hidden" stays whole: a block left out of the printout is the page's
 * chrome (ads, banners).
 */
export function idAndClass(el: Element): string {
  const id = el.attribs.id ?? '';
  let cls = el.attribs.class ?? '';
  if (cls.includes(':'))
    cls = cls.replace(VARIANT_PREFIX, (prefix: string, token: string) => (token === 'print:hidden' ? prefix : ''));
  return id || cls ? `${id} ${cls}`.toLowerCase() : '';
}

/** The variant prefixes of a class token (up to its last colon outside brackets), with the token. */
const VARIANT_PREFIX = /(?<=^|\s)(?=(\S+))(?:[^\s:[]*:)+/g;

/** Depth of the deepest element, computed without recursion. */
export function treeDepth(root: Document): number {
  let max = 0;
  const stack: [ChildNode, number][] = root.children.map((c) => [c, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [ChildNode, number];
    if (!isTag(node)) continue;
    if (depth > max) max = depth;
    for (const child of node.children) stack.push([child, depth + 1]);
  }
  return max;
}
