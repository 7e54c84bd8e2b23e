/** One line: any run of whitespace (newlines included) becomes a space, so text cannot start a line of its own. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
