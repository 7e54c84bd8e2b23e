/**
 * Citation numbers that hold across a thread: a page (by its canonical URL; a library section
 * by its file, page and heading) keeps the number it was first given in the thread, in every
 * later turn (a follow-up, a regenerated answer); a page new to the thread takes the next number
 * no earlier turn used. Pure: the thread's stored sources in, the numbers out.
 */
import { sourceNumber } from '../../shared/source-number';
import { canonicalUrl } from '../deep-research/gatherer';

/** A source as an earlier turn stored it: its URL and, when it had one, its number (a library section its heading). */
export interface NumberedSource {
  url: string;
  n?: unknown;
  library?: unknown;
}

/**
 * What makes two sources the same page: a web page's canonical URL (no fragment, tracking
 * parameters, www. or trailing slash); a library section's file URL as it is (its #page=n) and
 * its heading, since a document's sections share its URL.
 */
export function sourceKey(source: NumberedSource): string {
  if (/^https?:/i.test(source.url)) return canonicalUrl(source.url);
  const library = source.library;
  const heading =
    typeof library === 'object' && library !== null && 'heading' in library && typeof library.heading === 'string'
      ? library.heading
      : undefined;
  return heading === undefined ? source.url : `${source.url}\n${heading}`;
}

/** The numbers the thread has given so far: source key (sourceKey) → the number it got first. */
export interface ThreadNumbers {
  byUrl: ReadonlyMap<string, number>;
  /** The highest number any earlier turn used (0 in a new thread). */
  highest: number;
}

/** The numbers of a thread's earlier turns, oldest first; a source stored without a number counts by its place (n = i + 1). */
export function threadNumbers(turns: readonly (readonly NumberedSource[])[]): ThreadNumbers {
  const byUrl = new Map<string, number>();
  let highest = 0;
  for (const sources of turns)
    sources.forEach((source, i) => {
      const n = sourceNumber(source, i);
      highest = Math.max(highest, n);
      const key = sourceKey(source);
      if (!byUrl.has(key)) byUrl.set(key, n);
    });
  return { byUrl, highest };
}

/**
 * The numbers of this turn's sources, in their order: a page the thread has numbered keeps its
 * number, the others take the next free ones, in order. A number is given once in a turn: a
 * second source of the same canonical URL, or one whose number another source of this turn
 * already holds, takes a free one.
 */
export function turnNumbers(sources: readonly NumberedSource[], thread: ThreadNumbers): number[] {
  const taken = new Set<number>();
  const known = sources.map((source) => thread.byUrl.get(sourceKey(source)));
  // Pages the thread knows claim their numbers first, so a new page never takes one of them.
  const kept = known.map((n) => {
    if (n === undefined || taken.has(n)) return undefined;
    taken.add(n);
    return n;
  });
  let next = thread.highest;
  return kept.map((n) => {
    if (n !== undefined) return n;
    do next++;
    while (taken.has(next));
    taken.add(next);
    return next;
  });
}
