/**
 * Word boundaries for rules over words of any language. ECMAScript's `\b` is defined on ASCII
 * word characters only ([A-Za-z0-9_], even with the `u` flag), so `\bconsulté\b` never matches
 * "Consulté le …": between "é" and the space there is no boundary. These patterns treat every
 * letter, combining mark and digit of any script as part of a word.
 */

const WORD_CHAR = String.raw`[\p{L}\p{M}\p{N}_]`;

/** Before a word's first letter (nothing of the word behind). */
export const WORD_START = String.raw`(?<!${WORD_CHAR})(?=${WORD_CHAR})`;
/** After a word's last letter. */
export const WORD_END = String.raw`(?<=${WORD_CHAR})(?!${WORD_CHAR})`;
/** Either: what `\b` means, for every script. */
export const WORD_BOUNDARY = `(?:${WORD_START}|${WORD_END})`;

/**
 * A RegExp from a source written with `\b`, each `\b` outside a character class read as a
 * boundary of words in any script (`[\b]`, a backspace, is left alone). The `u` flag is added:
 * the boundary is written with Unicode property escapes.
 */
export function unicodeWordRegExp(source: string, flags = 'iu'): RegExp {
  return new RegExp(withBoundaries(source, boundaryAt), flags.includes('u') ? flags : `${flags}u`);
}

/** The source with each `\b` outside a character class replaced by what `boundary` makes of it. */
function withBoundaries(source: string, boundary: (source: string, index: number) => string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      out += !inClass && next === 'b' ? boundary(source, i) : char + next;
      i++;
    } else {
      if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      out += char;
    }
  }
  return out;
}

/** A rule that only answers whether a text holds a match (what most rules over words ask). */
export interface WordRule {
  test(text: string): boolean;
}

/**
 * As unicodeWordRegExp, for a rule that is only tested: the same answers, sooner. Each boundary
 * is a lookaround that V8 tries at every position of the text, before the words themselves (a
 * long list of cues runs some 30× slower than without them), so the rule is first tried without
 * its boundaries, which can only match more: a text that fails that has no match, and only the
 * few that pass are tried with the boundaries. A source with a negative lookaround of its own
 * is tried with the boundaries alone (there, dropping a boundary could match less).
 */
export function wordRule(source: string, flags = 'iu'): WordRule {
  if (/[gy]/.test(flags)) throw new Error(`wordRule: flags "${flags}" keep state between tests`);
  const strict = unicodeWordRegExp(source, flags);
  if (/\(\?<?!/.test(source)) return { test: (text) => strict.test(text) };
  const loose = new RegExp(
    withBoundaries(source, () => '(?:)'),
    strict.flags,
  );
  return { test: (text) => loose.test(text) && strict.test(text) };
}

const LETTER_OR_DIGIT = /[\p{L}\p{M}\p{N}_]/u;

/**
 * The boundary for the `\b` at `index`: beside a literal letter only one side needs looking at
 * (the letter is the other), which keeps the rule as fast as with `\b`; elsewhere (before a
 * group) either side may hold the word.
 */
function boundaryAt(source: string, index: number): string {
  const before = source[index - 1];
  const after = source[index + 2];
  const escapedBefore = index >= 2 && source[index - 2] === '\\';
  if (after !== undefined && after !== '\\' && LETTER_OR_DIGIT.test(after)) return `(?<!${WORD_CHAR})`;
  if (before !== undefined && !escapedBefore && LETTER_OR_DIGIT.test(before)) return `(?!${WORD_CHAR})`;
  return WORD_BOUNDARY;
}

/** Any of `words` (regex sources, e.g. "potrzebujemy (?:cię|was)") as whole words of any script. */
export function wordsPattern(words: readonly string[], flags = 'iu'): RegExp {
  return unicodeWordRegExp(String.raw`\b(?:${words.join('|')})\b`, flags);
}
