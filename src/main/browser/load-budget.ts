import { LanternError } from '../../shared/errors';
import { launchTimeoutError, timeoutError, type LoadStage } from './load-errors';

/**
 * How long starting the browser may take (launching it, or making the window or tab a load runs
 * in): apart from the page's own budget, and generous, since a cold start on a busy machine takes
 * seconds where a page takes a fraction of one.
 */
export const DEFAULT_LAUNCH_TIMEOUT_MS = 30_000;

/** Time as a budget reads it: the wall clock, or a test's clock that ends a budget when the test says. */
export interface BudgetClock {
  now(): number;
  /** Calls `fire` after `ms`; the function returned cancels it. */
  setTimeout(fire: () => void, ms: number): () => void;
}

export const WALL_CLOCK: BudgetClock = {
  now: () => Date.now(),
  setTimeout(fire, ms) {
    const timer = setTimeout(fire, ms);
    // A wait must not keep a finished CLI process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface LoadBudgetOptions {
  /** When the page's budget started earlier than the load (epoch ms it ends); default now + timeoutMs. */
  deadline?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The limit of starting the browser (see `launch`); default DEFAULT_LAUNCH_TIMEOUT_MS. */
  launchTimeoutMs?: number | undefined;
  /** When the browser's start began earlier than the load (epoch ms its limit ends). */
  launchDeadline?: number | undefined;
  clock?: BudgetClock | undefined;
}

/**
 * One load's time and cancellation. Starting the browser runs under a limit of its own
 * (`launch`); every other wait of the load runs `within` the page's budget, which ends at one
 * deadline with a TIMEOUT that names the stage it was in. When the browser was started for this
 * load, the page's budget starts once it is ready: a cold start never eats the page's time. Any
 * wait ends at once with CANCELLED when the caller's signal aborts, or with the tab's own failure
 * (a crashed page) when `fail` is called.
 */
export class LoadBudget {
  readonly signal: AbortSignal | undefined;
  readonly clock: BudgetClock;
  readonly launchTimeoutMs: number;
  private deadlineAt: number;
  private launchDeadlineAt: number | undefined;
  private failure: Error | undefined;
  private readonly failureListeners = new Set<(error: Error) => void>();

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
    options: LoadBudgetOptions = {},
  ) {
    this.clock = options.clock ?? WALL_CLOCK;
    this.signal = options.signal;
    this.launchTimeoutMs = options.launchTimeoutMs ?? DEFAULT_LAUNCH_TIMEOUT_MS;
    this.launchDeadlineAt = options.launchDeadline;
    this.deadlineAt = options.deadline ?? this.clock.now() + timeoutMs;
  }

  /** When the page's budget ends (epoch ms); later after a cold start (see `launch`). */
  get deadline(): number {
    return this.deadlineAt;
  }

  /** When the browser's start must be done by (epoch ms), once it began; undefined before. */
  get launchDeadline(): number | undefined {
    return this.launchDeadlineAt;
  }

  remaining(): number {
    return Math.max(0, this.deadlineAt - this.clock.now());
  }

  throwIfAborted(): void {
    if (this.signal?.aborted) throw cancelled();
    if (this.failure) throw this.failure;
  }

  /** Ends every wait of this load with `error` (the page crashed or closed). */
  fail(error: Error): void {
    this.failure ??= error;
    for (const listener of this.failureListeners) listener(error);
  }

  /**
   * `start` (the browser's launch, or the window or tab the load runs in) under the launch's own
   * limit, counted from the first start of this load: TIMEOUT naming the launch and its limit,
   * or CANCELLED, or the tab's failure. `launched`: the browser (or window) was started for this
   * load, not merely found running; the page's budget then starts when it is ready, i.e. the
   * deadline becomes the later of the caller's and ready + timeoutMs. A warm browser keeps the
   * caller's deadline.
   */
  async launch<T>(start: Promise<T>, launched: boolean): Promise<T> {
    this.launchDeadlineAt ??= this.clock.now() + this.launchTimeoutMs;
    const ms = Math.max(0, this.launchDeadlineAt - this.clock.now());
    const ready = await this.race(start, ms, () => launchTimeoutError(this.url, this.launchTimeoutMs));
    if (launched) this.deadlineAt = Math.max(this.deadlineAt, this.clock.now() + this.timeoutMs);
    return ready;
  }

  /** `promise`, or TIMEOUT naming `stage` at the deadline, or CANCELLED, or the tab's failure. */
  within<T>(promise: Promise<T>, stage: LoadStage): Promise<T> {
    return this.race(promise, this.remaining(), () => timeoutError(this.url, this.timeoutMs, stage));
  }

  /** `promise`, or `undefined` after `ms` (bounded by the deadline): for waits that may be skipped. */
  async atMost<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
    const timedOut = Symbol('timed out');
    try {
      return await this.race(promise, Math.min(ms, this.remaining()), () => timedOut);
    } catch (error) {
      if (error === timedOut) return undefined;
      throw error;
    }
  }

  /** A budget of its own for a short wait after this load (what a timed-out page had), on this load's clock. */
  after(timeoutMs: number): LoadBudget {
    return new LoadBudget(this.url, timeoutMs, { clock: this.clock });
  }

  private race<T>(promise: Promise<T>, ms: number, onTimeout: () => unknown): Promise<T> {
    // The loser must not surface as an unhandled rejection.
    promise.catch(() => undefined);
    let cancelTimer: (() => void) | undefined;
    let onAbort: (() => void) | undefined;
    let onFailure: ((error: Error) => void) | undefined;
    const ending = new Promise<never>((_, reject) => {
      if (this.signal?.aborted) return reject(cancelled());
      if (this.failure) return reject(this.failure);
      // Out of time already: a promise settled by now still wins the race (it is looked at first).
      if (ms <= 0) return reject(onTimeout());
      cancelTimer = this.clock.setTimeout(() => reject(onTimeout()), ms);
      onAbort = () => reject(cancelled());
      this.signal?.addEventListener('abort', onAbort, { once: true });
      onFailure = (error) => reject(error);
      this.failureListeners.add(onFailure);
    });
    return Promise.race([promise, ending]).finally(() => {
      cancelTimer?.();
      if (onAbort) this.signal?.removeEventListener('abort', onAbort);
      if (onFailure) this.failureListeners.delete(onFailure);
    });
  }
}

function cancelled(): LanternError {
  return new LanternError('CANCELLED', 'The search was cancelled before the page finished loading.');
}
