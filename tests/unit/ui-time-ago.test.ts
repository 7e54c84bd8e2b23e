/** The history's dates in words (timeAgo in src/renderer/src/lib/readable-date.ts), on a fixed clock. */
import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../src/renderer/src/lib/readable-date';

/** 2 December 2026, 15:00 local time. */
const NOW = new Date(2026, 11, 2, 15, 0).getTime();
const at = (month: number, day: number, hour: number, minute = 0, year = 2026): number =>
  new Date(year, month, day, hour, minute).getTime();

describe('timeAgo', () => {
  it('says minutes and hours within the day', () => {
    expect(timeAgo(NOW - 20_000, NOW)).toBe('just now');
    expect(timeAgo(at(11, 2, 14, 59), NOW)).toBe('1 minute ago');
    expect(timeAgo(at(11, 2, 14, 5), NOW)).toBe('55 minutes ago');
    expect(timeAgo(at(11, 2, 13, 0), NOW)).toBe('2 hours ago');
    expect(timeAgo(at(11, 2, 0, 30), NOW)).toBe('14 hours ago');
    // A clock behind the server's: not "in the future".
    expect(timeAgo(NOW + 5_000, NOW)).toBe('just now');
  });

  it('says yesterday, then the day, with the year only when it is not this one', () => {
    expect(timeAgo(at(11, 1, 9), NOW)).toBe('yesterday');
    // Late last night seen early in the morning: hours still.
    expect(timeAgo(at(11, 1, 23), at(11, 2, 1))).toBe('2 hours ago');
    expect(timeAgo(at(10, 3, 12), NOW, 'en-GB')).toBe('on 3 Nov');
    expect(timeAgo(at(10, 3, 12), NOW, 'en-US')).toBe('on Nov 3');
    expect(timeAgo(at(10, 3, 12, 0, 2025), NOW, 'en-GB')).toBe('on 3 Nov 2025');
    expect(timeAgo(new Date(at(10, 3, 12)).toISOString(), NOW, 'en-GB')).toBe('on 3 Nov');
  });
});
