/**
 * A search's domains (site, includeDomains, excludeDomains) through the contract, into each
 * engine's own operators, and the results filter and ordering of source-filter.ts with the
 * person's lists (settings `sources`, uBlacklist rules included).
 */
import { describe, expect, it } from 'vitest';
import { parseSearchRequest } from '../../src/main/search/search-service';
import { toEngineQuery } from '../../src/main/search/engine';
import { ENGINES } from '../../src/main/search/engines';
import { SourceFilter } from '../../src/main/search/source-filter';
import { SearchRequestSchema, type EngineId, type SearchResult } from '../../src/shared/contract';
import { requestDomains } from '../../src/shared/search-scope';
import { SettingsPatchSchema, SettingsSchema } from '../../src/shared/settings-contract';
import { SourceListsSchema } from '../../src/shared/source-lists';

/** The INVALID_INPUT message a request is refused with. */
function refusal(input: unknown): string {
  try {
    parseSearchRequest(input);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the request was accepted');
}

/** The query text an engine is sent (Baidu calls it wd). */
function sentQuery(engine: EngineId, input: Parameters<typeof parseSearchRequest>[0]): string {
  const url = new URL(ENGINES[engine].buildRequest(toEngineQuery(parseSearchRequest(input), 0)));
  return url.searchParams.get(engine === 'baidu' ? 'wd' : 'q') ?? '';
}

describe('the domains of a search request', () => {
  it('reads a site as its host, whatever it is written as', () => {
    for (const site of [
      'Example.com',
      'https://example.com/docs?x=1',
      'www.example.com/',
      '*.example.com',
      'example.com.',
    ]) {
      const host = SearchRequestSchema.parse({ query: 'q', site }).site;
      expect(host === 'example.com' || host === 'www.example.com', `${site} → ${host}`).toBe(true);
    }
  });

  it('takes a list as an array, its JSON text, or one string separated by commas or spaces', () => {
    for (const excludeDomains of [['a.com', 'b.org'], '["a.com","b.org"]', 'a.com, b.org', 'a.com b.org']) {
      expect(SearchRequestSchema.parse({ query: 'q', excludeDomains }).excludeDomains).toEqual(['a.com', 'b.org']);
    }
  });

  it('refuses what is not a domain, naming the field', () => {
    expect(refusal({ query: 'q', site: 'not a domain' })).toMatch(/site/);
    expect(refusal({ query: 'q', excludeDomains: ['ok.com', 'bad_domain'] })).toMatch(/excludeDomains\.1/);
    expect(refusal({ query: 'q', includeDomains: 5 })).toMatch(/includeDomains/);
  });

  it('joins site to includeDomains, each domain once', () => {
    expect(
      requestDomains(
        parseSearchRequest({
          query: 'q',
          site: 'a.com',
          includeDomains: ['a.com', 'b.com'],
          excludeDomains: ['x.com', 'x.com'],
        }),
      ),
    ).toEqual({
      include: ['a.com', 'b.com'],
      exclude: ['x.com'],
    });
  });
});

describe("each engine's site operators", () => {
  it('sends site: and -site: to every engine that has them', () => {
    for (const engine of ['google', 'bing', 'duckduckgo', 'brave'] as const) {
      expect(sentQuery(engine, { query: 'coffee', site: 'example.com', excludeDomains: ['spam.com'] })).toBe(
        'coffee site:example.com -site:spam.com',
      );
    }
  });

  it('joins several sites by OR where the engine takes it, and leaves them to the filter where it does not', () => {
    const several = { query: 'coffee', includeDomains: ['a.com', 'b.com'] };
    expect(sentQuery('google', several)).toBe('coffee (site:a.com OR site:b.com)');
    expect(sentQuery('bing', several)).toBe('coffee (site:a.com OR site:b.com)');
    expect(sentQuery('duckduckgo', several)).toBe('coffee');
    expect(sentQuery('brave', several)).toBe('coffee');
  });

  it('gives Baidu its site: but no -site:, which it does not document', () => {
    expect(sentQuery('baidu', { query: '咖啡', site: 'example.com', excludeDomains: ['spam.com'] })).toBe(
      '咖啡 site:example.com',
    );
  });

  it('sends the query alone when no domain is asked for', () => {
    expect(sentQuery('google', { query: 'coffee' })).toBe('coffee');
  });
});

const result = (url: string, index: number): SearchResult => ({
  index,
  url,
  title: url,
  snippet: '',
  source: new URL(url).hostname,
});

describe('SourceFilter', () => {
  it("keeps a request's included domains and their subdomains only, and never an excluded one", () => {
    const filter = new SourceFilter({ include: ['example.com'], exclude: ['blog.example.com'] }, undefined);
    expect(filter.admits('https://example.com/a')).toBe(true);
    expect(filter.admits('https://docs.example.com/a')).toBe(true);
    expect(filter.admits('https://blog.example.com/a')).toBe(false);
    expect(filter.admits('https://notexample.com/a')).toBe(false);
    expect(filter.admits('not a url')).toBe(false);
  });

  it("applies the person's block list: domains and uBlacklist match patterns", () => {
    const lists = SourceListsSchema.parse({ block: ['spam.com', '*://*.farm.net/*', 'https://ok.org/ads/*'] });
    const filter = new SourceFilter({ include: [], exclude: [] }, lists);
    expect(filter.admits('https://www.spam.com/x')).toBe(false);
    expect(filter.admits('http://content.farm.net/page')).toBe(false);
    expect(filter.admits('https://farm.net/')).toBe(false);
    expect(filter.admits('https://ok.org/ads/1')).toBe(false);
    expect(filter.admits('https://ok.org/news/1')).toBe(true);
    expect(filter.admits('http://ok.org/ads/1')).toBe(true);
  });

  it('orders pinned, raised, the rest, then lowered, the engine order kept within each, renumbered', () => {
    const lists = SourceListsSchema.parse({ pin: ['pinned.org'], raise: ['raised.org'], lower: ['lowered.org'] });
    const filter = new SourceFilter({ include: [], exclude: [] }, lists);
    const urls = [
      'https://lowered.org/1',
      'https://plain.org/1',
      'https://raised.org/1',
      'https://plain.org/2',
      'https://pinned.org/1',
      'https://raised.org/2',
    ];
    const ordered = filter.order(urls.map(result));
    expect(ordered.map((r) => r.url)).toEqual([
      'https://pinned.org/1',
      'https://raised.org/1',
      'https://raised.org/2',
      'https://plain.org/1',
      'https://plain.org/2',
      'https://lowered.org/1',
    ]);
    expect(ordered.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('is inactive with no domains and no lists, so results pass as they came', () => {
    expect(new SourceFilter({ include: [], exclude: [] }, SettingsSchema.parse({}).sources).inactive).toBe(true);
    expect(new SourceFilter({ include: [], exclude: ['a.com'] }, undefined).inactive).toBe(false);
  });
});

describe('the sources setting', () => {
  it('imports the text of a uBlacklist export: one rule a line, comments and blank lines skipped', () => {
    const text = '# my list\n*://*.pinterest.com/*\n\n*://www.quora.com/*\r\nexpertsexchange.com\n';
    expect(SettingsPatchSchema.parse({ sources: { block: text } }).sources?.block).toEqual([
      '*://*.pinterest.com/*',
      '*://www.quora.com/*',
      'expertsexchange.com',
    ]);
  });

  it('refuses the kinds of rule it cannot apply, by name, rather than dropping them', () => {
    const refused = SettingsPatchSchema.safeParse({
      sources: { block: '*://ok.com/*\n/spam\\d+\\.com/\n@*://good.com/*' },
    });
    expect(refused.success).toBe(false);
    const messages = refused.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^sources\.block\.1: .*regular-expression rules are not supported/),
      expect.stringMatching(/^sources\.block\.2: .*exceptions and highlights/),
    ]);
  });

  it('refuses an entry that is neither a domain nor a match pattern', () => {
    expect(SettingsPatchSchema.safeParse({ sources: { pin: ['ftp://x.com/*'] } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ sources: { pin: ['hello world'] } }).success).toBe(false);
  });

  it('defaults to four empty lists', () => {
    expect(SettingsSchema.parse({}).sources).toEqual({ block: [], lower: [], raise: [], pin: [] });
  });
});
