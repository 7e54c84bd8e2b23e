/**
 * Pages → passages aligned on sentences, and passages of the facts a page lays out rather than
 * writes (a label with its value, a table row). Each passage remembers its source number and its
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
  /**
   * A passage that is not running prose: a list item (whole without a full stop), or a fact laid
   * out rather than written — a label or heading with the short value under it, a table row.
   * Undefined for prose.
   */
  shape?: 'item' | 'value';
  /**
   * What a reader has just read when reaching it, one part a line: the headings of its section
   * (outermost first) and, for prose, the passage before it on its page when that is prose too. A fact's
   * sentence leaves its subject to them ("It opened in 1927." under "## The Cooperative"), as
   * it does to the page's title. Undefined when there is none.
   */
  context?: string;
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
 * A passage of one sentence each (`sentenceEach`): a sentence longer than this is cut at its
 * clause breaks (splitClauses), so a reader who wants the words that answer is not handed a
 * paragraph's worth of sentence for them. Chosen on the QA set's tuning half (bench:tokens).
 */
const LONG_SENTENCE_CHARS = 200;
/**
 * The shortest part of a sentence cut at a clause break, about ten words: a lead-in or an
 * apposition ("El inspector general de la Policía, Álvaro Álvarez, anunció…") stays with its verb.
 */
const MIN_CLAUSE_CHARS = 60;
/** A clause break: a comma or semicolon before a space ("1,000" has none), or a full-width one (CJK). */
const CLAUSE_BREAK = /[,;]\s+|[，；]\s*/g;

/**
 * Months as a date writes them after its day's ordinal ("am 28. Februar 2022", "1. stycznia",
 * "3. lokakuuta"), in the languages that write the day so.
 */
const MONTH_AFTER_ORDINAL =
  /^(?:jan(?:uar)?|jänner|feb(?:ruar)?|märz|apr(?:il)?|mai|juni?|juli?|aug(?:ust)?|sep(?:t(?:ember)?)?|okt(?:ober)?|nov(?:ember)?|dez(?:ember)?|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia|\p{L}+kuuta)(?!\p{L})/iu;

/**
 * Short lower-case abbreviations that a sentence goes on after, in the languages Lantern is asked
 * in: a single letter ("z. B.", "d. h.", "p. ej."), and "ca.", "bzw.", "vgl.", "av." (J.-C.)…
 */
const LOWER_CASE_ABBREVIATION =
  /(?:^|[\s(])(?:\p{Ll}|ca|bzw|vgl|ggf|inkl|zzgl|evtl|usw|gegr|geb|av|apr|env|aprox|approx|etc|vs|e\.g|i\.e)\.\s*$/u;

/**
 * A German ordinal after the article or preposition that takes it ("im 19. Jahrhundert", "den 2.
 * Platz"): a number that ends a sentence follows no such word ("…auf Platz 3.").
 */
const ORDINAL_AFTER_ARTICLE = /(?:^|\s)(?:im|am|vom|zum|beim|ab|seit|bis|der|die|das|den|dem|des)\s+\d{1,2}\.\s*$/iu;

/**
 * Sentences of a text with their ranges (trimmed). ICU splits after abbreviations such as
 * "Dr.", "U.S." and "z. B."; a piece that ends in a short capitalised abbreviation, a short
 * lower-case one or a German ordinal after its article is joined to the next, and so is one that
 * ends in a day's ordinal before its month ("…am 28." + "Februar 2022…"). A sentence that opens
 * with a number ICU leaves joined to the one before is cut off it (NUMBER_OPENING).
 */
export function splitSentences(text: string, offset = 0): Span[] {
  const spans: Span[] = [];
  const parts = [...sentenceSegmenter.segment(text)].flatMap(atNumberOpenings);
  let pending: { start: number; end: number } | undefined;
  for (const [i, part] of parts.entries()) {
    const start = pending?.start ?? part.index;
    const end = part.index + part.segment.length;
    const abbreviation =
      /(?:^|\s)(?:[A-Z][a-z]{0,2}|[A-Z](?:\.[A-Z])+|No)\.\s*$/.test(part.segment) ||
      LOWER_CASE_ABBREVIATION.test(part.segment) ||
      ORDINAL_AFTER_ARTICLE.test(part.segment);
    const dayBeforeMonth =
      /(?:^|\s)\d{1,2}\.\s*$/.test(part.segment) && MONTH_AFTER_ORDINAL.test(parts[i + 1]?.segment ?? '');
    if (abbreviation || dayBeforeMonth) {
      pending = { start, end };
      continue;
    }
    pending = undefined;
    pushTrimmed(spans, text, start, end, offset);
  }
  if (pending) pushTrimmed(spans, text, pending.start, pending.end, offset);
  return spans;
}

/**
 * A sentence longer than LONG_SENTENCE_CHARS cut at its clause break nearest the middle, and each
 * part again while it is too long, but only at a break that leaves MIN_CLAUSE_CHARS on both sides;
 * one with no such break stays whole. Ranges stay the page's (a part's start and end, trimmed).
 */
export function splitClauses(sentence: Span): Span[] {
  const { text } = sentence;
  if (text.length <= LONG_SENTENCE_CHARS) return [sentence];
  let cut: number | undefined;
  for (const match of text.matchAll(CLAUSE_BREAK)) {
    const after = match.index + match[0].length;
    if (match.index < MIN_CLAUSE_CHARS || text.length - after < MIN_CLAUSE_CHARS) continue;
    if (cut === undefined || Math.abs(after - text.length / 2) < Math.abs(cut - text.length / 2)) cut = after;
  }
  if (cut === undefined) return [sentence];
  const head = text.slice(0, cut).trimEnd();
  const tail = text.slice(cut);
  return [
    ...splitClauses({ text: head, start: sentence.start, end: sentence.start + head.length }),
    ...splitClauses({ text: tail, start: sentence.start + cut, end: sentence.end }),
  ];
}

/**
 * Where a sentence opens with a number and goes on in lower case ("…gesungen. 1927 schlossen sich
 * die Winzer…", "…in 2023. 2024 was a year…"), which ICU does not end the one before (it reads
 * the lower case that follows as the same sentence's): after a word of five letters or more, or
 * a number, and its full stop.
 */
const NUMBER_OPENING = /(?<=(?:\p{L}{5,}|\p{Nd})[.!?]["'”’»)\]]*)\s+(?=\p{Nd}[\p{Nd}.,]*\s+\p{Ll})/gu;

/** An ICU sentence cut again where a sentence opens with a number (NUMBER_OPENING). */
function atNumberOpenings(part: Intl.SegmentData): { segment: string; index: number }[] {
  const out: { segment: string; index: number }[] = [];
  let from = 0;
  for (const match of part.segment.matchAll(NUMBER_OPENING)) {
    const end = match.index + match[0].length;
    out.push({ segment: part.segment.slice(from, end), index: part.index + from });
    from = end;
  }
  out.push({ segment: part.segment.slice(from), index: part.index + from });
  return out;
}

function pushTrimmed(spans: Span[], text: string, start: number, end: number, offset: number): void {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] ?? '')) s++;
  while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
  if (e > s) spans.push({ text: text.slice(s, e), start: s + offset, end: e + offset });
}

