/**
 * Where a search looks, as an answer, a research plan and its gathering pass it on to each search
 * they make: the engine, language, country, recency and the domains asked for or kept out.
 */
import type { SearchRequest, SearchRequestInput } from './contract';
import { definedFields } from './defined-fields';

export type SearchScope = Pick<
  SearchRequestInput,
  'engine' | 'lang' | 'region' | 'timeRange' | 'site' | 'includeDomains' | 'excludeDomains'
>;

/** The scope's fields that are set, ready to spread into a search request. */
export function searchScopeOf(request: SearchScope): SearchScope {
  const { engine, lang, region, timeRange, site, includeDomains, excludeDomains } = request;
  return definedFields({ engine, lang, region, timeRange, site, includeDomains, excludeDomains });
}

/** The request's domains: site joins includeDomains. */
export interface RequestDomains {
  include: string[];
  exclude: string[];
}

/** The domains of a request (defaults applied), each once. */
export function requestDomains(
  request: Pick<SearchRequest, 'site' | 'includeDomains' | 'excludeDomains'>,
): RequestDomains {
  const include = [
    ...new Set([...(request.site === undefined ? [] : [request.site]), ...(request.includeDomains ?? [])]),
  ];
  return { include, exclude: [...new Set(request.excludeDomains ?? [])] };
}
