/**
 * A cap on requests in flight (each may hold a browser page) and a per-client rate limit (a token
 * bucket keyed by the client's address). Both answer 429 with Retry-After.
 */
import type { ErrorInfo } from '../../shared/contract';

export interface LimitOptions {
  maxInFlight: number;
  /** Requests a client may make per minute, in bursts up to the same number. */
  perMinute: number;
  now?: () => number;
}

export const DEFAULT_LIMITS: LimitOptions = { maxInFlight: 8, perMinute: 120 };

export class RequestLimits {
  private inFlight = 0;
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly now: () => number;

  constructor(private readonly options: LimitOptions) {
    this.now = options.now ?? Date.now;
  }

  /** On success, call the returned release once the request has finished. */
  admit(client: string): { release: () => void } | ErrorInfo {
    const refill = this.options.perMinute / 60_000;
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.options.perMinute, at: now };
    bucket.tokens = Math.min(this.options.perMinute, bucket.tokens + (now - bucket.at) * refill);
    bucket.at = now;
    this.buckets.set(client, bucket);
    if (bucket.tokens < 1) {
      return { code: 'RATE_LIMITED', message: `More than ${this.options.perMinute} requests a minute; slow down.`, retryAfterMs: Math.ceil((1 - bucket.tokens) / refill) };
    }
    if (this.inFlight >= this.options.maxInFlight) {
      return { code: 'RATE_LIMITED', message: `${this.options.maxInFlight} requests are already in progress; retry shortly.`, retryAfterMs: 1000 };
    }
    bucket.tokens -= 1;
    this.inFlight += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
      },
    };
  }
}
