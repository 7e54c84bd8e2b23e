import type { PageSnapshot } from '../search/engine';

export interface LoadOptions {
  /** Selectors whose presence means the page has settled (results or a block marker). */
  readySelectors: readonly string[];
  /** Budget for this load, browser launch included. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Loads a URL in a real browser and hands back the settled page as untrusted data.
 * Implementations: Chromium through playwright-core (headless/CLI) and the Electron hidden window.
 */
export interface PageLoader {
  load(url: string, options: LoadOptions): Promise<PageSnapshot>;
  /** Closes the browser; the next load launches it again. */
  close(): Promise<void>;
}
