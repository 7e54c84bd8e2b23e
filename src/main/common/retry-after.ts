/**
 * A Retry-After header (RFC 9110: whole seconds, or an HTTP date) as milliseconds from `now`;
 * undefined when absent or unreadable. A date already past means "now": 0.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
