/**
 * ResearchApi's search and searchMany. A search's response is numbered under the caller's session,
 * so "fetch result 2" works in a later call or process, and kept in the person's history when the
 * door asks; a batch is the same search once per query, so each of its answers is recorded alike.
 */
import type { SearchOptions } from '../../shared/api';
import {
  SearchManyRequestSchema,
  type SearchManyRequestInput,
  type SearchManyResponse,
  type SearchRequestInput,
  type SearchResponse,
} from '../../shared/contract';
import { toErrorInfo } from '../../shared/errors';
import type { HistoryService } from '../history/history-service';
import { DEFAULT_SESSION } from '../common/sessions';
import type { SearchIndex } from '../store/search-index';
import { validationError } from '../common/validation';
import type { SearchService } from './search-service';

export class SearchOperations {
  constructor(
    private readonly parts: {
      search: Pick<SearchService, 'search'>;
      searches: Pick<SearchIndex, 'recordSearch'>;
      history: Pick<HistoryService, 'recordSearch'>;
    },
  ) {}

  async search(request: SearchRequestInput, options: SearchOptions = {}): Promise<SearchResponse> {
    const response = await this.parts.search.search(request, options);
    this.parts.searches.recordSearch(options.session ?? DEFAULT_SESSION, response, { request });
    if (options.recordHistory) this.parts.history.recordSearch(response);
    return response;
  }

  /**
   * Every query at once (the schema caps how many): the engines' pacers queue their pages, so a
   * batch asks no faster than single searches would. A query's failure is its outcome and never
   * stops the others.
   */
  async searchMany(input: SearchManyRequestInput, options: SearchOptions = {}): Promise<SearchManyResponse> {
    const parsed = SearchManyRequestSchema.safeParse(input);
    if (!parsed.success) throw validationError('search request', parsed.error, input);
    const { queries, ...shared } = parsed.data;
    const settled = await Promise.allSettled(queries.map((query) => this.search({ ...shared, query }, options)));
    return {
      results: settled.map((outcome, i) => {
        const query = queries[i] as string;
        return outcome.status === 'fulfilled'
          ? { query, ok: true, response: outcome.value }
          : { query, ok: false, error: toErrorInfo(outcome.reason) };
      }),
    };
  }
}
