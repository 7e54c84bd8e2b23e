/**
 * Pages → passages aligned on sentences. Each passage remembers its source number and its
 * character range in that page's markdown, so that a citation can point at the exact span.
 */

export interface Passage {
  id: number;
  /** The 1-based source number it belongs to. */
  n: number;
  url: string;
  title: string;
  text: string;
  /** Character range [start, end) in that page's markdown. */
  start: number;
  end: number;
  /** 'item' for a list item, which is whole without a full stop ("- Weight: 311 g"); undefined for prose. */
  shape?: 'item';
}

export interface Span {
  text: string;
  start: number;
  end: number;
}

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

/** Passages hold whole sentences, up to about this many characters. */
const PASSAGE_TARGET_CHARS = 360;

/**
 * Sentences of a text with their ranges (trimmed). ICU splits after abbreviations such as
 * "Dr." and "U.S."; a piece that ends in a short capitalised abbreviation is joined to the next.
 */
export function splitSentences(text: string, offset = 0): Span[] {
  const spans: Span[] = [];
  let pending: { start: number; end: number } | undefined;
  for (const part of sentenceSegmenter.segment(text)) {
    const start = pending?.start ?? part.index;
    const end = part.index + part.segment.length;
    if (/(?:^|\s)(?:[A-Z][a-z]{0,2}|[A-Z](?:\.[A-Z])+|e\.g|i\.e|vs|etc|approx|No)\.\s*$/.test(part.segment)) {
      pending = { start, end };
      continue;
    }
    pending = undefined;
    pushTrimmed(spans, text, start, end, offset);
  }
  if (pending) pushTrimmed(spans, text, pending.start, pending.end, offset);
  return spans;
}

function pushTrimmed(spans: Span[], text: string, start: number, end: number, offset: number): void {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] ?? '')) s++;
  while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
  if (e > s) spans.push({ text: text.slice(s, e), start: s + offset, end: e + offset });
}

interface Block extends Span {
  item: boolean;
}

/**
 * The prose blocks of a page's markdown: paragraphs and list items, with any list or quote
 * marker left out of the range; headings, tables, code and link-only lines are not prose.
 */
function proseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let inFence = false;
  let offset = 0;
  let current: { start: number; end: number; item: boolean } | undefined;
  const flush = (): void => {
    const spans: Span[] = [];
    if (current) pushTrimmed(spans, markdown, current.start, current.end, 0);
    for (const span of spans) blocks.push({ ...span, item: current?.item ?? false });
    current = undefined;
  };
  for (const line of markdown.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      flush();
      continue;
    }
    if (inFence || line.trim() === '' || /^\s*(#{1,6}\s|\||[-*_]{3,}\s*$|!\[)/.test(line)) {
      flush();
      continue;
    }
    // "1\\. Total income…": an ordered list's number that the Markdown escaped is still its marker.
    const marker = /^\s*(?:[-*+]\s+|\d+\\?[.)]\s+|>\s*)/.exec(line);
    if (marker) flush();
    const start = lineStart + (marker ? marker[0].length : 0);
    if (current) current.end = lineStart + line.length;
    else current = { start, end: lineStart + line.length, item: marker !== null && !marker[0].includes('>') };
  }
  flush();
  return blocks.filter((block) => !isLinkList(block.text));
}

/** Navigation and link lists: mostly link text. */
function isLinkList(text: string): boolean {
  const linkText = [...text.matchAll(/\[([^\]]*)\]\([^)]*\)/g)].reduce((sum, m) => sum + m[0].length, 0);
  return linkText > 0 && linkText / text.length > 0.6;
}

/** A page cut into passages of whole sentences, numbered from `firstId`. */
export function pagePassages(
  page: { n: number; url: string; title: string; markdown: string },
  firstId: number,
): Passage[] {
  const passages: Passage[] = [];
  for (const block of proseBlocks(page.markdown)) {
    let group: Span[] = [];
    const emit = (): void => {
      const first = group[0];
      const last = group.at(-1);
      if (!first || !last) return;
      passages.push({
        id: firstId + passages.length,
        n: page.n,
        url: page.url,
        title: page.title,
        text: page.markdown.slice(first.start, last.end),
        start: first.start,
        end: last.end,
        ...(block.item ? { shape: 'item' as const } : {}),
      });
      group = [];
    };
    for (const sentence of splitSentences(block.text, block.start)) {
      const first = group[0];
      if (first && sentence.end - first.start > PASSAGE_TARGET_CHARS) emit();
      group.push(sentence);
    }
    emit();
  }
  return passages;
}
