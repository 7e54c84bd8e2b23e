import { describe, expect, it } from 'vitest';
import { HostRateLimiter } from '../../src/main/fetch/host-rate-limit';

describe('HostRateLimiter', () => {
  it('allows a burst, then paces, then refuses with retryAfterMs', async () => {
    let now = 0;
    const waits: number[] = [];
    const limiter = new HostRateLimiter(
      { burst: 2, perSecond: 1, maxWaitMs: 1_500 },
      () => now,
      async (ms) => {
        waits.push(ms);
      },
    );
    await limiter.acquire('a.test');
    await limiter.acquire('a.test');
    expect(waits).toEqual([]);
    await limiter.acquire('a.test'); // one token short: waits a second
    expect(waits).toEqual([1_000]);
    await expect(limiter.acquire('a.test')).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 2_000 });
    // Other hosts have their own bucket.
    await limiter.acquire('b.test');
    expect(waits).toEqual([1_000]);
    // Tokens come back with time.
    now += 5_000;
    await limiter.acquire('A.TEST');
    expect(waits).toEqual([1_000]);
  });
});
