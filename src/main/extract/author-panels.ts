/**
 * The author panel of each forum post: a short list of labelled facts ("Joined: Dec 23, 2009",
 * "Messages: 4,032", "Location: Spain") printed with the same labels under every author. Printed
 * once, label/value rows are the page's own (a product's facts); the same labels three times or
 * more, each list short with values of a few words, are the template's chrome around the posts.
 * Some templates give the author's name as the list's term and write each fact's label inline,
 * at the head of its value ("<dd><strong>Posts:</strong> 4032</dd>"): those labels name the list,
 * and only the details go (with the rank printed beside them); the name stays with the post.
 */
import { childElements, rawText, removeNode, walkElements, type Element } from './dom.js';

const MIN_REPEATS = 3;
const MAX_CHARS = 300;
const VALUE_MAX_CHARS = 40;

export function dropAuthorPanels(root: Element): void {
  const byLabels = new Map<string, Element[][]>();
  walkElements(root, (el) => {
    if (el.name !== 'dl') return true;
    const terms = childElements(el)
      .filter((c) => c.name === 'dt')
      .map((c) => squeeze(rawText(c)));
    const details = childElements(el).filter((c) => c.name === 'dd');
    const values = details.map((c) => squeeze(rawText(c)));
    const inline = details.map(inlineLabel).filter((l) => l !== undefined);
    const labels = inline.length > 0 ? inline : terms;
    // A panel's facts are a few words each (some templates give each fact a <dl> of its own); a
    // documentation field list ("signature:", "Parameters:") repeats its labels too, with long values.
    if (labels.length === 0 || values.some((v) => v.length > VALUE_MAX_CHARS)) return false;
    if (squeeze(rawText(el)).length > MAX_CHARS) return false;
    const key = labels.join('|');
    byLabels.set(key, [...(byLabels.get(key) ?? []), inline.length > 0 ? details : [el]]);
    return false;
  });
  for (const panels of byLabels.values())
    if (panels.length >= MIN_REPEATS) for (const parts of panels) for (const part of parts) removeNode(part);
}

/** The label a value starts with, set apart in bold and ending in a colon ("Posts:", "Inscrit :"). */
function inlineLabel(dd: Element): string | undefined {
  const first = childElements(dd)[0];
  if (!first || (first.name !== 'strong' && first.name !== 'b')) return undefined;
  if (squeeze(rawText(dd)).indexOf(squeeze(rawText(first))) !== 0) return undefined;
  const label = squeeze(rawText(first));
  return /[:：]$/.test(label) ? label : undefined;
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
