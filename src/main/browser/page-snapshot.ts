/** What a PageLoader hands back: the rendered page as untrusted data. */
export interface PageSnapshot {
  /** URL the browser ended on, after redirects. */
  finalUrl: string;
  /** HTTP status of the main document (0 when unknown). */
  status: number;
  html: string;
  title: string;
  /** The main document's Retry-After, in ms, when it sent one (429/503 answers). */
  retryAfterMs?: number;
}
