import { describe, expect, it } from 'vitest';
import { fairShares, textWindow } from '../../src/main/fetch/budget';

describe('fairShares', () => {
  it('gives small pages all they need and splits the rest among large ones', () => {
    expect(fairShares([1_000, 50_000, 200_000, 3_000], 100_000)).toEqual([1_000, 48_000, 48_000, 3_000]);
  });

  it('never exceeds the budget and never gives more than a page has', () => {
    const lengths = [5, 70_000, 12, 99_999, 40_000, 0, 33_333];
    for (const budget of [0, 1, 50, 1_000, 100_000, 1_000_000]) {
      const shares = fairShares(lengths, budget);
      expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(budget);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(lengths[i]!));
    }
    expect(fairShares(lengths, 1_000_000)).toEqual(lengths);
  });
});

describe('textWindow', () => {
  it('returns the whole text when it fits', () => {
    expect(textWindow('short text', 0, 100)).toEqual({ text: 'short text', truncated: false });
  });

  it('cuts at a word boundary near the limit and says where to continue', () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta';
    const first = textWindow(text, 0, 20);
    expect(first).toEqual({ text: 'alpha beta gamma ', truncated: true, nextOffset: 17 });
    const second = textWindow(text, first.nextOffset!, 20);
    expect(second.text.startsWith('delta')).toBe(true);
    // Paging through yields the text exactly once.
    let offset = 0;
    let rebuilt = '';
    for (;;) {
      const window = textWindow(text, offset, 20);
      rebuilt += window.text;
      if (!window.truncated) break;
      offset = window.nextOffset!;
    }
    expect(rebuilt).toBe(text);
  });

  it('never splits a surrogate pair and handles an offset past the end', () => {
    const text = 'ab😀cd';
    const window = textWindow(text, 0, 3);
    expect(window.text).toBe('ab');
    expect(window.nextOffset).toBe(2);
    expect(textWindow(text, 99, 10)).toEqual({ text: '', truncated: false });
  });
});
