/**
 * A document's Markdown cut into sections at its headings (levels 1–3), each with its heading
 * path ("Methods › Sampling"), so a library passage can be cited by where it stands.
 */
import type { DocumentSection } from './document';

const HEADING = /^(#{1,3})\s+(.+?)\s*#*\s*$/;

export function markdownSections(markdown: string): DocumentSection[] {
  const sections: DocumentSection[] = [];
  const path: string[] = [];
  let lines: string[] = [];
  let heading: string | undefined;
  let inFence = false;
  const flush = (): void => {
    const text = lines.join('\n').trim();
    if (text !== '') sections.push(heading === undefined ? { text } : { heading, text });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const match = inFence ? null : HEADING.exec(line);
    if (match?.[1] && match[2]) {
      flush();
      const level = match[1].length;
      path.length = Math.min(path.length, level - 1);
      path[level - 1] = match[2];
      heading = path.filter((part) => part !== undefined).join(' › ');
    }
    lines.push(line);
  }
  flush();
  return sections;
}
