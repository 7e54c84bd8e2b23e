/**
 * The dates of an exported thread (Markdown, PDF, Word): its export day and the day it started,
 * each as the calendar day in UTC, and the line under the title that gives them, the same in
 * every format.
 */
import { plural } from './plural';

/** A date as its calendar day in UTC: YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "Exported from Lantern on 2025-05-03. Started 2025-05-01; 2 turns." */
export function exportDatesLine(exportedAt: Date, startedAt: Date, turnCount: number): string {
  return `Exported from Lantern on ${isoDate(exportedAt)}. Started ${isoDate(startedAt)}; ${plural(turnCount, 'turn')}.`;
}
