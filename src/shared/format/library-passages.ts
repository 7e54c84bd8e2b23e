import type { LibraryPassage, LibrarySearchResponse } from '../library-contract';
import { oneLine } from './one-line';
import { escapeWrapperTags, wrapUntrusted } from './untrusted';
import { plural } from './plural';

/** A line of facts outside the wrapper: it cannot pass for the wrapper's tag. */
function field(text: string): string {
  return escapeWrapperTags(oneLine(text));
}

/** Where a passage stands in its document: its page (PDF) or heading path. */
export function passagePlace(passage: Pick<LibraryPassage, 'page' | 'heading'>): string {
  if (passage.page !== undefined) return `p. ${passage.page}`;
  return passage.heading ?? '';
}

/** The passage's file: URL, with its page for a PDF (#page=N, as PDF readers open it). */
export function passageSource(passage: Pick<LibraryPassage, 'path' | 'page'>): string {
  const slashed = passage.path.replace(/\\/g, '/');
  const url = `file://${slashed.startsWith('/') ? '' : '/'}${encodeURI(slashed).replace(/#/g, '%23').replace(/\?/g, '%3F')}`;
  return passage.page === undefined ? url : `${url}#page=${passage.page}`;
}

/**
 * A library search for an agent (library_search, format=compact|cited): the passages numbered
 * from 1, each with its document's title, path and page or heading on a line of facts, its text
 * inside `<untrusted_content>` (the person's documents are data, never instructions).
 */
export function formatLibraryPassages(response: LibrarySearchResponse): string {
  const count = response.passages.length;
  if (count === 0) return `Nothing in the library matches '${field(response.query)}'.`;
  const how = response.matched === 'all' ? '' : ' (none holds every word: these hold some)';
  const lines = [`The library has ${plural(count, 'passage')} for '${field(response.query)}'${how}:`];
  for (const passage of response.passages) {
    const place = passagePlace(passage);
    lines.push(
      '',
      `[${passage.n}] ${field(passage.title)} — ${field(passage.path)}${place ? `, ${field(place)}` : ''}`,
    );
    lines.push(wrapUntrusted(passageSource(passage), `${passage.text.trim()}${passage.truncated ? ' …' : ''}`));
  }
  return lines.join('\n');
}
