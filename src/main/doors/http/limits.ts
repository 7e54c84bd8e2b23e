/**
 * A cap on work in flight (each piece may hold a browser page) and a per-client rate limit of
 * work (a token bucket keyed by the client's address). Both refuse with RATE_LIMITED (429 with
 * Retry-After).
 *
 * Work is what makes Lantern search, fetch, answer or read its store for a caller: every REST
 * route except `/v1/health` and `/v1/openapi.json`, and each MCP `tools/call`. Everything else is
 * bookkeeping and takes neither a place in flight nor a token: the health check and the OpenAPI
 * document, and an MCP session's own traffic — `initialize`, notifications, `tools/list`, `ping`,
 * the GET event stream the SDK's client keeps open for the whole session, and the DELETE that ends
 * it. Why: every local agent comes from 127.0.0.1, so they share one bucket; a hundred
 * `lantern mcp` relays connecting (three requests each) would otherwise empty it before any of
 * them asked for anything, and eight open event streams would fill the cap while doing nothing.
 * Bookkeeping costs about what a refusal by the guard costs (which no limit counts either), and
 * the sessions it opens are capped (doors/mcp/http.ts).
 */
import { LanternError } from '../../../shared/errors';

export interface LimitOptions {
  maxInFlight: number;
  /** Work a client may ask for per minute, in bursts up to the same number. */
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

  /**
   * Takes `count` places in flight and as many of the client's tokens (a batch of MCP tool calls
   * runs them all at once), or throws RATE_LIMITED and takes none. Call the returned release once
   * the work has finished.
   */
  admit(client: string, count = 1): { release: () => void } {
    const refill = this.options.perMinute / 60_000;
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.options.perMinute, at: now };
    bucket.tokens = Math.min(this.options.perMinute, bucket.tokens + (now - bucket.at) * refill);
    bucket.at = now;
    this.buckets.set(client, bucket);
    if (bucket.tokens < count) {
      throw new LanternError('RATE_LIMITED', `More than ${this.options.perMinute} requests a minute; slow down.`, {
        retryAfterMs: Math.ceil((count - bucket.tokens) / refill),
      });
    }
    if (this.inFlight + count > this.options.maxInFlight) {
      throw new LanternError(
        'RATE_LIMITED',
        `${this.options.maxInFlight} requests are already in progress; retry shortly.`,
        { retryAfterMs: 1000 },
      );
    }
    bucket.tokens -= count;
    this.inFlight += count;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inFlight -= count;
      },
    };
  }
}
