/**
 * Text from the web handed to a language model, marked as data: the model can tell a page's
 * words (which may carry instructions aimed at it) from the instructions of whoever called it.
 */

import { oneLine } from './one-line';

/** The tag the formats wrap page text in (the LLM prompt has markers of its own). */
export const WRAPPER_TAG = 'untrusted_content';

/**
 * What a model may read as `<`: ASCII, full-width (U+FF1C), small (U+FE64), and the angle
 * brackets and arrowheads that look like it (‹ 〈 〈 ⟨ ❬ ❮ ˂ ⧼ ᐸ).
 */
const OPENING = '<\uFF1C\uFE64\u2039\u2329\u3008\u27E8\u276C\u276E\u02C2\u29FC\u1438';
/** What a model may read as `/`: ASCII, full-width, and the fraction, division and diagonal slashes. */
const SLASH = '/\uFF0F\u2044\u2215\u29F8\u2571';
/** Room between the pieces of a tag: any space, and the invisible characters a page can hide there. */
const GAP = '[\\s\\u200B-\\u200D\\u2060\\u00AD]*';

/** A character class for one ASCII character of a tag name: either case, and its full-width form. */
function letter(char: string): string {
  const forms = new Set([char.toLowerCase(), char.toUpperCase()]);
  for (const form of [...forms]) forms.add(String.fromCodePoint(form.codePointAt(0)! + 0xfee0));
  return `[${[...forms].map((form) => form.replace(/[\\\]^-]/g, '\\$&')).join('')}]`;
}

/** An opening bracket (or lookalike) that starts `<tag` or `</tag` for one of `tags`. */
function tagPattern(tags: readonly string[]): RegExp {
  const names = tags.map((tag) => [...tag].map(letter).join('')).join('|');
  return new RegExp(`[${OPENING}](?=${GAP}[${SLASH}]?${GAP}(?:${names}))`, 'gu');
}

/**
 * Neutralizes the given tags (by default the wrapper's own) inside untrusted text: wherever an
 * opening bracket or a lookalike of it starts `<tag` or `</tag` — any case, full-width letters,
 * spaces or invisible characters in between — that bracket becomes `&lt;`, so the text can
 * neither close the wrapper it sits in nor open a fake one, and still reads as what it was.
 * The one escaping function for page text: the formats, the MCP tools and the LLM prompt use it.
 */
export function escapeWrapperTags(text: string, tags: readonly string[] = [WRAPPER_TAG]): string {
  return text.replace(tagPattern(tags), '&lt;');
}

/** An attribute value inside double quotes: it cannot end the attribute or the tag. */
function escapeAttribute(value: string): string {
  return oneLine(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `<untrusted_content source="…">` text `</untrusted_content>`, with the text unable to break out. */
export function wrapUntrusted(source: string, text: string): string {
  return `<${WRAPPER_TAG} source="${escapeAttribute(source)}">\n${escapeWrapperTags(text)}\n</${WRAPPER_TAG}>`;
}
