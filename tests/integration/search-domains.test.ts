/**
 * A search's domains on the fixture Google (tests/support/fixture-web.ts) through the replaying
 * loader: the engine receives its operators, and the results are filtered whatever it returns —
 * this stand-in ignores the operators, as an engine may — with `limit` met from the next page.
 * The person's block list (settings `sources`) is applied the same way to every search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { SourceListsSchema, type SourceLists } from '../../src/shared/source-lists';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { ReplayingPageLoader } from '../support/replaying-loader';
import { tempResultCache } from '../support/temp-store';

const QUERY = 'mixed sources';

/** Page 0: five results of spam.example among five others; page 1: ten more from other sites. */
const PAGES: string[][] = [
  [
    'a.example/1',
    'spam.example/1',
    'b.example/1',
    'www.spam.example/2',
    'docs.c.example/1',
    'spam.example/3',
    'd.example/1',
    'spam.example/4',
    'e.example/1',
    'spam.example/5',
  ],
  [
    'f.example/1',
    'g.example/1',
    'h.example/1',
    'c.example/2',
    'i.example/1',
    'j.example/1',
    'k.example/1',
    'l.example/1',
    'm.example/1',
    'n.example/1',
  ],
];

function resultsPage(paths: string[]): string {
  const items = paths.map(
    (path) =>
      `<div class="MjjYud"><div class="g"><div class="yuRUbf"><a href="https://${path}"><h3>Page ${path}</h3></a></div><div class="VwiC3b">About ${path}.</div></div></div>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${QUERY} - Google Search</title></head><body>
<div id="search"><div id="rso">${items.join('\n')}</div></div><div id="botstuff"></div><div id="footcnt"></div></body></html>`;
}

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb({
    resultPages: (query, page) => (query.startsWith(QUERY) ? PAGES[page] && resultsPage(PAGES[page]) : undefined),
  });
});
afterAll(async () => {
  await web.close();
});

function service(sources?: SourceLists): SearchService {
  return new SearchService({
    loader: new ReplayingPageLoader({ settleGraceMs: 0 }),
    engines: { google },
    cache: tempResultCache(),
    origins: { google: web.origin },
    pageTimeoutMs: 30_000,
    pacing: { minGapMs: 0, jitterMs: 0 },
    ...(sources ? { sources } : {}),
  });
}

/** The q of each search request the fixture got since `from`. */
function queriesSent(from: number): Array<{ q: string; start: string | null }> {
  return web.requests.slice(from).flatMap((path) => {
    const url = new URL(path, web.origin);
    return url.pathname === '/search'
      ? [{ q: url.searchParams.get('q') ?? '', start: url.searchParams.get('start') }]
      : [];
  });
}

const hosts = (urls: string[]): string[] => urls.map((url) => new URL(url).hostname);

describe('search with domains on the fixture Google', () => {
  it('sends -site:, never shows the excluded domain, and meets the limit from the next page', async () => {
    const from = web.requests.length;
    const response = await service().search({ query: QUERY, excludeDomains: ['spam.example'], limit: 8 });
    expect(queriesSent(from)).toEqual([
      { q: `${QUERY} -site:spam.example`, start: null },
      { q: `${QUERY} -site:spam.example`, start: '10' },
    ]);
    expect(response.results).toHaveLength(8);
    expect(hosts(response.results.map((r) => r.url)).filter((host) => host.endsWith('spam.example'))).toEqual([]);
    // The five others of page 1, then the first three of page 2, numbered as shown.
    expect(response.results.map((r) => r.url)).toEqual(
      [
        'a.example/1',
        'b.example/1',
        'docs.c.example/1',
        'd.example/1',
        'e.example/1',
        'f.example/1',
        'g.example/1',
        'h.example/1',
      ].map((p) => `https://${p}`),
    );
    expect(response.results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('sends site: and shows only that domain and its subdomains', async () => {
    const from = web.requests.length;
    const response = await service().search({ query: QUERY, site: 'c.example' });
    expect(queriesSent(from)[0]).toEqual({ q: `${QUERY} site:c.example`, start: null });
    expect(response.results.map((r) => r.url)).toEqual(['https://docs.c.example/1', 'https://c.example/2']);
  });

  it('reads on past a page whose results were all filtered out', async () => {
    const response = await service().search({ query: QUERY, site: 'n.example' });
    expect(response.results.map((r) => r.url)).toEqual(['https://n.example/1']);
  });

  it("applies the person's block list to a search that names no domain", async () => {
    const from = web.requests.length;
    const response = await service(
      SourceListsSchema.parse({ block: '# from uBlacklist\n*://*.spam.example/*\n' }),
    ).search({ query: QUERY, limit: 6 });
    // The person's list is theirs, not the query's: the engine is sent the query as asked.
    expect(queriesSent(from).map((sent) => sent.q)).toEqual([QUERY, QUERY]);
    expect(response.results).toHaveLength(6);
    expect(hosts(response.results.map((r) => r.url)).some((host) => host.endsWith('spam.example'))).toBe(false);
  });

  it('keeps a filtered search and the same search unfiltered apart in the cache', async () => {
    const search = service();
    const filtered = await search.search({ query: QUERY, excludeDomains: ['spam.example'] });
    const plain = await search.search({ query: QUERY });
    expect(plain.fromCache).toBeUndefined();
    expect(plain.results.some((r) => r.url.includes('spam.example'))).toBe(true);
    expect(filtered.results.some((r) => r.url.includes('spam.example'))).toBe(false);
  });
});
