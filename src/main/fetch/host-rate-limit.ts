/**
 * Per-host token bucket, so one prompt-injected agent cannot turn Lantern into a flood against a
 * single site. A request waits for a token when the wait is short, and is refused with
 * RATE_LIMITED (with retryAfterMs) when it would be long.
 */
import { LanternError } from '../../shared/errors';
import { setTimeout as delay } from 'node:timers/promises';

export interface HostRateLimitOptions {
  burst: number;
  perSecond: number;
  maxWaitMs: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class HostRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly options: HostRateLimitOptions,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void> = (ms, signal) =>
      delay(ms, undefined, { signal }),
  ) {}

  /** Takes one token for `host`, waiting up to maxWaitMs for it. */
  async acquire(host: string, signal?: AbortSignal): Promise<void> {
    const key = host.toLowerCase();
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.options.burst, updatedAt: now };
    bucket.tokens = Math.min(
      this.options.burst,
      bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.options.perSecond,
    );
    bucket.updatedAt = now;
    // Reserve the token now (tokens may go negative): concurrent callers queue up behind it.
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    this.forgetIdleHosts(now);
    if (bucket.tokens >= 0) return;
    const waitMs = Math.ceil((-bucket.tokens / this.options.perSecond) * 1000);
    if (waitMs > this.options.maxWaitMs) {
      bucket.tokens += 1; // not taken after all
      throw new LanternError(
        'RATE_LIMITED',
        `Too many requests to ${host}: at most ${this.options.burst} at once and ${this.options.perSecond} per second. Try again in ${waitMs} ms.`,
        { retryAfterMs: waitMs, details: { host } },
      );
    }
    await this.sleep(waitMs, signal);
  }

  /** Hosts whose bucket has refilled carry no state worth keeping. */
  private forgetIdleHosts(now: number): void {
    if (this.buckets.size < 1000) return;
    const fullAfterMs = (this.options.burst / this.options.perSecond) * 1000;
    for (const [host, bucket] of this.buckets) {
      if (now - bucket.updatedAt > fullAfterMs) this.buckets.delete(host);
    }
  }
}
