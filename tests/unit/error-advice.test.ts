/**
 * What the UI says about an error (src/renderer/src/lib/error-advice.ts): words and ways out,
 * never the core's codes or CLI flags; one line per reason however many pages share it.
 */
import { describe, expect, it } from 'vitest';
import { adviceFor, clockTime, nextEngine } from '../../src/renderer/src/lib/error-advice';

const privatePage = (n: number, port: number) => ({
  n,
  url: `http://127.0.0.1:${port}/page-${n}`,
  code: 'BLOCKED_URL',
  message: `Refused to fetch http://127.0.0.1:${port}/page-${n}: it resolves to 127.0.0.1 (loopback). Private networks are off: enable them in settings (or pass --allow-private to the CLI) to fetch it.`,
  details: { range: 'loopback', setting: 'fetch.allowPrivateNetworks' },
});

describe('adviceFor', () => {
  it('groups pages refused for one reason into one line, and offers the setting', () => {
    const pages = [1, 2, 3, 4, 5, 6].map((n) => privatePage(n, 4000));
    const advice = adviceFor({
      code: 'BLOCKED_URL',
      message: 'None of the 6 pages could be read…',
      details: { pages },
    });
    expect(advice.groups).toEqual(['6 pages on this machine or a private network (127.0.0.1:4000)']);
    expect(advice.actions).toEqual(['allow-private']);
    expect(`${advice.headline} ${advice.body}`).not.toMatch(/--allow-private|BLOCKED_URL/);
  });

  it('says each different reason once, naming a few hosts', () => {
    const pages = [
      privatePage(1, 4000),
      { n: 2, url: 'https://a.example/x', code: 'TIMEOUT', message: 'late' },
      { n: 3, url: 'https://b.example/y', code: 'TIMEOUT', message: 'late' },
    ];
    const advice = adviceFor({ code: 'FETCH_FAILED', message: '…', details: { pages } });
    expect(advice.headline).toBe('None of the pages could be read');
    expect(advice.groups).toEqual([
      '1 page on this machine or a private network (127.0.0.1:4000)',
      '2 pages too slow to answer (a.example, b.example)',
    ]);
    expect(advice.actions).toEqual(['allow-private']);
  });

  it('tells an ended sign-in, a server that does not answer and nothing found apart from other failures', () => {
    expect(adviceFor({ code: 'UNAUTHORIZED', message: 'x' }).headline).toBe('Sign in again');
    expect(adviceFor({ code: 'INTERNAL', message: 'x', details: { reason: 'server-unreachable' } }).headline).toBe(
      'Lantern is not running',
    );
    expect(adviceFor({ code: 'INTERNAL', message: 'x' }).headline).toBe('Something went wrong inside Lantern');
    const nothing = adviceFor({ code: 'NOT_FOUND', message: 'x', details: { reason: 'no-results' } });
    expect(nothing).toMatchObject({ headline: 'Nothing found', tone: 'note', actions: ['other-engines', 'any-time'] });
    expect(adviceFor({ code: 'NOT_FOUND', message: 'x' }).tone).toBe('error');
  });

  it('says until when a paused engine rests, in words, with another engine as the way out', () => {
    const until = new Date(2030, 0, 1, 7, 42).getTime();
    const advice = adviceFor({
      code: 'ENGINE_BLOCKED',
      message: 'Google is paused for 12 more min after CAPTCHA_REQUIRED: … lantern search --interactive …',
      details: { engine: 'google', blockedBy: 'CAPTCHA_REQUIRED', pausedUntil: until },
    });
    expect(advice.headline).toMatch(/^Google is paused until .*42/);
    expect(advice.body).toContain('asked to confirm you are human');
    expect(advice.body).not.toMatch(/--interactive|CAPTCHA_REQUIRED/);
    expect(advice.actions[0]).toBe('other-engine');
  });
});

describe('clockTime', () => {
  it('gives the time alone on the same day, and the date too when the moment falls on another day', () => {
    const lateEvening = new Date(2030, 0, 1, 23, 58).getTime();
    const pastMidnight = new Date(2030, 0, 2, 0, 3).getTime();
    expect(clockTime(pastMidnight, pastMidnight - 60_000)).not.toContain(new Date(pastMidnight).toLocaleDateString());
    expect(clockTime(pastMidnight, lateEvening)).toBe(
      `${new Date(pastMidnight).toLocaleDateString()} ${clockTime(pastMidnight, pastMidnight)}`,
    );
    expect(clockTime(pastMidnight, lateEvening)).toMatch(/\d{1,2}:03/);
  });
});

describe('nextEngine', () => {
  it('takes the next configured engine that is not paused, else the first other engine Lantern has', () => {
    expect(nextEngine(['google'], ['google', 'duckduckgo'])).toBe('duckduckgo');
    expect(nextEngine(['google'], ['google'])).toBe('bing');
    expect(nextEngine(['google', 'bing'])).toBe('duckduckgo');
  });
});
