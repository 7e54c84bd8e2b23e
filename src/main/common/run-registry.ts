/**
 * The calls a caller may cancel by an id of its own, for every door: the desktop UI's `call:cancel`
 * (its callId) and the HTTP API's research.stop (a run's runId). Ids are kept per owner (a window,
 * the web UI, the agents), so one caller cannot end another's call.
 */
import { LanternError } from '../../shared/errors';

export interface RegisteredRun {
  /** Aborted by `cancel` with this run's id, or when the signal it was started with aborts. */
  signal: AbortSignal;
  /** Forgets the run once it has ended. */
  release(): void;
}

export class RunRegistry {
  private readonly runs = new Map<string, AbortController>();

  /** INVALID_INPUT when the owner already has a run going under that id. */
  start(owner: string, id: string, signal?: AbortSignal): RegisteredRun {
    const key = RunRegistry.key(owner, id);
    if (this.runs.has(key))
      throw new LanternError(
        'INVALID_INPUT',
        `The id ${id} is already in use by a call of yours: choose a new one for each call.`,
      );
    const controller = new AbortController();
    this.runs.set(key, controller);
    return {
      signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
      release: () => {
        if (this.runs.get(key) === controller) this.runs.delete(key);
      },
    };
  }

  /** Whether a run of the owner's went by that id (it is cancelled). */
  cancel(owner: string, id: string): boolean {
    const run = this.runs.get(RunRegistry.key(owner, id));
    run?.abort(new LanternError('CANCELLED', 'Stopped by the caller.'));
    return run !== undefined;
  }

  /** Cancels every run of an owner (a window that closed, a door that stops). */
  cancelAll(owner: string): void {
    const prefix = `${owner}\u0000`;
    for (const [key, run] of this.runs)
      if (key.startsWith(prefix)) run.abort(new LanternError('CANCELLED', 'The caller went away.'));
  }

  private static key(owner: string, id: string): string {
    return `${owner}\u0000${id}`;
  }
}
