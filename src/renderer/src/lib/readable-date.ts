/**
 * A page's date as the person's locale writes it ("12 March 2024"); what cannot be read stays as
 * the page said it. `locale` is the person's (undefined) except in tests.
 */
export function readableDate(value: string, locale?: string): string {
  // Only an ISO date is read: the engine's own parser makes a date of nearly anything ("spring
  // 2019" becomes 1 January 2019).
  if (!/^\d{4}-\d{2}-\d{2}(?:$|T)/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  // A bare date is a calendar day, not midnight UTC: shown as that day in every time zone.
  return date.toLocaleDateString(locale, {
    dateStyle: 'long',
    ...(/^\d{4}-\d{2}-\d{2}$/.test(value) ? { timeZone: 'UTC' } : {}),
  });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When something happened, in words: "just now", "5 minutes ago", "2 hours ago", "yesterday",
 * then "on 3 Nov" (the person's locale orders day and month), with the year when it is not this
 * one. `now` and `locale` are the clock's and the person's except in tests; days are the local
 * calendar's.
 */
export function timeAgo(value: string | number, now: number = Date.now(), locale?: string): string {
  const date = new Date(value);
  const at = date.getTime();
  if (Number.isNaN(at)) return String(value);
  const ago = now - at;
  // A clock a little behind the server's: still "just now".
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) {
    const minutes = Math.floor(ago / MINUTE);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  }
  const today = new Date(now);
  const sameDay = (a: Date, b: Date): boolean =>
    a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  const hours = Math.floor(ago / HOUR);
  if (sameDay(date, today)) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (sameDay(date, yesterday)) return hours < 12 ? `${hours} ${hours === 1 ? 'hour' : 'hours'} ago` : 'yesterday';
  const thisYear = date.getFullYear() === today.getFullYear();
  return `on ${date.toLocaleDateString(locale, { day: 'numeric', month: 'short', ...(thisYear ? {} : { year: 'numeric' }) })}`;
}

/** The full date and time, for a tooltip beside timeAgo's words. */
export function fullDateTime(value: string | number, locale?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? String(value)
    : date.toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
}
