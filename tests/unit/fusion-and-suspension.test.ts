import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../src/shared/contract';
import { fuseByReciprocalRank } from '../../src/main/search/fusion';
import { EngineSuspensions } from '../../src/main/search/suspension';

const result = (url: string, title = url): SearchResult => ({ index: 0, title, url, snippet: '', source: '' });

describe('fuseByReciprocalRank', () => {
  it('ranks results several engines agree on first and names their engines', () => {
    const fused = fuseByReciprocalRank(
      [
        { engine: 'google', results: [result('https://a.com/'), result('https://b.com/x'), result('https://c.com/')] },
        { engine: 'bing', results: [result('https://www.b.com/x/'), result('https://d.com/')] },
      ],
      10,
    );
    // b.com is 1st on Bing, 2nd on Google: Bing's appearance is the best-ranked one.
    expect(fused.map((r) => r.url)).toEqual([
      'https://www.b.com/x/',
      'https://a.com/',
      'https://d.com/',
      'https://c.com/',
    ]);
    expect(fused[0]?.engines).toEqual(['google', 'bing']);
    expect(fused[1]?.engines).toEqual(['google']);
    expect(fused.map((r) => r.index)).toEqual([0, 1, 2, 3]);
  });

  it('keeps the title of the best-ranked appearance and honours the limit', () => {
    const fused = fuseByReciprocalRank(
      [
        { engine: 'google', results: [result('https://x.com/', 'from google'), result('https://a.com/', 'a')] },
        { engine: 'bing', results: [result('https://a.com/', 'a from bing'), result('https://x.com/', 'from bing')] },
      ],
      1,
    );
    expect(fused).toHaveLength(1);
    expect(fused[0]?.title).toBe('from google');
  });
});

describe('EngineSuspensions', () => {
  it('suspends until the time runs out, and can be lifted', () => {
    let now = 0;
    const suspensions = new EngineSuspensions(() => now);
    suspensions.suspend('google', 30 * 60_000, 'CAPTCHA_REQUIRED', 'sorry page');
    expect(suspensions.get('google')).toMatchObject({ code: 'CAPTCHA_REQUIRED', until: 30 * 60_000 });
    now = 30 * 60_000 - 1;
    expect(suspensions.get('google')).toBeDefined();
    now = 30 * 60_000;
    expect(suspensions.get('google')).toBeUndefined();
    suspensions.suspend('bing', 1000, 'ENGINE_BLOCKED', 'challenge');
    suspensions.lift('bing');
    expect(suspensions.get('bing')).toBeUndefined();
  });
});
