/**
 * The chrome a forum prints on each post, whatever the template calls it: a line that is only a
 * count of likes or reactions ("12 Likes", "3 reactions"), an action's label ("Reply", "Quote",
 * "Report", "Share", "Reply 11"), the author's post count ("1,024 posts ·", "Posts: 3") or
 * badges, or an edit notice ("Last edited: Jul 4, 2024", "Edited by …"). Read from the line's
 * words in several languages, on short blocks with no block inside, so a sentence that mentions
 * likes or edits stays.
 */
import { isTag, removeNode, textOf, walkElements, type AnyNode, type Element } from './dom.js';

const LINE_MAX_CHARS = 80;
const LINE_TAGS = new Set(['p', 'div', 'span', 'small', 'a', 'button', 'li', 'time', 'em', 'strong', 'b']);
const INLINE_TAGS = new Set(['a', 'b', 'strong', 'em', 'i', 'span', 'small', 'br', 'time', 'abbr', 'bdi', 'svg']);

const CHROME_LINE = new RegExp(
  [
    // A count of likes or reactions.
    String.raw`^\d[\d,.\s]*[kKmM]?\s*(?:likes?|reactions?|upvotes?|gefällt mir|j'aime|me gusta|mi piace)$`,
    // An action's label, with the post's number or a count.
    String.raw`^(?:\d+\s+)?(?:reply|quote|report|share|antworten|zitieren|melden|teilen|répondre|citer|signaler|partager|responder|citar|denunciar|compartir|rispondi|cita|segnala|condividi)(?:\s*#?\d+)?$`,
    // The author's post count.
    String.raw`^\d[\d,.\s]*\s+(?:posts|beiträge|messages|mensajes|messaggi)\s*[·•|]?$`,
    String.raw`^(?:posts|beiträge|messages|mensajes|messaggi)\s*:\s*\d[\d,.\s]*$`,
    // The author's reputation and badges ("12.4k3 gold badges41 silver badges").
    String.raw`^(?:\d[\d,.]*[kKmM])?(?:\s*\d[\d,.]*\s*(?:gold|silver|bronze) badges?)+$`,
    // An edit notice.
    String.raw`^\(?(?:last edited|edited by|zuletzt bearbeitet|dernière modification|modifié par|editado por|ultima modifica)\b`,
  ].join('|'),
  'iu',
);

export function dropPostChrome(root: Element): void {
  const doomed: Element[] = [];
  walkElements(root, (el) => {
    if (el.name === 'pre' || el.name === 'code') return false;
    if (!LINE_TAGS.has(el.name) || !el.children.every(isInline)) return true;
    const text = textOf(el);
    if (text.length > 0 && text.length <= LINE_MAX_CHARS && CHROME_LINE.test(text)) doomed.push(el);
    return false;
  });
  for (const el of doomed) removeNode(el);
}

function isInline(node: AnyNode): boolean {
  return !isTag(node) || INLINE_TAGS.has(node.name);
}
