/**
 * The dates of an exported thread (Markdown, PDF, Word): its export day and the day it started,
 * each as the calendar day in UTC, the same in every format.
 */

/** A date as its calendar day in UTC: YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
