/**
 * The page budget and the browser's launch budget (issue 37): starting the browser runs under a
 * limit of its own, and when the browser was started for a load, the page's budget starts once
 * it is ready. LoadBudget on a test clock; LazyPageLoader on fake timers over a loader double
 * (the launch's timing is the logic under test, not Chromium's).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyPageLoader } from '../../src/main/browser/lazy-loader';
import { DEFAULT_LAUNCH_TIMEOUT_MS, LoadBudget } from '../../src/main/browser/load-budget';
import type { LoadOptions, PageLoader } from '../../src/main/browser/page-loader';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { errorOf } from '../support/error-of';
import { ManualClock } from '../support/manual-clock';

const URL = 'https://www.google.com/search?q=x';
const PAGE: PageSnapshot = { finalUrl: URL, status: 200, html: '<p>results</p>', title: 'results' };

/** A promise and the function that settles it: a stage the test ends when it chooses. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** Whether `promise` has settled by the time the current microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

describe('LoadBudget', () => {
  it('ends a wait at its deadline with TIMEOUT naming the stage, and not before', async () => {
    const clock = new ManualClock();
    const budget = new LoadBudget(URL, 5000, { clock });
    const waiting = errorOf(budget.within(new Promise(() => undefined), 'waiting for the page to respond'));
    clock.advance(4999);
    expect(await settled(waiting)).toBe(false);
    clock.advance(1);
    expect(await waiting).toMatchObject({
      code: 'TIMEOUT',
      details: { stage: 'waiting for the page to respond', timeoutMs: 5000 },
    });
  });

  it('fails a wait at once once the deadline has passed, but a promise settled already still wins', async () => {
    const clock = new ManualClock();
    const budget = new LoadBudget(URL, 5000, { clock, deadline: clock.now() - 1 });
    expect(await errorOf(budget.within(new Promise(() => undefined), 'waiting for the page to settle'))).toMatchObject({
      code: 'TIMEOUT',
    });
    await expect(budget.within(Promise.resolve('read'), 'waiting for the page to settle')).resolves.toBe('read');
    await expect(budget.atMost(new Promise(() => undefined), 1000)).resolves.toBeUndefined();
  });

  it("runs the browser's start outside the page's budget, which then starts when the browser is ready", async () => {
    const clock = new ManualClock();
    const startedAt = clock.now();
    const budget = new LoadBudget(URL, 5000, { clock });
    const start = gate<string>();
    const launching = budget.launch(start.promise, true);
    clock.advance(12_000); // far past the page's 5 s
    start.open('browser');
    await expect(launching).resolves.toBe('browser');
    expect(budget.deadline).toBe(startedAt + 12_000 + 5000);
    const waiting = errorOf(budget.within(new Promise(() => undefined), 'waiting for the page to respond'));
    clock.advance(4999);
    expect(await settled(waiting)).toBe(false);
    clock.advance(1);
    expect((await waiting).details).toMatchObject({ stage: 'waiting for the page to respond' });
  });

  it("keeps the caller's deadline when the browser was running already, or when it is later anyway", async () => {
    const clock = new ManualClock();
    const warm = new LoadBudget(URL, 5000, { clock, deadline: clock.now() + 3000 });
    const tab = gate<string>();
    const taking = warm.launch(tab.promise, false);
    clock.advance(2000);
    tab.open('tab');
    await taking;
    expect(warm.deadline).toBe(clock.now() + 1000);

    const generous = new LoadBudget(URL, 5000, { clock, deadline: clock.now() + 60_000 });
    await generous.launch(Promise.resolve('browser'), true);
    expect(generous.deadline).toBe(clock.now() + 60_000);
  });

  it('ends a start that takes too long with TIMEOUT naming the launch and its limit, counted from the first start', async () => {
    const clock = new ManualClock();
    const budget = new LoadBudget(URL, 5000, { clock, launchTimeoutMs: 8000 });
    await budget.launch(Promise.resolve('browser'), true);
    expect(budget.launchDeadline).toBe(clock.now() + 8000);
    clock.advance(6000);
    const stuck = errorOf(budget.launch(new Promise(() => undefined), false));
    clock.advance(1999);
    expect(await settled(stuck)).toBe(false);
    clock.advance(1);
    const error = await stuck;
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      details: { stage: 'launching the browser', launchTimeoutMs: 8000 },
    });
    expect(error.message).toContain('8000 ms launch limit');
    expect(new LoadBudget(URL, 5000).launchTimeoutMs).toBe(DEFAULT_LAUNCH_TIMEOUT_MS);
  });

  it('ends a start at once when the caller cancels or the tab fails', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const cancelled = errorOf(
      new LoadBudget(URL, 5000, { clock, signal: controller.signal }).launch(new Promise(() => undefined), true),
    );
    controller.abort();
    expect((await cancelled).code).toBe('CANCELLED');

    const failing = new LoadBudget(URL, 5000, { clock });
    const crashed = failing.launch(new Promise(() => undefined), true);
    failing.fail(new Error('the page crashed'));
    await expect(crashed).rejects.toThrow('the page crashed');
  });
});

describe('LazyPageLoader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A loader double that records the options of each load. */
  function recordingLoader(): PageLoader & { seen: LoadOptions[] } {
    const seen: LoadOptions[] = [];
    return { seen, load: async (_url, options) => (seen.push(options), PAGE), close: async () => undefined };
  }

  it('hands the page its whole budget when creating the browser took longer than that budget', async () => {
    const real = recordingLoader();
    const created = gate<PageLoader>();
    const lazy = new LazyPageLoader(() => created.promise);
    const startedAt = Date.now();
    const loading = lazy.load(URL, { readySelectors: ['#rso'], timeoutMs: 5000, deadline: startedAt + 5000 });
    await vi.advanceTimersByTimeAsync(6000);
    created.open(real);
    await expect(loading).resolves.toEqual(PAGE);
    const readyAt = startedAt + 6000;
    expect(real.seen[0]).toMatchObject({
      timeoutMs: 5000,
      deadline: readyAt + 5000,
      launchDeadline: startedAt + DEFAULT_LAUNCH_TIMEOUT_MS,
    });
  });

  it("passes the caller's deadline on unchanged once the loader exists", async () => {
    const real = recordingLoader();
    const lazy = new LazyPageLoader(async () => real);
    await lazy.load(URL, { readySelectors: ['#rso'], timeoutMs: 5000 });
    const deadline = Date.now() + 1234;
    await lazy.load(URL, { readySelectors: ['#rso'], timeoutMs: 5000, deadline });
    expect(real.seen[1]?.deadline).toBe(deadline);
    expect(real.seen[1]?.launchDeadline).toBeUndefined();
  });

  it('gives up on a creation that never ends at the launch limit, naming the launch', async () => {
    const lazy = new LazyPageLoader(() => new Promise(() => undefined));
    const loading = errorOf(lazy.load(URL, { readySelectors: ['#rso'], timeoutMs: 5000, launchTimeoutMs: 20_000 }));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(await settled(loading)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await loading;
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      details: { stage: 'launching the browser', launchTimeoutMs: 20_000 },
    });
    expect(error.message).toContain('20000 ms launch limit');
  });

  it('ends a creation at once with CANCELLED when the caller cancels', async () => {
    const controller = new AbortController();
    const lazy = new LazyPageLoader(() => new Promise(() => undefined));
    const loading = errorOf(lazy.load(URL, { readySelectors: ['#rso'], timeoutMs: 5000, signal: controller.signal }));
    controller.abort();
    expect((await loading).code).toBe('CANCELLED');
  });
});
