import { LanternError } from '../../shared/errors';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * One page at a time per engine, with a jittered minimum gap between the end of one page load
 * and the start of the next, so Lantern's traffic looks like a person's and not a burst.
 */
export interface PacerOptions {
  minGapMs: number;
  /** Extra random delay, uniform in [0, jitterMs]. */
  jitterMs: number;
  /** Tasks allowed to wait behind the running one; more get RATE_LIMITED. */
  maxQueued?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export class EnginePacer {
  private tail: Promise<void> = Promise.resolve();
  private lastFinishedAt = Number.NEGATIVE_INFINITY;
  /** Tasks accepted and not yet finished (the running one included). */
  private pending = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
    this.random = options.random ?? Math.random;
  }

  /** Runs `task` when the engine is free and the gap since its last page has passed. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const maxQueued = this.options.maxQueued ?? Number.POSITIVE_INFINITY;
    if (this.pending > maxQueued) {
      const perTaskMs = this.options.minGapMs + this.options.jitterMs / 2;
      return Promise.reject(
        new LanternError(
          'RATE_LIMITED',
          `${this.pending - 1} searches are already waiting for this engine (the limit is ${maxQueued}). Try again in a few seconds.`,
          { retryAfterMs: Math.ceil(this.pending * perTaskMs) },
        ),
      );
    }
    this.pending++;
    const turn = this.tail.then(async () => {
      const gap = this.options.minGapMs + this.random() * this.options.jitterMs;
      const wait = this.lastFinishedAt + gap - this.now();
      if (wait > 0) await this.sleep(wait, signal);
      try {
        return await task();
      } finally {
        this.lastFinishedAt = this.now();
      }
    });
    void turn.then(
      () => this.pending--,
      () => this.pending--,
    );
    // The next caller waits for this one to finish, whether it succeeded or not.
    this.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }
}
