/**
 * The library's index on a real SQLite store (LibraryIndex): what a question's any-word search
 * matches.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/main/store';
import type { LibraryDocumentInput } from '../../src/main/store/library-index';
import { tempStore } from '../support/temp-store';

let store: Store;
let cleanup: () => void;

beforeEach(() => {
  ({ store, cleanup } = tempStore());
});
afterEach(() => cleanup());

function document(path: string, texts: string[]): LibraryDocumentInput {
  return {
    path,
    kind: 'markdown',
    title: path.slice(1),
    size: 1,
    mtimeMs: 0,
    sha256: path,
    sections: texts.map((text) => ({ text })),
  };
}

const pathsFor = (words: string[]): string[] =>
  store.library
    .search({ anyOf: words })
    .map((hit) => hit.path)
    .sort();

describe('the any-word search of a question', () => {
  it('finds a word’s longer forms, and reads a short last token (the s of "Trump’s", a French "à") as a word, not as every word beginning so', () => {
    store.library.put(document('/possessive', ['The senator’s speech was short.']));
    store.library.put(document('/said', ['The senator said nothing about sailing.']));
    store.library.put(document('/opened', ['The museum opened in May.']));
    store.library.put(document('/avion', ['Un avion pour Montréal.']));
    store.library.put(document('/a', ['Un train à Montréal.']));

    expect(pathsFor(['senator’s'])).toEqual(['/possessive']);
    expect(pathsFor(['open'])).toEqual(['/opened']);
    expect(pathsFor(['à'])).toEqual(['/a']);
    expect(pathsFor(['montréal'])).toEqual(['/a', '/avion']);
  });
});
