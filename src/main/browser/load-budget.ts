import { LanternError } from '../../shared/errors';
import { timeoutError, type LoadStage } from './load-errors';

/**
 * One load's time and cancellation: every wait of the load runs `within` it, so the whole load
 * (browser launch included) ends at one deadline with a TIMEOUT that names the stage it was in,
 * or at once with CANCELLED when the caller's signal aborts, or with the tab's own failure (a
 * crashed page) when `fail` is called.
 */
export class LoadBudget {
  readonly deadline: number;
  private failure: Error | undefined;
  private readonly failureListeners = new Set<(error: Error) => void>();

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
    deadline?: number,
    readonly signal?: AbortSignal,
  ) {
    this.deadline = deadline ?? Date.now() + timeoutMs;
  }

  remaining(): number {
    return Math.max(1, this.deadline - Date.now());
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

  private race<T>(promise: Promise<T>, ms: number, onTimeout: () => unknown): Promise<T> {
    // The loser must not surface as an unhandled rejection.
    promise.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    let onFailure: ((error: Error) => void) | undefined;
    const ending = new Promise<never>((_, reject) => {
      if (this.signal?.aborted) return reject(cancelled());
      if (this.failure) return reject(this.failure);
      timer = setTimeout(() => reject(onTimeout()), ms);
      // A wait must not keep a finished CLI process alive.
      timer.unref();
      onAbort = () => reject(cancelled());
      this.signal?.addEventListener('abort', onAbort, { once: true });
      onFailure = (error) => reject(error);
      this.failureListeners.add(onFailure);
    });
    return Promise.race([promise, ending]).finally(() => {
      clearTimeout(timer);
      if (onAbort) this.signal?.removeEventListener('abort', onAbort);
      if (onFailure) this.failureListeners.delete(onFailure);
    });
  }
}

function cancelled(): LanternError {
  return new LanternError('CANCELLED', 'The search was cancelled before the page finished loading.');
}
