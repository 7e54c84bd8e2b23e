/**
 * The library's side of an answer: the sections of the person's documents that hold the
 * question's content words (FTS5, bm25), each a numbered source of its own — a PDF page or a
 * document's part — so that [n] names the document and the page. Their passages then rank
 * beside the web's (rank.ts) on the same terms.
 */
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnswerSource } from '../../shared/answer-contract';
import { LanternError } from '../../shared/errors';
import { isSavedPagePath } from '../../shared/library-contract';
import type { LibraryHit, LibraryIndex } from '../store/library-index';
import { contentTerm, words } from './terms';

/** A source's text as the passages read it (the shape of a fetched page they need). */
export interface SourceText {
  n: number;
  url: string;
  title: string;
  markdown: string;
}

export interface LibraryReading {
  sources: AnswerSource[];
  texts: SourceText[];
}

/** The best `limit` sections for the question, numbered from `firstN`. */
export function readLibrary(library: LibraryIndex, question: string, firstN: number, limit: number): LibraryReading {
  const hits = library.search({ anyOf: questionWords(question) }, { limit });
  const sources = hits.map((hit, i): AnswerSource => ({
    n: firstN + i,
    title: sourceTitle(hit),
    url: sectionUrl(hit),
    source: isSavedPagePath(hit.path) ? new URL(hit.path).hostname : basename(hit.path),
    library: {
      path: hit.path,
      kind: hit.kind,
      ...(hit.page === undefined ? {} : { page: hit.page }),
      ...(hit.heading === undefined ? {} : { heading: hit.heading }),
    },
    quotes: [],
  }));
  const texts = hits.map((hit, i): SourceText => ({
    n: firstN + i,
    url: sectionUrl(hit),
    title: hit.title,
    markdown: hit.text,
  }));
  return { sources, texts };
}

/** A library-scoped answer or research with nothing in the library for its question. */
export function noLibraryMatch(question: string): LanternError {
  return new LanternError(
    'NOT_FOUND',
    `Nothing in the library matches "${question}"; add documents (lantern library add <folder>) or use scope "web".`,
    { details: { reason: 'no-library-match' } },
  );
}

/** The question's content words as written and as folded ("opened" and "open"), for the index's any-word query. */
function questionWords(question: string): string[] {
  const found = new Set<string>();
  for (const word of words(question)) {
    const term = contentTerm(word);
    if (term === undefined) continue;
    found.add(word.toLowerCase());
    found.add(term);
  }
  return [...found];
}

/** "Annual report 2024, p. 3" or "Field notes › Methods": the document and where in it. */
function sourceTitle(hit: LibraryHit): string {
  if (hit.page !== undefined) return `${hit.title}, p. ${hit.page}`;
  if (hit.heading === undefined || hit.heading === hit.title) return hit.title;
  const within = hit.heading.startsWith(`${hit.title} › `) ? hit.heading.slice(hit.title.length + 3) : hit.heading;
  return `${hit.title} › ${within}`;
}

/** The file's URL; a PDF's with the page (#page=N, the open parameter PDF readers follow); a saved page's address. */
function sectionUrl(hit: LibraryHit): string {
  // A page saved from the web is cited at its address, as when it was read.
  if (isSavedPagePath(hit.path)) return hit.path;
  const url = pathToFileURL(hit.path).href;
  return hit.page === undefined ? url : `${url}#page=${hit.page}`;
}
