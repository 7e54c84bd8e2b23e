/**
 * Markdown from the answer pipeline and from fetched pages, rendered as React elements. Page text
 * is untrusted: raw HTML in it is shown as text, never rendered (no rehype-raw; skipHtml too),
 * link URLs pass react-markdown's own filter (no javascript:), links open outside this page, and
 * images are shown as their alt text (loading them would tell the page's site who reads it).
 */
import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Citation } from '../../../shared/answer-contract';
import { CitationChip } from './CitationChip';

/** The slice of mdast these plugins touch. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

const SKIP = new Set(['code', 'inlineCode', 'html', 'link', 'linkReference', 'definition']);

/** Replaces each text node through `split`, depth first, in document order. */
function mapText(node: MdNode, split: (text: string) => MdNode[]): void {
  if (!node.children) return;
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === 'text' && child.value !== undefined) next.push(...split(child.value));
    else {
      if (!SKIP.has(child.type)) mapText(child, split);
      next.push(child);
    }
  }
  node.children = next;
}

/** `[n]` markers become citation elements carrying n and which occurrence of n this is. */
function remarkCitations() {
  return (tree: MdNode) => {
    const seen = new Map<number, number>();
    mapText(tree, (text) => {
      const parts: MdNode[] = [];
      let last = 0;
      for (const match of text.matchAll(/\[(\d{1,3})\]/g)) {
        const n = Number(match[1]);
        const k = seen.get(n) ?? 0;
        seen.set(n, k + 1);
        if (match.index > last) parts.push({ type: 'text', value: text.slice(last, match.index) });
        parts.push({
          type: 'citationRef',
          data: { hName: 'cite-ref', hProperties: { dataN: n, dataK: k } },
          children: [{ type: 'text', value: String(n) }],
        });
        last = match.index + match[0].length;
      }
      if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
      return parts;
    });
  };
}

/**
 * Markup in the Markdown (a page that wrote `<img …>` as text, or raw HTML in a .md file) is
 * shown as the text it is, never parsed: the person sees what the page said, and nothing runs.
 */
function remarkHtmlAsText() {
  return (tree: MdNode) => {
    const visit = (node: MdNode): void => {
      for (const child of node.children ?? []) {
        if (child.type === 'html') child.type = 'text';
        else visit(child);
      }
    };
    visit(tree);
  };
}

export const HIGHLIGHT_START = '\uE000';
export const HIGHLIGHT_END = '\uE001';

/** Text between the two sentinels becomes <mark class="quote">, across any number of nodes. */
function remarkHighlight() {
  return (tree: MdNode) => {
    let inside = false;
    const strip = (node: MdNode): void => {
      if (node.value !== undefined)
        node.value = node.value.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, '');
      node.children?.forEach(strip);
    };
    const visit = (node: MdNode): void => {
      if (!node.children) return;
      const next: MdNode[] = [];
      for (const child of node.children) {
        if (child.type === 'text' && child.value !== undefined) {
          for (const piece of child.value.split(/(\uE000|\uE001)/)) {
            if (piece === HIGHLIGHT_START) inside = true;
            else if (piece === HIGHLIGHT_END) inside = false;
            else if (piece !== '') {
              next.push(
                inside
                  ? {
                      type: 'highlight',
                      data: { hName: 'mark', hProperties: { className: ['quote'] } },
                      children: [{ type: 'text', value: piece }],
                    }
                  : { type: 'text', value: piece },
              );
            }
          }
        } else {
          if (child.type === 'code' || child.type === 'inlineCode') strip(child);
          else visit(child);
          next.push(child);
        }
      }
      node.children = next;
    };
    visit(tree);
  };
}

const pageComponents: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ alt }) => <span className="image-alt">[image{alt ? `: ${alt}` : ''}]</span>,
};

export function PageMarkdown({ text }: { text: string }): React.JSX.Element {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm, remarkHtmlAsText, remarkHighlight]} components={pageComponents} skipHtml>
      {text}
    </ReactMarkdown>
  );
}

export interface AnswerMarkdownProps {
  text: string;
  /** The citation behind the k-th `[n]`; undefined until the citations are checked. */
  citation: (n: number, occurrence: number) => Citation | undefined;
  sourceOf: (n: number) => { title: string; url: string; domain: string } | undefined;
  checked: boolean;
  onOpen: (n: number, citation: Citation | undefined) => void;
}

export function AnswerMarkdown({ text, citation, sourceOf, checked, onOpen }: AnswerMarkdownProps): React.JSX.Element {
  const components = {
    ...pageComponents,
    'cite-ref': (props: { 'data-n'?: number; 'data-k'?: number; children?: ReactNode }) => {
      const n = Number(props['data-n']);
      const found = citation(n, Number(props['data-k'] ?? 0));
      return (
        <CitationChip
          n={n}
          citation={found}
          source={sourceOf(n)}
          checked={checked}
          onOpen={() => onOpen(n, found)}
          QuoteText={InlineMarkdown}
        />
      );
    },
  } as Components;
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm, remarkHtmlAsText, remarkCitations]} components={components} skipHtml>
      {text}
    </ReactMarkdown>
  );
}

/**
 * Markers a quote kept unbalanced (it starts or ends inside bold or code): dropped. `__` stays, as
 * it is as often part of a name (`__init__`) as a marker.
 */
function remarkStrayMarkers() {
  return (tree: MdNode) => {
    const visit = (node: MdNode): void => {
      for (const child of node.children ?? []) {
        if (child.type === 'text' && child.value !== undefined) child.value = child.value.replace(/\*\*|`/g, '');
        else visit(child);
      }
    };
    visit(tree);
  };
}

const INLINE_ELEMENTS = ['strong', 'em', 'code', 'del'];

/**
 * A passage of a page's Markdown (a quote) shown inline, in a tooltip or a list item: its bold,
 * italics and code as elements, every block, link and image reduced to its text, and no marker
 * left over as `**` or a backtick.
 */
export function InlineMarkdown({ text }: { text: string }): React.JSX.Element {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm, remarkHtmlAsText, remarkStrayMarkers]}
      allowedElements={INLINE_ELEMENTS}
      unwrapDisallowed
      skipHtml
    >
      {text}
    </ReactMarkdown>
  );
}
