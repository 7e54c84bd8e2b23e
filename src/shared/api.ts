import type { SearchRequestInput, SearchResponse } from './contract';

/**
 * Everything Lantern can do, one method per operation. The CLI, HTTP, MCP and IPC doors are
 * thin adapters over an implementation of this interface.
 */
export interface ResearchApi {
  search(request: SearchRequestInput, options?: { signal?: AbortSignal }): Promise<SearchResponse>;
}