interface Block extends Span {
  /** A paragraph, a list item, a heading (its text, without the #s) or a table row (inside its outer bars). */
  kind: 'prose' | 'item' | 'heading' | 'row';
  /** A heading's level (the number of its #s). */
  level?: number;
}

/**
 * The blocks of a page's markdown in order: paragraphs and list items (any list or quote marker
 * left out of the range), headings and table rows; code, rules, images and link-only lines are
 * none of them.
 */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let inFence = false;
  let offset = 0;
  let current: { start: number; end: number; kind: 'prose' | 'item' } | undefined;
  const push = (start: number, end: number, kind: Block['kind'], level?: number): void => {
    const spans: Span[] = [];
    pushTrimmed(spans, markdown, start, end, 0);
    for (const span of spans) blocks.push({ ...span, kind, ...(level ? { level } : {}) });
  };
  const flush = (): void => {
    if (current) push(current.start, current.end, current.kind);
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
    if (inFence) continue;
    const heading = /^\s*(#{1,6})\s+/.exec(line);
    const row = /^\s*\|(.*)\|\s*$/.exec(line);
    if (heading || row) {
      flush();
      // A table's rule under its header row ("| --- | :-: |") holds nothing.
      if (heading) push(lineStart + heading[0].length, lineStart + line.length, 'heading', heading[1]!.length);
      else if (!/^[\s|:-]*$/.test(row?.[1] ?? ''))
        push(lineStart + line.indexOf('|') + 1, lineStart + line.lastIndexOf('|'), 'row');
      continue;
    }
    if (line.trim() === '' || /^\s*(\||[-*_]{3,}\s*$|!\[)/.test(line)) {
      flush();
      continue;
    }
    // "1\\. Total income…": an ordered list's number that the Markdown escaped is still its marker.
    const marker = /^\s*(?:[-*+]\s+|\d+\\?[.)]\s+|>\s*)/.exec(line);
    if (marker) flush();
    const start = lineStart + (marker ? marker[0].length : 0);
    if (current) current.end = lineStart + line.length;
    else current = { start, end: lineStart + line.length, kind: marker && !marker[0].includes('>') ? 'item' : 'prose' };
  }
  flush();
  return blocks.filter((block) => !isLinkList(block.text));
}

/** Navigation and link lists: mostly link text. */
function isLinkList(text: string): boolean {
  const linkText = [...text.matchAll(/\[([^\]]*)\]\([^)]*\)/g)].reduce((sum, m) => sum + m[0].length, 0);
  return linkText > 0 && linkText / text.length > 0.6;
}

