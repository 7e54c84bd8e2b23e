import type { EngineId } from '../../shared/contract';

export interface Suspension {
  until: number;
  /** What blocked the engine, e.g. "CAPTCHA_REQUIRED". */
  code: string;
  message: string;
}

/** How long a block keeps an engine out (SearXNG-like: a CAPTCHA for a while, 429 for minutes). */
export const SUSPENSION_MS = {
  captcha: 30 * 60_000,
  tooManyRequests: 5 * 60_000,
} as const;

/**
 * Engines that recently blocked Lantern. While suspended, searches go to the next engine
 * without loading the blocked one; the suspension ends by time or when a person solves the block.
 */
export class EngineSuspensions {
  private readonly suspensions = new Map<EngineId, Suspension>();
  private readonly liftListeners = new Set<(engine: EngineId) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  suspend(engine: EngineId, durationMs: number, code: string, message: string): void {
    this.suspensions.set(engine, { until: this.now() + durationMs, code, message });
  }

  /** The active suspension, or undefined once it has run out. */
  get(engine: EngineId): Suspension | undefined {
    const suspension = this.suspensions.get(engine);
    if (suspension && suspension.until <= this.now()) {
      this.suspensions.delete(engine);
      return undefined;
    }
    return suspension;
  }

  /** Ends a suspension before its time (a person solved the block); listeners hear of it. */
  lift(engine: EngineId): void {
    this.suspensions.delete(engine);
    for (const listener of this.liftListeners) listener(engine);
  }

  /**
   * Ends every suspension (the search session was reset: the engines meet a new visitor, so
   * nothing they held against the old one stands); listeners hear of each.
   */
  liftAll(): void {
    for (const engine of [...this.suspensions.keys()]) this.lift(engine);
  }

  /** Told of every lift; returns the function that stops it. */
  onLift(listener: (engine: EngineId) => void): () => void {
    this.liftListeners.add(listener);
    return () => this.liftListeners.delete(listener);
  }
}
