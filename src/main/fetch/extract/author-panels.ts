/**
 * The author panel of each forum post: a short list of labelled facts ("Joined: Dec 23, 2009",
 * "Messages: 4,032", "Location: Spain") printed with the same labels under every author. Printed
 * once, label/value rows are the page's own (a product's facts); the same labels three times or
 * more, each list short with values of a few words, are the template's chrome around the posts.
 */
import { childElements, rawText, removeNode, walkElements, type Element } from './dom.js';

const MIN_REPEATS = 3;
const MAX_CHARS = 300;
const VALUE_MAX_CHARS = 40;

export function dropAuthorPanels(root: Element): void {
  const byLabels = new Map<string, Element[]>();
  walkElements(root, (el) => {
    if (el.name !== 'dl') return true;
    const labels = childElements(el)
      .filter((c) => c.name === 'dt')
      .map((c) => squeeze(rawText(c)));
    const values = childElements(el)
      .filter((c) => c.name === 'dd')
      .map((c) => squeeze(rawText(c)));
    // A panel's facts are a few words each (some templates give each fact a <dl> of its own); a
    // documentation field list ("signature:", "Parameters:") repeats its labels too, with long values.
    if (labels.length === 0 || values.some((v) => v.length > VALUE_MAX_CHARS)) return false;
    if (squeeze(rawText(el)).length > MAX_CHARS) return false;
    const key = labels.join('|');
    byLabels.set(key, [...(byLabels.get(key) ?? []), el]);
    return false;
  });
  for (const lists of byLabels.values()) if (lists.length >= MIN_REPEATS) for (const el of lists) removeNode(el);
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
