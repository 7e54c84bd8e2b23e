import type { Thread } from '../../shared/history-contract';

/** The longest title part of a file name, in characters. */
const TITLE_MAX_CHARS = 60;

/**
 * "how-tall-is-the-eiffel-tower.pdf": the thread's title in letters and digits of any script,
 * joined by hyphens; the thread's number when the title has none.
 */
export function exportFileName(thread: Pick<Thread, 'id' | 'title'>, extension: string): string {
  const words = thread.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let name = '';
  for (const word of words) {
    const next = name === '' ? word : `${name}-${word}`;
    if (next.length > TITLE_MAX_CHARS) break;
    name = next;
  }
  return `${name || `lantern-thread-${thread.id}`}.${extension}`;
}
