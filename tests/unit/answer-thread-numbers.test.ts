import { describe, expect, it } from 'vitest';
import { threadNumbers, turnNumbers } from '../../src/main/answer/thread-numbers';

const A = 'https://a.example/coffee';
const B = 'https://b.example/tea';
const C = 'https://c.example/cocoa';
const D = 'https://d.example/mate';
const urls = (...list: string[]) => list.map((url) => ({ url }));

describe('citation numbers within a thread', () => {
  it('numbers a new thread 1, 2, 3 in order', () => {
    expect(turnNumbers(urls(A, B, C), threadNumbers([]))).toEqual([1, 2, 3]);
  });

  it('a page keeps the number it got first; new pages take the next free numbers', () => {
    const thread = threadNumbers([
      [
        { url: A, n: 1 },
        { url: B, n: 2 },
        { url: C, n: 3 },
      ],
    ]);
    // The follow-up's search ranks C first and finds D: C stays [3], D is [4], A stays [1].
    expect(turnNumbers(urls(C, D, A), thread)).toEqual([3, 4, 1]);
  });

  it('the first number holds over later turns, and a page of a later turn keeps its own', () => {
    const thread = threadNumbers([
      [
        { url: A, n: 1 },
        { url: B, n: 2 },
      ],
      [
        { url: C, n: 3 },
        { url: A, n: 1 },
      ],
      // A turn that failed stored no sources.
      [],
    ]);
    expect(turnNumbers(urls(D, C, B, A), thread)).toEqual([4, 3, 2, 1]);
  });

  it('knows a page by its canonical URL: www., a trailing slash, tracking parameters, http or https', () => {
    const thread = threadNumbers([
      [
        { url: B, n: 1 },
        { url: 'https://www.a.example/coffee/?utm_source=x', n: 2 },
      ],
    ]);
    expect(turnNumbers(urls('http://a.example/coffee', C), thread)).toEqual([2, 3]);
  });

  it('gives a number once in a turn: a second link to the same page takes a free one', () => {
    const thread = threadNumbers([[{ url: A, n: 1 }]]);
    expect(turnNumbers(urls(A, `${A}/`, B), thread)).toEqual([1, 2, 3]);
  });

  it('counts a stored source without a number by its place, and numbers past the highest used', () => {
    const thread = threadNumbers([[{ url: A }, { url: B }], [{ url: C, n: 7 }]]);
    expect(thread.highest).toBe(7);
    expect(turnNumbers(urls(B, D), thread)).toEqual([2, 8]);
  });

  it("tells a library document's pages and parts apart: its file URL with #page=n, and its heading", () => {
    const file = 'file:///docs/guide.pdf';
    const thread = threadNumbers([
      [
        { url: `${file}#page=3`, n: 1 },
        { url: 'file:///docs/notes.md', n: 2, library: { heading: 'Brewing' } },
      ],
    ]);
    expect(
      turnNumbers(
        [
          { url: `${file}#page=5` },
          { url: 'file:///docs/notes.md', library: { heading: 'Roasting' } },
          { url: 'file:///docs/notes.md', library: { heading: 'Brewing' } },
          { url: `${file}#page=3` },
        ],
        thread,
      ),
    ).toEqual([3, 4, 2, 1]);
  });
});
