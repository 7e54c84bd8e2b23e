import { describe, expect, it } from 'vitest';
import { EnginePacer } from '../../src/main/search/pacer';

/** A pacer on a fake clock: sleeping advances time, so the test is instant and exact. */
function fakePacer(minGapMs: number, jitterMs: number, random = 0.5, maxQueued?: number) {
  let now = 1_000;
  const waits: number[] = [];
  const pacer = new EnginePacer({
    minGapMs,
    jitterMs,
    ...(maxQueued === undefined ? {} : { maxQueued }),
    now: () => now,
    random: () => random,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  });
  return { pacer, waits, advance: (ms: number) => (now += ms), clock: () => now };
}

describe('EnginePacer', () => {
  it('runs tasks one at a time in the order they came', async () => {
    const { pacer } = fakePacer(0, 0);
    const order: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      order.push(name);
      await Promise.resolve();
      running--;
    };
    await Promise.all([pacer.run(task('a')), pacer.run(task('b')), pacer.run(task('c'))]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('waits the minimum gap plus jitter after the previous page', async () => {
    const { pacer, waits, advance } = fakePacer(800, 400, 0.5);
    await pacer.run(async () => advance(300));
    await pacer.run(async () => undefined);
    expect(waits).toEqual([1000]);
  });

  it('does not wait when the gap has already passed', async () => {
    const { pacer, waits, advance } = fakePacer(800, 0);
    await pacer.run(async () => undefined);
    advance(5_000);
    await pacer.run(async () => undefined);
    expect(waits).toEqual([]);
  });

  it('stops waiting for the gap when the caller aborts, and never runs the task', async () => {
    const pacer = new EnginePacer({ minGapMs: 60_000, jitterMs: 0 });
    await pacer.run(async () => undefined);
    const controller = new AbortController();
    let ran = false;
    const waiting = pacer.run(async () => (ran = true), controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(ran).toBe(false);
  });

  it('keeps going after a failed task', async () => {
    const { pacer } = fakePacer(0, 0);
    await expect(pacer.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(pacer.run(async () => 'ok')).resolves.toBe('ok');
  });
});

describe('EnginePacer queue bound', () => {
  it('refuses tasks beyond the queue with RATE_LIMITED and a retry time, and serves the rest', async () => {
    const { pacer } = fakePacer(800, 400, 0.5, 2);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const served: number[] = [];
    const outcomes = [0, 1, 2, 3, 4].map((n) =>
      pacer.run(async () => {
        await gate;
        served.push(n);
      }),
    );
    release();
    const settled = await Promise.allSettled(outcomes);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect(served).toEqual([0, 1, 2]);
    // Three tasks ahead (the running one and two queued), each taking the average gap of 800 + 400/2 ms.
    for (const refused of settled.slice(3)) {
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 3000 });
    }
    // Once the queue drains, new work is accepted again.
    await expect(pacer.run(async () => 'again')).resolves.toBe('again');
  });
});