/** A heading or a label line that a value may stand under: short, with words, and no sentence. */
const MAX_LABEL_CHARS = 80;
/** A value standing alone under its label: short ("$19.95", "250 g", "Nettomenge"). */
const MAX_VALUE_CHARS = 40;
/** A value after its label on the same line may say more ("Recycled polyamide, PFC-free coating"). */
const MAX_LAID_OUT_VALUE_CHARS = 160;
/** A text that ends as a sentence does, closing quotes and brackets aside. */
const SENTENCE_END = /[.!?。！？]["'”’»)\]]*$/u;

function isLabel(block: Block): boolean {
  return (
    (block.kind === 'heading' || block.kind === 'prose') &&
    block.text.length <= MAX_LABEL_CHARS &&
    /\p{L}/u.test(block.text) &&
    !SENTENCE_END.test(block.text)
  );
}

/**
 * A line of its own (a list item is a statement of its own) that holds a figure and is no
 * sentence, as the value after a label on its line is none: "Für eine 26er Springform." under
 * "## Zubereitung" is a sentence the heading stands over, read whole.
 */
function isValue(block: Block): boolean {
  return (
    block.kind === 'prose' &&
    block.text.length <= MAX_VALUE_CHARS &&
    /\p{Nd}/u.test(block.text) &&
    !SENTENCE_END.test(block.text)
  );
}

/**
 * A line of its own that is a label and its value, as the extractor writes a specification
 * table's row or a definition list's pair ("Weight: 311 g", "Farbe: Moosgrün"): a short label, then
 * one value that is no sentence. A list item is a statement of its own and stays one.
 */
function isLabelValueLine(block: Block): boolean {
  if (block.kind !== 'prose' || block.text.includes('\n')) return false;
  const pair = /^([^:：]+)[:：]\s+(\S.*)$/u.exec(block.text);
  if (!pair) return false;
  const [, label = '', value = ''] = pair;
  return (
    label.length <= MAX_LABEL_CHARS &&
    /\p{L}/u.test(label) &&
    value.length <= MAX_LAID_OUT_VALUE_CHARS &&
    !SENTENCE_END.test(value)
  );
}

/**
 * A page cut into passages, numbered from `firstId`: its prose and list items in passages of
 * whole sentences; then each fact laid out rather than written, as one passage: a label or
 * heading with the short value that stands under it ("Nettomenge" then "250 g", "# Magnetic
 * Project Mat" then "$19.95"), a label and its value on a line of their own ("Weight: 311 g"),
 * and each table row with two cells or more. With `sentenceEach`, each sentence of prose is a
 * passage of its own, a long one cut at its clauses (a reader that wants the few words that
 * answer, not their neighbours).
 */
export function pagePassages(
  page: { n: number; url: string; title: string; markdown: string },
  firstId: number,
  { sentenceEach = false }: { sentenceEach?: boolean } = {},
): Passage[] {
  const passages: Passage[] = [];
  const blocks = blocksOf(page.markdown);
  const sections = sectionHeadings(blocks);
  // The last passage added, when it was prose: a list item or a fact laid out is a statement of its own.
  let before: string | undefined;
  const add = (start: number, end: number, shape: Passage['shape'], block: number): void => {
    const context = [sections[block], shape ? undefined : before].filter((part) => part !== undefined).join('\n');
    passages.push({
      id: firstId + passages.length,
      n: page.n,
      url: page.url,
      title: page.title,
      text: page.markdown.slice(start, end),
      start,
      end,
      ...(shape ? { shape } : {}),
      ...(context ? { context } : {}),
    });
    before = shape ? undefined : page.markdown.slice(start, end);
  };
  const pairs = new Set(blocks.filter(isLabelValueLine));
  for (const [i, block] of blocks.entries()) {
    if (block.kind === 'heading' || block.kind === 'row' || pairs.has(block)) continue;
    let group: Span[] = [];
    const emit = (): void => {
      const first = group[0];
      const last = group.at(-1);
      if (first && last) add(first.start, last.end, block.kind === 'item' ? 'item' : undefined, i);
      group = [];
    };
    const sentences = splitSentences(block.text, block.start);
    for (const sentence of sentenceEach ? sentences.flatMap(splitClauses) : sentences) {
      const first = group[0];
      if (first && (sentenceEach || sentence.end - first.start > PASSAGE_TARGET_CHARS)) emit();
      group.push(sentence);
    }
    emit();
  }
  for (const [i, block] of blocks.entries()) {
    const next = blocks[i + 1];
    if (pairs.has(block)) add(block.start, block.end, 'value', i);
    else if (next && !pairs.has(next) && isLabel(block) && isValue(next)) add(block.start, next.end, 'value', i);
    if (block.kind === 'row' && cellsOf(block.text).length >= 2) add(block.start, block.end, 'value', i);
  }
  return passages;
}

/** For each block, the headings it stands under (outermost first, one a line); a heading's own are its parents'. */
function sectionHeadings(blocks: readonly Block[]): (string | undefined)[] {
  const open: Block[] = [];
  return blocks.map((block) => {
    if (block.kind === 'heading') while ((open.at(-1)?.level ?? 0) >= (block.level ?? 1)) open.pop();
    const headings = open.length > 0 ? open.map((h) => h.text).join('\n') : undefined;
    if (block.kind === 'heading') open.push(block);
    return headings;
  });
}

/** A table row's non-empty cells, split on the bars that are not escaped. */
export function cellsOf(row: string): string[] {
  return row
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '');
}
