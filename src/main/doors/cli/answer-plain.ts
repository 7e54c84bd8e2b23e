/**
 * An answer as `lantern ask` prints it in a terminal: what a person reads, not Markdown. The
 * answer's Markdown (a bold lead, key points, a model's lists and links) is parsed by
 * mdast-util-from-markdown and written back as plain text: no emphasis marks, no backslash
 * escapes ("Yahoo\!" reads "Yahoo!"), list items as "- ", a link as its text and its address.
 * Titles of sources are page text already, printed as they are, on one line each.
 */
import type { Nodes, Parent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { AnswerResponse } from '../../../shared/answer-contract';
import { formatAnswerText, type AnswerTextStyle } from '../../../shared/format/answer-text';
import { oneLine } from '../../../shared/format/one-line';
import { withoutControlCharacters } from '../../../shared/format/plain-text';

/** Page text on one line; an address as it is (a terminal shows it, nothing parses it). */
const PLAIN: AnswerTextStyle = {
  text: oneLine,
  url: (url) => url,
  answer: (markdown) => markdownAsPlainText(markdown),
};

export function formatAnswerPlain(response: Pick<AnswerResponse, 'answer' | 'sources' | 'searchedFor'>): string {
  return withoutControlCharacters(formatAnswerText(response, PLAIN));
}

/** Markdown as the text it shows: blocks apart by a blank line, list items one a line. */
export function markdownAsPlainText(markdown: string): string {
  return blocks(fromMarkdown(markdown).children, '\n\n').trim();
}

function blocks(nodes: readonly RootContent[], separator: string): string {
  return nodes
    .map(block)
    .filter((text) => text !== '')
    .join(separator);
}

function block(node: RootContent): string {
  switch (node.type) {
    case 'list': {
      let number = node.start ?? 1;
      return node.children
        .map((item) => {
          const marker = node.ordered ? `${number++}. ` : '- ';
          // A tight item's paragraphs are lines; its nested list is indented under it.
          return marker + blocks(item.children, '\n').replace(/\n/g, `\n${' '.repeat(marker.length)}`);
        })
        .join('\n');
    }
    case 'blockquote':
      return blocks(node.children, '\n\n').replace(/^/gm, '> ');
    case 'code':
      return node.value;
    case 'thematicBreak':
      return '---';
    case 'definition':
      return '';
    default:
      return inline(node);
  }
}

function inline(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'html':
      return node.value;
    case 'break':
      return '\n';
    case 'image':
      return node.alt ?? '';
    case 'link': {
      const text = children(node);
      return text === '' || text === node.url ? node.url : `${text} (${node.url})`;
    }
    default:
      return 'children' in node ? children(node) : '';
  }
}

function children(node: Parent): string {
  return node.children.map((child) => inline(child as Nodes)).join('');
}
