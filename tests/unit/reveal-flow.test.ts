import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { runRevealFlow, type RevealState, type RevealWindow } from '../../src/main/browser/reveal-flow';
import { LanternError } from '../../src/shared/errors';

const INACTIVITY_MS = 3000;

/**
 * A RevealWindow whose person the test plays: the flow's timing is what is under test here
 * (the headed Chromium window itself is driven in tests/integration/captcha-person.test.ts).
 */
function scriptedWindow(
  page: PageSnapshot = { finalUrl: 'https://engine.test/sorry/', status: 429, html: 'captcha', title: '' },
) {
  const listeners = {
    navigated: [] as Array<() => void>,
    activity: [] as Array<() => void>,
    closed: [] as Array<() => void>,
  };
  const window: RevealWindow & {
    page: PageSnapshot;
    hidden: number;
    act(): void;
    navigate(to: PageSnapshot): void;
    close(): void;
  } = {
    page,
    hidden: 0,
    show: () => Promise.resolve(),
    hide: () => {
      window.hidden += 1;
      return Promise.resolve();
    },
    snapshot: (): Promise<PageSnapshot> => Promise.resolve(window.page),
    onNavigated: (listener: () => void) => listeners.navigated.push(listener),
    onActivity: (listener: () => void) => listeners.activity.push(listener),
    onClosed: (listener: () => void) => listeners.closed.push(listener),
    act: () => listeners.activity.forEach((listener) => listener()),
    navigate: (to: PageSnapshot) => {
      window.page = to;
      listeners.navigated.forEach((listener) => listener());
    },
    close: () => listeners.closed.forEach((listener) => listener()),
  };
  return window;
}

/** Settles the flow's promise without letting it throw into the test: the outcome is read later. */
function watch(flow: Promise<PageSnapshot>): { outcome: () => PageSnapshot | LanternError | 'pending' } {
  let outcome: PageSnapshot | LanternError | 'pending' = 'pending';
  flow.then(
    (page) => (outcome = page),
    (error: LanternError) => (outcome = error),
  );
  return { outcome: () => outcome };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runRevealFlow', () => {
  it('gives up with CAPTCHA_REQUIRED after the inactivity time, and each input starts the wait again', async () => {
    const window = scriptedWindow();
    const states: RevealState[] = [];
    const flow = watch(
      runRevealFlow(window, { isSolved: () => false, inactivityMs: INACTIVITY_MS, onState: (s) => states.push(s) }),
    );
    await vi.advanceTimersByTimeAsync(INACTIVITY_MS - 1);
    window.act();
    await vi.advanceTimersByTimeAsync(INACTIVITY_MS - 1);
    window.act();
    await vi.advanceTimersByTimeAsync(INACTIVITY_MS - 1);
    expect(flow.outcome()).toBe('pending');
    expect(window.hidden).toBe(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(flow.outcome()).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      details: { reason: 'inactivity', inactivityMs: INACTIVITY_MS },
    });
    expect(window.hidden).toBe(1);
    expect(states).toEqual(['blocked', 'waiting-for-person', 'timed-out']);
  });

  it('hands back the page once a navigation leads to results, and no timer fires after', async () => {
    const window = scriptedWindow();
    const results: PageSnapshot = {
      finalUrl: 'https://engine.test/search?q=x',
      status: 200,
      html: 'results',
      title: 'x',
    };
    const flow = watch(
      runRevealFlow(window, { isSolved: (page) => page.html === 'results', inactivityMs: INACTIVITY_MS }),
    );
    await vi.advanceTimersByTimeAsync(INACTIVITY_MS - 1);
    window.navigate(results);
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.outcome()).toBe(results);
    await vi.advanceTimersByTimeAsync(INACTIVITY_MS);
    expect(window.hidden).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('returns CANCELLED when the person closes the window', async () => {
    const window = scriptedWindow();
    const flow = watch(runRevealFlow(window, { isSolved: () => false, inactivityMs: INACTIVITY_MS }));
    await vi.advanceTimersByTimeAsync(1000);
    window.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.outcome()).toMatchObject({ code: 'CANCELLED' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
