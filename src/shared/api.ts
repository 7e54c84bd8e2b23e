import type { SearchRequestInput, SearchResponse } from './contract';

export interface SearchOptions {
  signal?: AbortSignal;
  /** Ask the engine even when a recent identical search is cached. */
  noCache?: boolean;
  /** A person is at hand to solve a CAPTCHA or consent wall in a visible window. */
  interactive?: boolean;
}

/**
 * Everything Lantern can do, one method per operation. The CLI, HTTP, MCP and IPC doors are
 * thin adapters over an implementation of this interface.
 */
export interface ResearchApi {
  search(request: SearchRequestInput, options?: SearchOptions): Promise<SearchResponse>;
}
