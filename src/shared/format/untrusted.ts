/**
 * Text from the web handed to a language model, marked as data: the model can tell a page's
 * words (which may carry instructions aimed at it) from the instructions of whoever called it.
 */

import { oneLine } from './one-line';

/**
 * Neutralizes the wrapper's own tags inside untrusted text: `<untrusted_content` and
 * `</untrusted_content` (any case, any spacing after `<`/`</`) lose their `<`, so the text can
 * neither close the wrapper it sits in nor open a fake one.
 */
export function escapeWrapperTags(text: string): string {
  return text.replace(/<(\s*\/?\s*untrusted_content)/gi, '&lt;$1');
}

/** An attribute value inside double quotes: it cannot end the attribute or the tag. */
function escapeAttribute(value: string): string {
  return oneLine(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `<untrusted_content source="…">` text `</untrusted_content>`, with the text unable to break out. */
export function wrapUntrusted(source: string, text: string): string {
  return `<untrusted_content source="${escapeAttribute(source)}">\n${escapeWrapperTags(text)}\n</untrusted_content>`;
}
