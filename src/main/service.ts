import type { ResearchApi, SearchOptions } from '../shared/api';
import type { SearchRequestInput, SearchResponse } from '../shared/contract';
import type { PageLoader } from './browser/page-loader';
import type { SearchService } from './search/search-service';

/** ResearchApi for every door: wires the parts; holds no logic of its own. */
export class ResearchService implements ResearchApi {
  constructor(
    private readonly parts: { search: SearchService; loader: PageLoader },
  ) {}

  search(request: SearchRequestInput, options: SearchOptions = {}): Promise<SearchResponse> {
    return this.parts.search.search(request, options);
  }

  /** Closes the browser (no Chromium process is left behind). */
  async close(): Promise<void> {
    await this.parts.loader.close();
  }
}
