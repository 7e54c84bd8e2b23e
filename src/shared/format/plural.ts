/** A count with its word: "1 file", "3 files" (for words whose plural takes an s). */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
