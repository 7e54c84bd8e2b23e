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
  return date.toLocaleDateString(locale, { dateStyle: 'long', ...(/^\d{4}-\d{2}-\d{2}$/.test(value) ? { timeZone: 'UTC' } : {}) });
}
