/**
 * Sharing a character budget between pages and cutting a page into windows (maxChars/offset).
 */

/**
 * Max-min fair shares: pages shorter than an equal share get all they need, and what they leave
 * is split among the longer ones. The shares never add up to more than `budget`.
 */
export function fairShares(lengths: readonly number[], budget: number): number[] {
  const shares = lengths.map(() => 0);
  const order = lengths.map((length, index) => ({ length, index })).sort((a, b) => a.length - b.length);
  let remaining = Math.max(0, budget);
  for (let i = 0; i < order.length; i++) {
    const item = order[i]!;
    const equalShare = Math.floor(remaining / (order.length - i));
    const share = Math.min(item.length, equalShare);
    shares[item.index] = share;
    remaining -= share;
  }
  return shares;
}

export interface TextWindow {
  text: string;
  truncated: boolean;
  /** Where the next window starts, when truncated. */
  nextOffset?: number;
}

/**
 * The slice of `text` from `offset` of at most `maxChars` characters. A cut falls on a line or
 * word boundary when one is near the end (within the last fifth), and never inside a surrogate pair.
 */
export function textWindow(text: string, offset: number, maxChars: number): TextWindow {
  const start = Math.min(offset, text.length);
  if (text.length - start <= maxChars) return { text: text.slice(start), truncated: false };
  let end = start + Math.max(0, maxChars);
  const floor = start + Math.floor(maxChars * 0.8);
  const newline = text.lastIndexOf('\n', end - 1);
  const space = text.lastIndexOf(' ', end - 1);
  if (newline >= floor && newline > start) end = newline + 1;
  else if (space >= floor && space > start) end = space + 1;
  if (end > start && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return { text: text.slice(start, end), truncated: true, nextOffset: end };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
