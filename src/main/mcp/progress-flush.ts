import { setTimeout as delay } from 'node:timers/promises';

/**
 * How long a tool's result waits after its last progress notification. The MCP SDK's client
 * handles a notification that reaches it in the same read as the call's result only after the
 * result, when the call's progress handler is gone, and drops it: over stdio agents lost the last
 * steps (checking, done) about one call in three. Apart in time, they arrive in separate reads.
 */
const PROGRESS_FLUSH_MS = 50;

/** Resolves when progress already written has had time to reach the client before the result. */
export function letProgressArrive(): Promise<void> {
  return delay(PROGRESS_FLUSH_MS);
}
