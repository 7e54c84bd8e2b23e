/**
 * Text preparation for the FTS5 index.
 *
 * FTS5's unicode61 tokenizer splits on spaces and punctuation, which works for English and other
 * spaced scripts but turns a whole run of Chinese (or Japanese, Thai…) into one token, so "研究"
 * would never match "我们研究搜索". The trigram tokenizer fixes that only for queries of three
 * characters or more, and most Chinese words are two. So, before indexing, every character of a
 * script written without spaces is set apart with U+200B (zero-width space, a declared separator):
 * each becomes a token, and a query word becomes a phrase of adjacent characters — an indexed
 * substring match of any length. U+200B is invisible and stripped from snippets.
 */

export const FTS_SEPARATOR = '\u200b';

/** Tokenizer clause shared by every FTS table (diacritics folded: "cafe" finds "Café"). */
export const FTS_TOKENIZER = `unicode61 remove_diacritics 2 separators '${FTS_SEPARATOR}'`;

/**
 * Scripts written without spaces between words (by script extension, so that marks shared by
 * kana, such as the long-vowel ー, count too); a base character keeps its combining marks.
 */
const UNSPACED_CHARACTER =
  /((?:\p{Script_Extensions=Han}|\p{Script_Extensions=Hiragana}|\p{Script_Extensions=Katakana}|\p{Script_Extensions=Bopomofo}|\p{Script_Extensions=Hangul}|\p{Script_Extensions=Thai}|\p{Script_Extensions=Lao}|\p{Script_Extensions=Khmer}|\p{Script_Extensions=Myanmar})\p{M}*)/gu;

/**
 * Invisible format characters inside a word: soft hyphen (U+00AD), word joiner (U+2060),
 * zero-width no-break space (U+FEFF). unicode61 splits tokens at them ("Ver\u00adsion" would be
 * "ver" and "sion"), so they are dropped, from indexed text and queries alike.
 */
const INVISIBLE_IN_WORD = /[\u00ad\u2060\ufeff]/g;
const SEPARATOR_RUNS = new RegExp(`${FTS_SEPARATOR}+`, 'g');
const ALL_SEPARATORS = new RegExp(FTS_SEPARATOR, 'g');
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Longest text indexed per column: beyond this a page adds size, not findability. */
export const MAX_INDEXED_CHARS = 200_000;

/** The form of `text` that goes into an FTS column. */
export function toIndexText(text: string): string {
  return text
    .slice(0, MAX_INDEXED_CHARS)
    .replace(ALL_SEPARATORS, '')
    .replace(INVISIBLE_IN_WORD, '')
    .replace(UNSPACED_CHARACTER, `${FTS_SEPARATOR}$1${FTS_SEPARATOR}`)
    .replace(SEPARATOR_RUNS, FTS_SEPARATOR);
}

/**
 * An FTS5 MATCH expression for what a person typed: every whitespace-separated word must occur
 * (AND); each word is a quoted phrase, so FTS5 operators and quotes in the input are plain text.
 * Returns undefined when the text has no letter or digit to look for.
 */
export function toMatchQuery(text: string): string | undefined {
  const phrases = text
    .split(/\s+/u)
    .filter((word) => HAS_WORD_CHARACTER.test(word))
    .map((word) => `"${toIndexText(word).replace(/"/g, '""')}"`);
  return phrases.length === 0 ? undefined : phrases.join(' ');
}

/** A snippet from FTS5 back in the text's own form. */
export function fromIndexText(text: string): string {
  return text.replace(ALL_SEPARATORS, '');
}
