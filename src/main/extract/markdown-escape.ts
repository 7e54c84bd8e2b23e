/**
 * Markdown escaping of page text. The renderer builds each block's inline content from two kinds
 * of characters: the page's text, and the syntax the renderer itself writes (emphasis markers,
 * code spans, link brackets and URLs). Syntax is written as "sealed" characters — private-use code
 * points standing for ASCII — so that the escaper, which sees the whole line at once, can tell
 * the two apart: page text is escaped only where it would otherwise parse as Markdown, with the
 * sealed syntax as its context; then the seals are opened.
 *
 * The escaping is minimal on purpose: answers quote the Markdown verbatim, so ordinary prose
 * ("5 * 3", "snake_case", "C#", "~5 km") stays as written and only what could forge structure
 * (a heading, list, quote, link, emphasis, code span, table, raw HTML or entity) gets a backslash.
 */

/** Sealed ASCII characters live at U+F0000 + code (Supplementary Private Use Area-A). */
const SEAL_BASE = 0xf0000;
const SEALED = /[\u{F0000}-\u{F007F}]/gu;

/** Syntax the renderer writes: each ASCII character sealed so the escaper leaves it alone. */
export function seal(syntax: string): string {
  let out = '';
  for (const ch of syntax) {
    const code = ch.codePointAt(0) as number;
    out += code < 0x80 ? String.fromCodePoint(SEAL_BASE + code) : ch;
  }
  return out;
}

/**
 * Sealed characters removed: page text must never carry seals of its own (they would open as
 * syntax), and a mixed string without them is the page's own text, for comparisons.
 */
export function stripSeals(text: string): string {
  return text.replace(SEALED, '');
}

/**
 * Where the inline content goes: a block of its own (a paragraph, a list item's text: its lines
 * can start block syntax), a heading (its closing "#"s matter), a table cell ("|" ends it), or
 * other one-line inline content (a definition term).
 */
export type InlineKind = 'block' | 'heading' | 'cell' | 'inline';

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WHITESPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;
const ENTITY = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;
/** A GFM table's delimiter row ("| --- | :-: |"), which would turn the line above into a table head. */
const DELIMITER_ROW = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/**
 * Escape one block's inline content (lines separated by "\n", sealed syntax inside) and open the
 * seals. A block's lines are joined with hard breaks (two trailing spaces) so <br> survives;
 * headings and table cells are one line.
 */
export function escapeInline(text: string, kind: InlineKind): string {
  // Most prose has nothing to escape: no character that can make inline syntax, and no line that
  // starts like a block. Checked first, since rendering runs on every block of every page.
  if (!MAYBE_INLINE_SYNTAX.test(text) && (kind !== 'block' || !text.split('\n').some(mayStartBlock))) {
    return kind === 'block'
      ? text.replace(/\n/g, (_, offset: number) => joinLine(text, offset))
      : text.replace(/\n/g, ' ');
  }
  const chars = [...text];
  const n = chars.length;
  const isText: boolean[] = new Array<boolean>(n);
  const shown: string[] = new Array<string>(n);
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const code = (chars[i] as string).codePointAt(0) as number;
    const sealed = code >= SEAL_BASE && code < SEAL_BASE + 0x80;
    isText[i] = !sealed;
    const ch = sealed ? String.fromCharCode(code - SEAL_BASE) : (chars[i] as string);
    shown[i] = ch;
    if (ch === '*' || ch === '_' || ch === '~') counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  const escapeAt = new Set<number>();
  const at = (i: number): string => (i < 0 || i >= n ? '\n' : (shown[i] as string));
  let lineStart = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && shown[i] !== '\n') continue;
    if (kind === 'block') markLineStart(shown, isText, lineStart, i, escapeAt);
    lineStart = i + 1;
  }
  for (let i = 0; i < n; i++) {
    if (!isText[i]) continue;
    const ch = shown[i] as string;
    const prev = at(i - 1);
    const next = at(i + 1);
    switch (ch) {
      case '\\':
        // A backslash escapes the punctuation after it, and makes a hard break at a line's end.
        if (ASCII_PUNCTUATION.test(next) || next === '\n') escapeAt.add(i);
        break;
      case '`':
        // Any backtick can pair with another run, the renderer's code spans included.
        escapeAt.add(i);
        break;
      case '*':
      case '~':
        // Emphasis and strikethrough need a pair in the same block, and a delimiter with
        // whitespace on both sides can neither open nor close one ("5 * 3").
        if ((counts.get(ch) ?? 0) >= 2 && !(WHITESPACE.test(prev) && WHITESPACE.test(next))) escapeAt.add(i);
        break;
      case '_':
        // An underscore inside a word ("snake_case") neither opens nor closes emphasis.
        if ((counts.get(ch) ?? 0) >= 2 && !(WORD.test(prev) && WORD.test(next))) escapeAt.add(i);
        break;
      case ']':
        // "](" makes a link, "][" a reference, "]:" a definition; a lone "]" is text.
        if (next === '(' || next === '[' || next === ':') escapeAt.add(i);
        break;
      case '<':
        // Raw HTML and autolinks start with "<" and a letter, "/", "!" or "?".
        if (/[A-Za-z/!?]/.test(next)) escapeAt.add(i);
        break;
      case '&':
        if (ENTITY.test(shown.slice(i, i + 40).join(''))) escapeAt.add(i);
        break;
      case '|':
        if (kind === 'cell') escapeAt.add(i);
        break;
    }
  }
  if (kind === 'heading') markHeadingClose(shown, isText, escapeAt);
  let out = '';
  for (let i = 0; i < n; i++) {
    const ch = shown[i] as string;
    if (ch !== '\n') out += escapeAt.has(i) ? `\\${ch}` : ch;
    else if (kind !== 'block') out += ' ';
    // Two <br> in a row leave an empty line: a paragraph break, which needs no hard break around it.
    else out += at(i - 1) === '\n' || at(i + 1) === '\n' ? '\n' : '  \n';
  }
  return out;
}

