import { afterEach, describe, expect, it } from 'vitest';
import type { PageHit } from '../../src/main/store';
import { tempStore } from '../support/temp-store';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('full-text search over very common words', () => {
  it('lists the newest matches instead of ranking thousands of pages, and still ranks rarer words', () => {
    const { store, cleanup } = tempStore();
    cleanups.push(cleanup);
    store.db.transaction(() => {
      for (let i = 0; i < 5_100; i++) {
        const rare = i % 500 === 7 ? ' lighthouse lighthouse lighthouse' : '';
        store.pages.putPage({
          url: `https://example.org/${i}`,
          finalUrl: `https://example.org/${i}`,
          status: 200,
          contentType: 'text/html',
          title: `Page ${i}`,
          markdown: `the common words of page ${i}${rare}`,
        });
      }
    })();

    const common = store.fullText.search('common', { scope: 'pages', limit: 5 }) as PageHit[];
    expect(common.map((hit) => hit.url)).toEqual([5099, 5098, 5097, 5096, 5095].map((i) => `https://example.org/${i}`));
    expect(common[0]?.snippet).toContain('**common**');

    const rare = store.fullText.search('lighthouse', { scope: 'pages', limit: 20 }) as PageHit[];
    expect(rare.map((hit) => hit.url).sort()).toEqual(
      Array.from({ length: 11 }, (_, k) => `https://example.org/${k * 500 + 7}`).sort(),
    );
    expect(rare.every((hit) => hit.score < 0)).toBe(true); // bm25 scores: ranked
  });
});

describe('full-text search over words with invisible hyphenation', () => {
  it('finds a page whose words carry soft hyphens or word joiners by the plain word, and the other way round', () => {
    const { store, cleanup } = tempStore();
    cleanups.push(cleanup);
    const page = (i: number, markdown: string): void => {
      store.pages.putPage({
        url: `https://example.org/${i}`,
        finalUrl: `https://example.org/${i}`,
        status: 200,
        contentType: 'text/html',
        title: `Page ${i}`,
        markdown,
      });
    };
    page(1, 'Release notes for Ver\u00adsion 4 of the camera app');
    page(2, 'A short history of pho\u00adto\u00adgra\u00adphy in the nineteenth century');
    page(3, 'Clean\u2060room and \ufeffbyte order marks');
    page(4, 'Plain lighthouse keeping');

    const urls = (query: string): string[] =>
      (store.fullText.search(query, { scope: 'pages', limit: 10 }) as PageHit[]).map((hit) => hit.url);
    expect(urls('version')).toEqual(['https://example.org/1']);
    expect(urls('photography')).toEqual(['https://example.org/2']);
    expect(urls('cleanroom')).toEqual(['https://example.org/3']);
    expect(urls('byte')).toEqual(['https://example.org/3']);
    // A hyphenated query (pasted from such a page) finds the plain word.
    expect(urls('light\u00adhouse')).toEqual(['https://example.org/4']);
    // The pieces are no words of their own.
    expect(urls('sion')).toEqual([]);
  });

  it('finds a history turn whose answer quotes a soft-hyphenated page by the plain word', () => {
    const { store, cleanup } = tempStore();
    cleanups.push(cleanup);
    const thread = store.history.createThread();
    store.history.appendTurn(thread.id, {
      question: 'Which camera app version?',
      mode: 'answer',
      answer: 'Ver\u00adsion 4 of the pho\u00adto\u00adgra\u00adphy app [1].',
    });
    const questions = (query: string): unknown[] =>
      store.fullText.search(query, { scope: 'history', limit: 5 }).map((hit) => hit.kind === 'turn' && hit.question);
    expect(questions('photography')).toEqual(['Which camera app version?']);
    expect(questions('sion')).toEqual([]);
  });
});
