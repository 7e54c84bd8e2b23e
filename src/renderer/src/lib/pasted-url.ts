/**
 * A question box holding nothing but a web address is a page to read, not words to search for:
 * the address, as the browser would take it, or undefined for anything else.
 */
export function pastedUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed).href;
  } catch {
    return undefined;
  }
}