/** Characters that can take part in inline syntax (sealed syntax included); without them a block is plain. */
const MAYBE_INLINE_SYNTAX = /[\\`*_~[\]<&|#]|[\u{F0000}-\u{F007F}]/u;
/** A line whose first character could start block syntax (checked exactly by markLineStart). */
function mayStartBlock(line: string): boolean {
  return /^[#>+*=~:|\d-]/.test(line);
}

/** The line break at `offset` of a block: a hard break, or a plain newline next to an empty line. */
function joinLine(text: string, offset: number): string {
  return text[offset - 1] === '\n' || text[offset + 1] === '\n' || offset === 0 || offset === text.length - 1
    ? '\n'
    : '  \n';
}

/**
 * Block syntax that a line of text would start: an ATX heading, a quote, a list item, a
 * thematic break or setext underline, a fence, a table delimiter row. Its first character (the
 * delimiter after the number of an ordered item) gets a backslash.
 */
function markLineStart(shown: string[], isText: boolean[], start: number, end: number, escapeAt: Set<number>): void {
  if (start >= end || !isText[start]) return;
  const line = shown.slice(start, end).join('');
  if (
    /^#{1,6}(?:[ \t]|$)/.test(line) ||
    /^>/.test(line) ||
    /^[-+*](?:[ \t]|$)/.test(line) ||
    /^([-*_])[ \t]*(?:\1[ \t]*){2,}$/.test(line) ||
    /^(?:=+|-+)[ \t]*$/.test(line) ||
    /^~~~/.test(line) ||
    (/[|:]/.test(line) && DELIMITER_ROW.test(line))
  ) {
    escapeAt.add(start);
    return;
  }
  const ordered = /^(\d{1,9})[.)](?:[ \t]|$)/.exec(line);
  if (ordered && isText[start + (ordered[1] as string).length]) escapeAt.add(start + (ordered[1] as string).length);
}

/** A heading's trailing " ##" would be read as its closing sequence and dropped. */
function markHeadingClose(shown: string[], isText: boolean[], escapeAt: Set<number>): void {
  let i = shown.length - 1;
  while (i >= 0 && shown[i] === ' ') i--;
  let first = -1;
  while (i >= 0 && shown[i] === '#' && isText[i]) first = i--;
  if (first >= 0 && (i < 0 || shown[i] === ' ')) escapeAt.add(first);
}

/**
 * Text that did not come through the renderer (flat text of a broken page, a JSON-LD
 * articleBody) as Markdown paragraphs: blank-line-separated blocks, each escaped as a block.
 */
export function escapeText(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => escapeInline(stripSeals(block), 'block'))
    .join('\n\n');
}
