/** How the answer view writes how long an answer took, and deep research how long is left (src/renderer/src/lib/duration.ts). */
import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeLeft } from '../../src/renderer/src/lib/duration';

describe('formatDuration', () => {
  it('writes milliseconds under a second, never "0.0 s"', () => {
    expect(formatDuration(0)).toBe('1 ms');
    expect(formatDuration(38.4)).toBe('38 ms');
    expect(formatDuration(999)).toBe('999 ms');
  });

  it('writes seconds with one decimal from a second on', () => {
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
  });
});

describe('formatTimeLeft', () => {
  it('rounds up to whole seconds, in minutes and seconds from a minute on', () => {
    expect(formatTimeLeft(0)).toBe('0 s');
    expect(formatTimeLeft(44_100)).toBe('45 s');
    expect(formatTimeLeft(60_000)).toBe('1 min');
    expect(formatTimeLeft(124_001)).toBe('2 min 5 s');
    expect(formatTimeLeft(-5)).toBe('0 s');
  });
});
