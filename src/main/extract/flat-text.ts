/**
 * Last-resort text of a page, read as a token stream without building a tree: used when the tree
 * is too deep to walk recursively (pathological markup), so that extraction degrades instead of
 * failing.
 */
import { Parser } from 'htmlparser2';
import { HTML_BLOCK_ELEMENTS } from '../text/html-blocks.js';

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'svg',
  'nav',
  'footer',
  'aside',
  'button',
  'select',
  'textarea',
]);
const BLOCKS: ReadonlySet<string> = new Set([...HTML_BLOCK_ELEMENTS, 'br']);

export function flatText(html: string): string {
  let skipDepth = 0;
  let out = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipDepth++;
        else if (BLOCKS.has(name)) out += '\n';
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCKS.has(name)) out += '\n';
      },
      ontext(text) {
        if (skipDepth === 0) out += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return out
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n\n');
}
