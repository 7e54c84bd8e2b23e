import type { FetchOptions, ResearchApi, SearchOptions } from '../shared/api';
import type { SearchRequestInput, SearchResponse } from '../shared/contract';
import type { FetchRequestInput, FetchResponse } from '../shared/fetch-contract';
import type { PageLoader } from './browser/page-loader';
import type { FetchService } from './fetch';
import type { SearchService } from './search/search-service';
import type { Store } from './store';

/** Whose results a call without a session belongs to. */
export const DEFAULT_SESSION = 'default';

/** ResearchApi for every door: wires the parts; holds no logic of its own. */
export class ResearchService implements ResearchApi {
  constructor(
    private readonly parts: {
      search: SearchService;
      /** Created on first use: the fetch pipeline's code (HTTP client, extractors) loads only then. */
      fetch: () => Promise<FetchService>;
      loader: PageLoader;
      store: Store;
      /** The render fallback's own browser, where there is one. */
      renderer?: { close(): Promise<void> };
    },
  ) {}

  async search(request: SearchRequestInput, options: SearchOptions = {}): Promise<SearchResponse> {
    const response = await this.parts.search.search(request, options);
    // Numbered per session, so "fetch result 2" works in a later call or process.
    this.parts.store.searches.recordSearch(options.session ?? DEFAULT_SESSION, response, { request });
    if (options.recordHistory) this.recordInHistory(response);
    return response;
  }

  async fetch(request: FetchRequestInput, options: FetchOptions = {}): Promise<FetchResponse> {
    const service = await this.parts.fetch();
    return service.fetch(request, { ...options, session: options.session ?? DEFAULT_SESSION });
  }

  /** A search becomes a thread of one turn: its results are the sources, listed as the answer. */
  private recordInHistory(response: SearchResponse): void {
    const { history } = this.parts.store;
    const thread = history.createThread(response.query);
    history.appendTurn(thread.id, {
      question: response.query,
      mode: 'search',
      answer: response.results.map((r) => `${r.index + 1}. [${r.title}](${r.url}) — ${r.snippet}`).join('\n'),
      sources: response.results.map((r) => ({ url: r.url, title: r.title })),
      timings: { search: response.tookMs },
    });
  }

  /** Closes the browser (no Chromium process is left behind) and the store. */
  async close(): Promise<void> {
    await Promise.all([this.parts.loader.close(), this.parts.renderer?.close()]);
    this.parts.store.close();
  }
}
