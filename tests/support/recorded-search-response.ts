import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ENGINES } from '../../src/main/search/engines';
import { sourceOf } from '../../src/main/search/source';
import type { SearchResponse } from '../../src/shared/contract';
import { sharedData } from './shared-data';

/**
 * A recorded Google page (path under ../shared/data/serp) as the SearchResponse Lantern would
 * give for it: classified and parsed by the real engine code, numbered from 0, each result with
 * its source domain, with the page's features (featured snippet, people also ask, related
 * searches, top stories) as the search service adds them. Undefined for a page that is not a results page (a block page).
 */
export function recordedSearchResponse(path: string, query: string): SearchResponse | undefined {
  const bytes = readFileSync(sharedData('serp', ...path.split('/')));
  // As the fixture web serves them (fixture-web.ts): without the EU consent dialog that covers the
  // recorded desktop pages, as Google serves a client outside the EU; the results are untouched.
  const html = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes)
    .toString('utf8')
    .replace(/<div[^>]*(?:aria-label|title)="Before you continue[^"]*"[^>]*>/g, '<div hidden>');
  const snapshot = {
    finalUrl: `https://www.google.com/search?q=${encodeURIComponent(query)}`,
    status: 200,
    html,
    title: '',
  };
  const google = ENGINES.google;
  const state = google.classify(snapshot).state;
  if (state !== 'results' && state !== 'no-results') return undefined;
  const parsed = google.parse(snapshot);
  const results = parsed.results.map((result, index) => ({
    index,
    title: result.title,
    url: result.url,
    snippet: result.snippet,
    source: sourceOf(result.url),
    ...(result.date === undefined ? {} : { date: result.date }),
  }));
  // The page features as SearchService adds them (search-service.ts, pageFeatures): present when non-empty.
  return {
    searchId: 'recorded',
    query,
    engine: 'google',
    results,
    ...(parsed.featuredSnippet ? { featuredSnippet: parsed.featuredSnippet } : {}),
    ...(parsed.peopleAlsoAsk?.length ? { peopleAlsoAsk: parsed.peopleAlsoAsk } : {}),
    ...(parsed.relatedSearches?.length ? { relatedSearches: parsed.relatedSearches } : {}),
    ...(parsed.topStories?.length ? { topStories: parsed.topStories } : {}),
    tookMs: 0,
  };
}
