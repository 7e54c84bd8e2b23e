/**
 * Citation numbers that hold across a thread: a page (by its canonical URL; a library section
 * by its file, page and heading) keeps the number it was first given in the thread, in every
 * later turn (a follow-up, a regenerated answer); a page new to the thread takes the next number
 * no earlier turn used. Pure: the thread's stored sources in, the numbers out.
 */
import { sourceNumber } from '../../shared/source-number';
import { canonicalUrl } from '../../shared/canonical-url';

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

/** A new thread's: nothing numbered yet. */
export const NO_NUMBERS: ThreadNumbers = { byUrl: new Map(), highest: 0 };

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
 * Numbers given one source at a time, as a turn finds them (deep research reads its pages one
 * by one): a page the thread has numbered keeps its number; any other source, or a second one of
 * a number already given in this turn, takes the next number no turn has used. Numbers the
 * thread gave are all at most `highest`, so a new page never takes one of them.
 */
export function numberAllocator(thread: ThreadNumbers): (source: NumberedSource) => number {
  // The thread's numbers this turn has given; a new number is above them all, so it needs no check.
  const taken = new Set<number>();
  let next = thread.highest;
  return (source) => {
    const known = thread.byUrl.get(sourceKey(source));
    if (known !== undefined && !taken.has(known)) {
      taken.add(known);
      return known;
    }
    return ++next;
  };
}

/** The numbers of this turn's sources, in their order (numberAllocator over the whole list). */
export function turnNumbers(sources: readonly NumberedSource[], thread: ThreadNumbers): number[] {
  return sources.map(numberAllocator(thread));
}
