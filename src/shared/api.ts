import type { SearchRequestInput, SearchResponse } from './contract';
import type { FetchRequestInput, FetchResponse } from './fetch-contract';

export interface CallOptions {
  signal?: AbortSignal;
  /** Whose numbered results these are (an agent's session; the CLI uses "cli"). */
  session?: string;
}

export interface SearchOptions extends CallOptions {
  /** Ask the engine even when a recent identical search is cached. */
  noCache?: boolean;
  /** A person is at hand to solve a CAPTCHA or consent wall in a visible window. */
  interactive?: boolean;
  /** Keep this search in the person's research history (the desktop app and the CLI do). */
  recordHistory?: boolean;
  /** When the caller's time budget started (epoch ms), if before this call (see SearchService). */
  startedAt?: number;
}

export interface FetchOptions extends CallOptions {
  /** Trusted callers only (the CLI's --allow-private); never taken from a request body. */
  allowPrivateNetworks?: boolean;
}

/**
 * Everything Lantern can do, one method per operation. The CLI, HTTP, MCP and IPC doors are
 * thin adapters over an implementation of this interface.
 */
export interface ResearchApi {
  search(request: SearchRequestInput, options?: SearchOptions): Promise<SearchResponse>;
  /** A URL, several URLs, a prompt with URLs, or result N of a search → main content as markdown. */
  fetch(request: FetchRequestInput, options?: FetchOptions): Promise<FetchResponse>;
}
