/**
 * How long something took, as a person reads it: milliseconds under a second (an answer from
 * cached results and pages takes a few, and "0.0 s" read as a fault), seconds with one decimal
 * above. Nothing claims where the answer came from: the time alone cannot tell.
 */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(1, Math.round(ms))} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Time still to go, rounded up to whole seconds: "45 s", "2 min 5 s", "3 min". */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
