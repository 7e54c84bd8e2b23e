/** The reader's page date (src/renderer/src/lib/readable-date.ts). */
import { describe, expect, it } from 'vitest';
import { readableDate } from '../../src/renderer/src/lib/readable-date';

describe('readableDate', () => {
  it("writes a page's ISO date in the person's words, a bare date as that calendar day", () => {
    expect(readableDate('2024-03-12', 'en-GB')).toBe('12 March 2024');
    expect(readableDate('2024-03-12', 'en-US')).toBe('March 12, 2024');
    expect(readableDate('2024-03-12T10:00:00Z', 'de-DE')).toBe('12. März 2024');
  });

  it('leaves a date it cannot read as the page wrote it', () => {
    expect(readableDate('spring 2019', 'en-GB')).toBe('spring 2019');
    expect(readableDate('2024-13-45', 'en-GB')).toBe('2024-13-45');
  });
});
