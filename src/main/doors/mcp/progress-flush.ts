import { setTimeout as delay } from 'node:timers/promises';

/**
 * How long a tool's result waits after its last progress notification, for clients that take
 * progress through the MCP SDK's per-call `onprogress` (typescript-sdk issue #2580). The SDK's
 * `Protocol` handles a notification a microtask after it is read but a response at once, and
 * drops the call's `onprogress` with it: over stdio, where one read may carry several messages,
 * the steps read together with the result are lost. Apart in time, they are read apart when the
 * client keeps up. Measured with an `onprogress` client over `lantern mcp` (20 research calls per
 * run, 5 steps each): with no wait 23 of 40 calls came complete (some with no step at all); with a
 * 50 ms wait, 20 of 20. A client busy for longer still loses them: a client that reads progress
 * with its own notification handler and `_meta.progressToken` gets every step whatever its pace.
 * Over streamable HTTP the SDK reads one event at a time, so it only costs the 50 ms there.
 */
const PROGRESS_FLUSH_MS = 50;

/** Resolves when progress already written has had time to reach the client before the result. */
export function letProgressArrive(): Promise<void> {
  return delay(PROGRESS_FLUSH_MS);
}
