/**
 * A page's sentence as an answer quotes it: cleaned of the page's markup (plain text, one line,
 * no reference marks), judged whole or a fragment, and a fact laid out (a table row, a label and
 * its value) read as one line. Shared by the factoid composer (composer.ts) and the open one
 * (open-answer.ts).
 */
import { oneLine } from '../../shared/format/one-line';
import { withoutEscapes, withoutSoftHyphens } from '../../shared/format/plain-text';
import { cellsOf } from './passages';
import { CJK, words } from './terms';

/** A sentence ends in a full stop, question or exclamation mark (a label, heading or product name does not; a list item need not). */
export function endsSentence(text: string): boolean {
  return /[.!?。！？…]["'”’»)\]]*$/u.test(text);
}

/**
 * A sentence as it will stand in the answer: the page's words as a person reads them (plain
 * text, the Markdown's escapes left out: plain-text.ts), on one line, without its own reference
 * marks ("[3]", "[citation needed]": one would read as a citation), link targets or emphasis.
 * Links are taken out again once unescaped: escaped text can spell one.
 */
export function cleanSentence(text: string): string {
  const withoutMarkup = (t: string): string =>
    t
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\s?\[(?:\d+(?:\s*,\s*\d+)*|[a-z]|citation needed|note \d+)\]/gi, '');
  return oneLine(
    withoutMarkup(withoutEscapes(withoutMarkup(withoutSoftHyphens(text)).replace(/(\*\*|__|`)/g, ''))),
  ).trim();
}

/** Of some substance: not a caption or a fragment. CJK packs more in fewer characters. */
export function substantial(text: string): boolean {
  return CJK.test(text) ? text.length >= 8 : text.length >= 20 && words(text).length >= 4;
}

/** Not a run-on list or a line that leads into another; a fact that is no whole statement needs a label and a value. */
export function usable(text: string, whole: boolean): boolean {
  if (text.length > 600 || /[:,;：，；]$/.test(text)) return false;
  return whole || words(text).length >= 2;
}

/**
 * A fact laid out, as one line a person reads: a table row's cells, or a label and the value
 * under it, each cleaned as a sentence and joined after the label ("Weight: 311 g").
 */
export function laidOutText(text: string): string {
  const parts = (/\n/.test(text) ? text.split(/\n\s*\n/) : cellsOf(text))
    .map(cleanSentence)
    .filter((part) => part !== '');
  const [label, ...values] = parts;
  if (label === undefined || values[0] === undefined) return label ?? '';
  // "Atelier Sofa" over "Atelier Sofa$4,345.00": the value already says its label.
  if (values[0].startsWith(label)) return values.join(', ');
  return `${label}${/[:：]$/.test(label) ? '' : ':'} ${values.join(', ')}`;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}
