import type { PageSnapshot } from '../search/engine';
import type { RevealOptions } from './reveal-flow';

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
  /**
   * Shows a blocked page to a person in a visible window of the same session and resolves with
   * the page once `isSolved` says so (see reveal-flow.ts). Absent where no window can be shown.
   */
  reveal?(url: string, options: RevealOptions): Promise<PageSnapshot>;
}
