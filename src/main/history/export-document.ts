/**
 * A thread as a document to print or write as Word: each turn's question, its answer's blocks
 * (the answer's Markdown parsed by mdast-util-from-markdown, every piece kept as text) with each
 * citation [n] a reference to a note, and one note per source with its title, the passages the
 * answer quotes from it, and its URL. Notes are numbered through the whole thread, as the
 * Markdown export numbers its footnotes. The PDF (export-html.ts) and the DOCX (export-docx.ts)
 * render this; neither reads Markdown or HTML of its own.
 */
import type { PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Thread } from '../../shared/history-contract';
import { sourceNumber } from '../../shared/source-number';

export type Inline =
  | { kind: 'text'; text: string; bold?: true; italic?: true; code?: true }
  | { kind: 'link'; text: string; url: string }
  /** A citation: the number of the note it refers to. */
  | { kind: 'cite'; note: number };

export type Block =
  | { kind: 'heading'; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { kind: 'code'; text: string };

export interface ExportNote {
  number: number;
  title: string;
  url: string;
  /** The passages of the page the answer's citations quote. */
  quotes: string[];
}

export interface ExportTurn {
  question: string;
  searchedFor?: string;
  /** Set on a question that failed. */
  error?: string;
  blocks: Block[];
  /** Notes of sources the answer does not cite ("Sources" when it cites none, else "Also consulted"). */
  uncited: number[];
  citesAny: boolean;
}

export interface ExportDocument {
  title: string;
  exportedAt: Date;
  createdAt: Date;
  turns: ExportTurn[];
  notes: ExportNote[];
}

/** At most this many quoted passages per note, each cut to this many characters. */
const QUOTES_PER_NOTE = 3;
const QUOTE_MAX_CHARS = 400;

export function threadToDocument(thread: Thread, exportedAt: Date): ExportDocument {
  const notes: ExportNote[] = [];
  const turns = thread.turns.map((turn): ExportTurn => {
    const first = notes.length + 1;
    // The numbers the answer cites its sources by (a follow-up's keep its thread's numbers).
    const numbers = turn.sources.map(sourceNumber);
    turn.sources.forEach((source, i) =>
      notes.push({
        number: first + i,
        title: source.title.trim() || source.url,
        url: source.url,
        quotes: quotesOf(turn, i, numbers[i]!),
      }),
    );
    const cited = new Set<number>();
    const cite: Citer = {
      note: (n) => {
        const i = numbers.indexOf(n);
        return i < 0 ? undefined : first + i;
      },
      cited: (n) => cited.add(n),
    };
    const blocks = answerBlocks(turn.answer, cite);
    return {
      question: turn.question,
      ...(turn.searchedFor === undefined ? {} : { searchedFor: turn.searchedFor }),
      ...(turn.error === undefined ? {} : { error: `${turn.error.code}: ${turn.error.message}` }),
      blocks,
      uncited: numbers.flatMap((n, i) => (cited.has(n) ? [] : [first + i])),
      citesAny: cited.size > 0,
    };
  });
  return {
    title: thread.title.trim() || 'Untitled thread',
    exportedAt,
    createdAt: new Date(thread.createdAt),
    turns,
    notes,
  };
}

/**
 * The passages quoted from the turn's source at `index`, cited as n: its `quotes` (answers and
 * reports keep them on the source), else those of the turn's checked citations of n that are supported.
 */
function quotesOf(turn: Thread['turns'][number], index: number, n: number): string[] {
  const own = strings((turn.sources[index] as { quotes?: unknown }).quotes);
  const fromCitations =
    own.length > 0 ? [] : turn.citations.flatMap((sentence) => strings(citationQuotes(sentence, n)));
  const unique = [
    ...new Set(
      [...own, ...fromCitations].map((quote) => quote.replace(/\s+/g, ' ').trim()).filter((quote) => quote !== ''),
    ),
  ];
  return unique
    .slice(0, QUOTES_PER_NOTE)
    .map((quote) => (quote.length > QUOTE_MAX_CHARS ? `${quote.slice(0, QUOTE_MAX_CHARS - 1).trimEnd()}…` : quote));
}

function citationQuotes(sentence: unknown, n: number): unknown[] {
  const citations = (sentence as { citations?: unknown }).citations;
  if (!Array.isArray(citations)) return [];
  return citations
    .filter((c: { n?: unknown; supported?: unknown }) => c.n === n && c.supported === true)
    .map((c: { quote?: unknown }) => c.quote);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The note of source n of the turn (undefined when the turn has no source n), and the record of what is cited. */
interface Citer {
  note(n: number): number | undefined;
  cited(n: number): void;
}

/** "[2]" and "[1, 3]" naming sources of the turn; any other bracketed text stays text. */
const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

function answerBlocks(markdown: string, cite: Citer): Block[] {
  if (markdown.trim() === '') return [];
  return fromMarkdown(markdown).children.flatMap((node) => block(node, cite));
}

function block(node: RootContent, cite: Citer): Block[] {
  switch (node.type) {
    case 'heading':
      return [{ kind: 'heading', inlines: inlines(node.children, cite) }];
    case 'paragraph':
      return [{ kind: 'paragraph', inlines: inlines(node.children, cite) }];
    case 'list':
      return [
        {
          kind: 'list',
          ordered: node.ordered === true,
          start: node.start ?? 1,
          // A list item's paragraphs run together on its line; nested lists follow as text.
          items: node.children.map((item) =>
            item.children.flatMap((child) => block(child, cite)).flatMap((b) => blockInlines(b)),
          ),
        },
      ];
    case 'blockquote':
      return node.children.flatMap((child) => block(child, cite));
    case 'code':
      return [{ kind: 'code', text: node.value }];
    case 'html':
      // Raw HTML in an answer is shown as the text it is, never rendered.
      return [{ kind: 'paragraph', inlines: withCitations(node.value, {}, cite) }];
    case 'thematicBreak':
    case 'definition':
      return [];
    default:
      return 'children' in node ? (node.children as RootContent[]).flatMap((child) => block(child, cite)) : [];
  }
}

function blockInlines(b: Block): Inline[] {
  if (b.kind === 'code') return [{ kind: 'text', text: b.text, code: true }];
  if (b.kind === 'list') return b.items.flatMap((item) => [{ kind: 'text' as const, text: ' ' }, ...item]);
  return b.inlines;
}

type Marks = { bold?: true; italic?: true };

function inlines(nodes: readonly PhrasingContent[], cite: Citer, marks: Marks = {}): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    switch (node.type) {
      case 'text':
        return withCitations(node.value, marks, cite);
      case 'strong':
        return inlines(node.children, cite, { ...marks, bold: true });
      case 'emphasis':
        return inlines(node.children, cite, { ...marks, italic: true });
      case 'inlineCode':
        return [{ kind: 'text', text: node.value, code: true }];
      case 'break':
        return [{ kind: 'text', text: '\n' }];
      case 'link':
        return [
          { kind: 'link', text: inlines(node.children, cite).map(plainText).join('') || node.url, url: node.url },
        ];
      case 'html':
        return withCitations(node.value, marks, cite);
      default:
        return 'children' in node
          ? inlines(node.children as PhrasingContent[], cite, marks)
          : 'value' in node
            ? withCitations(String(node.value), marks, cite)
            : [];
    }
  });
}

function plainText(inline: Inline): string {
  return inline.kind === 'cite' ? '' : inline.text;
}

/** Text with its citation markers as cites, when every number of a marker names a source. */
function withCitations(text: string, marks: Marks, cite: Citer): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    const numbers = (match[1] as string).split(',').map((n) => Number(n.trim()));
    if (numbers.some((n) => cite.note(n) === undefined)) continue;
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index), ...marks });
    for (const n of numbers) {
      cite.cited(n);
      out.push({ kind: 'cite', note: cite.note(n) as number });
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last), ...marks });
  return out;
}
