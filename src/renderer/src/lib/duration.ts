/**
 * How long something took, as a person reads it: milliseconds under a second (an answer from
 * cached results and pages takes a few, and "0.0 s" read as a fault), seconds with one decimal
 * above. Nothing claims where the answer came from: the time alone cannot tell.
 */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(1, Math.round(ms))} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
