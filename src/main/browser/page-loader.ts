import type { PageSnapshot } from './page-snapshot';
import type { RevealOptions } from './reveal-flow';

/** One step in the live page, asked for after seeing the settled page (e.g. answering a consent wall). */
export interface PageAction {
  /** Selectors tried in order; the first one visible in the page is clicked. */
  click: readonly string[];
  /** Told what happened, so the caller can explain a page that is still in the way. */
  done?: (outcome: PageActionOutcome) => void;
}

export type PageActionOutcome = { clicked: string } | { failed: string };

export interface LoadOptions {
  /** Selectors whose presence means the page has settled (results or a block marker). */
  readySelectors: readonly string[];
  /**
   * Elements that hold everything the caller reads (e.g. all results): the page may be read as
   * soon as the parser is past the end of one, before the document is parsed to its end.
   */
  completeSelectors?: readonly string[];
  /**
   * Elements that come later in the document with more to read (Google's related searches, after
   * the results and the bottom ads): once the complete containers are ended, the page is read
   * when each of these has begun and ended, the document is parsed, the parser has made no
   * progress for `trailingWaitMs`, or `trailingCapMs` passed; when the budget ends first, as it is.
   */
  trailingSelectors?: readonly string[];
  /**
   * How long the parser may make no progress (no DOM insertion, counted in the page's running
   * time) before trailing elements are given up on (default 1,000 ms): a slow parser is waited for.
   */
  trailingWaitMs?: number;
  /** How long after the complete containers ended trailing elements are waited for at most, in wall time (default 3,000 ms). */
  trailingCapMs?: number;
  /**
   * Budget for this load's page (named in a TIMEOUT message). Starting the browser is not in it:
   * when the browser (or its window) is started for this load, the budget starts once it is ready.
   */
  timeoutMs: number;
  /**
   * When the budget started earlier than the call (epoch ms it ends); default now + timeoutMs.
   * After a start of the browser in this load it becomes the later of this and ready + timeoutMs.
   */
  deadline?: number;
  /**
   * The limit of starting the browser, its window or tab, apart from `timeoutMs` (default
   * DEFAULT_LAUNCH_TIMEOUT_MS, load-budget.ts); a TIMEOUT then names the launch and this limit.
   */
  launchTimeoutMs?: number;
  /** When the browser's start began before the call (epoch ms its limit ends): a LazyPageLoader passes it on. */
  launchDeadline?: number;
  signal?: AbortSignal;
  /**
   * Looks at the settled page and may ask for one action in it (click a button). The loader
   * performs it within the same budget, lets the page settle again and returns that page
   * instead. Asked once per load, so an action that does not help can never loop; a loader that
   * cannot act in a page ignores it and the caller sees the page as it was.
   */
  followUp?: (page: PageSnapshot) => PageAction | undefined;
}

/**
 * Loads a URL in a real browser and hands back the settled page as untrusted data.
 * Implementations: Chromium through playwright-core (headless/CLI) and the Electron hidden window.
 */
export interface PageLoader {
  load(url: string, options: LoadOptions): Promise<PageSnapshot>;
  /** Whether its browser was asked for yet, where the loader can tell without starting one. */
  readonly started?: boolean;
  /** Closes the browser; the next load launches it again. */
  close(): Promise<void>;
  /**
   * Shows a blocked page to a person in a visible window of the same session and resolves with
   * the page once `isSolved` says so (see reveal-flow.ts). Absent where no window can be shown.
   */
  reveal?(url: string, options: RevealOptions): Promise<PageSnapshot>;
  /**
   * Forgets the search session: cookies, storage and cache of the search profile (the engines
   * then see a new visitor). Absent where the loader keeps no session of its own.
   */
  resetSession?(): Promise<void>;
}
