import type { BudgetClock } from '../../src/main/browser/load-budget';

/**
 * A clock for a LoadBudget that only moves when the test moves it: a budget on it runs out when
 * the test has seen the load reach the stage it asserts, never because the machine was slow.
 */
export class ManualClock implements BudgetClock {
  private time = Date.now();
  private readonly timers = new Set<{ at: number; fire: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(fire: () => void, ms: number): () => void {
    const timer = { at: this.time + ms, fire };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Timers set and not yet fired or cancelled. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time on by `ms` and fires the timers then due, earliest first. */
  advance(ms: number): void {
    this.time += ms;
    const due = [...this.timers].filter((timer) => timer.at <= this.time).sort((a, b) => a.at - b.at);
    for (const timer of due) {
      this.timers.delete(timer);
      timer.fire();
    }
  }
}
