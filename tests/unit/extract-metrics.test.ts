import { describe, expect, it } from 'vitest';
import {
  aebScores,
  segmentMatch,
  segmentScores,
  shingleMatch,
  snippetShares,
  tokenize,
  wordScore,
} from '../../bench/extract/metrics.js';

describe('extraction metrics', () => {
  it("tokenizes like Python's Unicode \\w+", () => {
    expect(tokenize('Héllo, wörld_1 — 東京 2024! señor-x')).toEqual(['Héllo', 'wörld_1', '東京', '2024', 'señor', 'x']);
  });

  it('counts 4-token shingles as a multiset and normalises per page', () => {
    const exact = shingleMatch('one two three four five', 'one two three four five');
    expect(exact).toEqual({ tp: 1, fp: 0, fn: 0, exact: true });
    // truth shingles: [1234, 2345]; predicted: [1234, 234x] → tp 1, fp 1, fn 1.
    const partial = shingleMatch('a b c d e', 'a b c d x');
    expect(partial.tp).toBeCloseTo(1 / 3);
    expect(partial.fp).toBeCloseTo(1 / 3);
    expect(partial.fn).toBeCloseTo(1 / 3);
    // Fewer than 4 tokens still make one shingle; case is kept.
    expect(shingleMatch('Hello world', 'hello world').tp).toBe(0);
    expect(shingleMatch('', '').tp + shingleMatch('', '').fp).toBe(0);
  });

  it('averages precision only over pages that predicted something', () => {
    const s = aebScores([shingleMatch('a b c d', 'a b c d'), shingleMatch('a b c d', '')]);
    expect(s.precision).toBe(1);
    expect(s.recall).toBe(0.5);
    expect(s.f1).toBeCloseTo(2 / 3);
    expect(s.accuracy).toBe(0.5);
  });

  it('scores WCXB pages as lower-cased bags of words', () => {
    const s = wordScore('The cat the HAT', 'the cat sat');
    expect(s.precision).toBeCloseTo(2 / 4);
    expect(s.recall).toBeCloseTo(2 / 3);
    expect(s.f1).toBeCloseTo((2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3));
    expect(wordScore('', 'x')).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(wordScore('', '')).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(snippetShares('Buy NOW and save', ['buy now', 'missing'], ['and save'])).toEqual({ found: 0.5, kept: 1 });
  });
});

describe("trafilatura's evaluation metric", () => {
  it('counts with-segments found as true positives and without-segments found as false positives, across line breaks', () => {
    const text = 'Der Rat hat\nbeschlossen, die Halle zu sanieren.\n\nÄhnliche Beiträge';
    const counts = segmentMatch(
      text,
      ['Der Rat hat beschlossen', 'die Halle', 'fehlt hier'],
      ['Ähnliche Beiträge', 'Kommentare'],
    );
    expect(counts).toEqual({ tp: 2, fn: 1, fp: 1, tn: 1 });
  });

  it('pools counts over pages before computing precision, recall, accuracy and F', () => {
    const s = segmentScores([
      { tp: 3, fn: 1, fp: 1, tn: 3 },
      { tp: 1, fn: 1, fp: 0, tn: 2 },
    ]);
    expect(s.precision).toBeCloseTo(4 / 5, 10);
    expect(s.recall).toBeCloseTo(4 / 6, 10);
    expect(s.accuracy).toBeCloseTo(9 / 12, 10);
    expect(s.f1).toBeCloseTo((2 * (4 / 5) * (4 / 6)) / (4 / 5 + 4 / 6), 10);
    expect(s.pages).toBe(2);
  });
});
