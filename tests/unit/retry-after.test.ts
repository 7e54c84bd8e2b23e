import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/main/common/retry-after';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('parseRetryAfter', () => {
  it('reads whole seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 5 ', NOW)).toBe(5_000);
    expect(parseRetryAfter('0', NOW)).toBe(0);
  });

  it('reads an HTTP date as the time left until it, and a past date as now', () => {
    expect(parseRetryAfter('Thu, 15 Jan 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Thu, 15 Jan 2026 11:59:00 GMT', NOW)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('', NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
  });
});
