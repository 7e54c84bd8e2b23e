import { readFileSync } from 'node:fs';
import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import type { ParsedPage, ParsedResult } from '../../src/main/search/engine';
import { google } from '../../src/main/search/engines/google';
import { urlIdentityKey } from '../../src/main/search/parse-utils';
import { cleanText, normalizeUrl } from '../support/serp-eval';
import { sharedData } from '../support/shared-data';

const parsedCache = new Map<string, ParsedPage>();

/** Parses a recorded page under ../shared/data/serp (once per file). */
function parseRecorded(relative: string): ParsedPage {
  const cached = parsedCache.get(relative);
  if (cached) return cached;
  const html = readFileSync(sharedData('serp', ...relative.split('/')), 'utf8');
  const parsed = google.parse({ finalUrl: 'https://www.google.com/search?q=x', status: 200, html, title: '' });
  parsedCache.set(relative, parsed);
  return parsed;
}

// --- expected-zlurad.json ------------------------------------------------------------------------

interface ZluradAssertion {
  subject: string;
  not: boolean;
  matcher: string;
  args: unknown[];
}
interface ZluradBlock {
  fixture: string;
  describe: string;
  parser_options: string | null;
  organic_count?: number;
  assertions: ZluradAssertion[];
}
/** One asserted field of one organic position. */
interface FieldExpectation {
  position: number;
  field: 'url' | 'title' | 'snippet';
  value: string;
  /** toContain instead of toBe. */
  contains: boolean;
}

/**
 * The url/title/snippet assertions of a block, read from its raw `assertions` (the derived
 * `organic` field carries one mis-parsed value for matrix-nojs, so it is not used).
 */
function fieldExpectations(block: ZluradBlock): FieldExpectation[] {
  const found: FieldExpectation[] = [];
  for (const assertion of block.assertions) {
    if (assertion.not) continue;
    const plain = /^serp\.organic\[(\d+)\]\.(url|title|snippet)(?:\.replace\(.*\)\.trim\(\))?$/.exec(assertion.subject);
    if (plain && assertion.matcher === 'toBe' && typeof assertion.args[0] === 'string') {
      found.push({
        position: Number(plain[1]),
        field: plain[2] as FieldExpectation['field'],
        value: assertion.args[0],
        contains: false,
      });
      continue;
    }
    // A toContain that the extraction folded into the subject text.
    const folded = /^serp\.organic\[(\d+)\]\.(snippet|title)\)\.toContain\(\s*'([^']+)'/.exec(assertion.subject);
    if (folded) {
      found.push({
        position: Number(folded[1]),
        field: folded[2] as FieldExpectation['field'],
        value: folded[3] ?? '',
        contains: true,
      });
    }
  }
  return found;
}

function fieldMatches(result: ParsedResult, expectation: FieldExpectation): boolean {
  if (expectation.field === 'url') return normalizeUrl(result.url) === normalizeUrl(expectation.value);
  const got = cleanText(result[expectation.field]);
  const want = cleanText(expectation.value);
  return expectation.contains ? got.includes(want) : got === want;
}

const zlurad = (JSON.parse(readFileSync(sharedData('serp', 'expected-zlurad.json'), 'utf8')) as ZluradBlock[]).filter(
  (block) => block.fixture.startsWith('google/') && block.parser_options !== '{}' && block.organic_count !== undefined,
);

describe('google.parse against expected-zlurad.json (organic parsing on)', () => {
  it('covers the Google blocks that assert organic results', () => {
    expect(zlurad.length).toBe(9);
    expect(zlurad.flatMap(fieldExpectations).length).toBe(16);
  });

  it.each(zlurad.map((block) => [block.fixture, block.describe, block] as const))(
    '%s (%s)',
    (fixture, _describe, block) => {
      const { results } = parseRecorded(fixture);
      const count = block.organic_count ?? 0;
      if (count === 0) expect(results).toHaveLength(0);
      else
        expect(
          Math.abs(results.length - count),
          `got ${results.length} results, want ${count} ± 1`,
        ).toBeLessThanOrEqual(1);

      // Every asserted field of a position is found on one result, at that position ± 1.
      const byPosition = new Map<number, FieldExpectation[]>();
      for (const e of fieldExpectations(block)) byPosition.set(e.position, [...(byPosition.get(e.position) ?? []), e]);
      for (const [position, fields] of byPosition) {
        const index = results.findIndex((result) => fields.every((field) => fieldMatches(result, field)));
        expect(
          index,
          `position ${position}: ${JSON.stringify(fields)} not among ${JSON.stringify(results.slice(0, position + 3), null, 1)}`,
        ).toBeGreaterThanOrEqual(0);
        expect(Math.abs(index - position)).toBeLessThanOrEqual(1);
      }
    },
  );
});

// --- desktop-2019 with a commercial API's parse --------------------------------------------------

interface SerpApiPage {
  organic_results: Array<{ position: number; title: string; link: string; snippet?: string }>;
  related_questions: Array<{ question: string }>;
  related_searches: Array<{ query: string }>;
}

describe('google.parse on desktop-2019 against its *.serpapi.json', () => {
  const expected = JSON.parse(
    readFileSync(sharedData('serp', 'google', 'desktop-2019', 'van-gogh-paintings.serpapi.json'), 'utf8'),
  ) as SerpApiPage;
  const parsed = parseRecorded('google/desktop-2019/van-gogh-paintings.html');

  it('finds all 9 organic URLs, in order, with the same titles', () => {
    const urls = parsed.results.map((r) => r.url);
    const found = expected.organic_results.filter((o) => urls.includes(o.link));
    expect(expected.organic_results).toHaveLength(9);
    expect(found).toHaveLength(9);
    expect(parsed.results.length).toBeLessThanOrEqual(10); // no carousel or news card leaked in
    for (const organic of found) {
      const ours = parsed.results.find((r) => r.url === organic.link);
      expect(ours?.title).toBe(organic.title);
      expect(Math.abs(parsed.results.indexOf(ours!) + 1 - organic.position)).toBeLessThanOrEqual(1);
    }
  });

  it('reads the same people-also-ask questions and related searches', () => {
    expect(parsed.peopleAlsoAsk).toEqual(expected.related_questions.map((q) => q.question));
    expect(parsed.relatedSearches).toEqual(expected.related_searches.map((q) => q.query));
  });

  it('reads the top stories carousel (not as organic results)', () => {
    expect(parsed.topStories?.length).toBe(3);
    expect(parsed.topStories?.[0]).toEqual({
      title: 'Van Gogh paintings coming to Columbia',
      url: 'https://www.thestate.com/entertainment/article228030039.html',
      source: 'The State',
      date: '3 days ago',
    });
    const organicUrls = new Set(parsed.results.map((r) => r.url));
    for (const story of parsed.topStories ?? []) expect(organicUrls.has(story.url)).toBe(false);
  });
});

// --- page features on the 2023 desktop pages ----------------------------------------------------

describe('google.parse page features (desktop-2023)', () => {
  it('reads the featured snippet with its source, which is also the first result', () => {
    const parsed = parseRecorded('google/desktop-2023/featured-snippet.html');
    expect(parsed.featuredSnippet).toEqual({
      text: 'Featured snippets are special boxes where the format of a regular search result is reversed, showing the descriptive snippet first. They can also appear within a related questions group (also known as "People Also Ask"). Read more about how Google\'s Featured Snippets work.',
      url: 'https://developers.google.com/search/docs/appearance/featured-snippets',
      title: 'Featured Snippets and Your Website | Google Search Central',
      source: 'developers.google.com',
    });
    expect(parsed.results[0]?.url).toBe(parsed.featuredSnippet?.url);
    expect(parsed.peopleAlsoAsk).toEqual([
      'What is snippet vs featured snippet?',
      'What is an example of a snippet?',
      'What are the types of featured snippets?',
      'How do you get featured in snippets?',
    ]);
  });

  it('reads related searches without pagination or entity links', () => {
    const parsed = parseRecorded('google/desktop-2023/google.html');
    // zlurad asserts 8 related keywords, the first being "google map".
    expect(parsed.relatedSearches).toHaveLength(8);
    expect(parsed.relatedSearches?.[0]).toBe('google map');
    expect(parsed.relatedSearches).not.toContain('More results');
    const paris = parseRecorded('google/desktop-2023/paris.html');
    expect(paris.relatedSearches).not.toContain('Toulouse'); // a "people also search for" entity card
    expect(paris.relatedSearches?.[0]).toBe('things to do in paris for free');
  });

  it('reads top stories with source and relative date', () => {
    const stories = parseRecorded('google/desktop-2023/google.html').topStories ?? [];
    expect(stories).toHaveLength(7);
    expect(stories[0]).toEqual({
      title: 'Google Nest speakers will now chime instead of talk when controlling smart home devices',
      url: 'https://www.theverge.com/2023/4/21/23692794/google-nest-smart-speaker-new-chime-feature',
      source: 'The Verge',
      date: '26 mins ago',
    });
  });

  it('returns no features where the page has none', () => {
    const parsed = parseRecorded('google/nojs-2023/no-results-nojs.html');
    expect(parsed).toEqual({ results: [] });
  });

  it('reads related searches of the basic (no-JS) layout from the headed block', () => {
    const parsed = parseRecorded('google/nojs-2023/matrix-nojs.html');
    expect(parsed.relatedSearches).toContain('The Matrix movies');
    expect(parsed.relatedSearches?.every((text) => text.length > 0 && text !== 'The Matrix')).toBe(true);
  });
});

// --- what never becomes a result ----------------------------------------------------------------

/** Every recorded page with the number of results Lantern reads on it (counted once from the raw parse). */
const RESULTS_ON_RECORDED_PAGE: Record<string, number> = {
  'google/desktop-2023/google.html': 9,
  'google/desktop-2023/google-100.html': 99,
  'google/desktop-2023/featured-snippet.html': 10,
  'google/desktop-2023/matrix.html': 8,
  'google/desktop-2023/hotels.html': 9,
  'google/desktop-2023/hotels-london.html': 8,
  'google/desktop-2023/domain.html': 8,
  'google/desktop-2023/_com-domains.html': 10,
  'google/desktop-2023/coffee.html': 95,
  'google/desktop-2023/dell.html': 10,
  'google/desktop-2023/paris.html': 10,
  'google/nojs-2023/google-nojs.html': 10,
  'google/nojs-2023/google100-nojs.html': 98,
  'google/nojs-2023/matrix-nojs.html': 10,
  'google/nojs-2023/hotels-nojs.html': 9,
  'google/nojs-2023/domain-nojs.html': 9,
  'google/nojs-2023/coffee-nojs.html': 10,
  'google/desktop-2019/van-gogh-paintings.html': 9,
};
const ALL_RECORDED = Object.keys(RESULTS_ON_RECORDED_PAGE);

describe('google.parse result hygiene on every recorded page', () => {
  it.each(ALL_RECORDED)(
    '%s: its number of results, clean text, http(s) URLs, no duplicates, no ads or Google search links',
    (relative) => {
      const { results } = parseRecorded(relative);
      expect(results).toHaveLength(RESULTS_ON_RECORDED_PAGE[relative]!);
      const keys = results.map((r) => urlIdentityKey(r.url));
      expect(new Set(keys).size).toBe(keys.length);
      for (const result of results) {
        const url = new URL(result.url);
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(result.url).not.toMatch(/\/aclk\?|googleadservices|\/url\?q=/);
        expect(/^(?:www\.)?google\.[a-z.]+$/.test(url.hostname) && url.pathname === '/search').toBe(false);
        for (const text of [result.title, result.snippet, result.date ?? '']) {
          expect(text).toBe(text.trim());
          expect(text).not.toMatch(/\s{2}|<\/?[a-z][^>]*>|&(?:amp|lt|gt|quot|nbsp|#\d+);/i);
        }
        expect(result.title.length).toBeGreaterThan(0);
      }
    },
  );

  it('skips the text ads of domain.html', () => {
    const html = readFileSync(sharedData('serp', 'google', 'desktop-2023', 'domain.html'), 'utf8');
    const $ = load(html);
    const adTitles = $('#tads h3, #tads [role="heading"], #tadsb h3, #bottomads h3')
      .toArray()
      .map((el) => cleanText($(el).text()))
      .filter((t) => t.length > 0);
    expect(adTitles).toHaveLength(6); // the page really has ads
    const titles = new Set(parseRecorded('google/desktop-2023/domain.html').results.map((r) => r.title));
    for (const ad of adTitles) expect(titles.has(ad), ad).toBe(false);
  });

  it('moves a leading date of a snippet into date', () => {
    const all = ALL_RECORDED.flatMap((relative) => parseRecorded(relative).results);
    const dated = all.filter((r) => r.date !== undefined);
    expect(dated).toHaveLength(32);
    for (const result of dated) {
      expect(result.snippet.startsWith(result.date!)).toBe(false);
      expect(result.snippet).not.toMatch(/^[—–·-]/);
    }
  });
});

describe('google.parse with classify on the same snapshot', () => {
  it('gives the same results however often and in whatever order they are called (the document is shared)', () => {
    const html = readFileSync(sharedData('serp', 'google', 'desktop-2019', 'van-gogh-paintings.html'), 'utf8');
    const page = { finalUrl: 'https://www.google.com/search?q=van+gogh', status: 200, html, title: '' };
    const first = google.parse(page);
    expect(google.classify(page).state).toBe('results');
    expect(google.parse(page)).toEqual(first);
    expect(google.parse({ ...page, html: `${html} ` })).toEqual(first); // a fresh parse agrees
  });
});

describe('google.parse on synthetic markup', () => {
  const parse = (body: string): ParsedPage =>
    google.parse({
      finalUrl: 'https://www.google.com/search?q=x',
      status: 200,
      html: `<html><body>${body}</body></html>`,
      title: '',
    });

  it('anchors on h3-in-link without any known class name, and takes the snippet from the block', () => {
    const { results } = parse(`<div id="search"><div id="rso">
      <div><div><a href="https://example.org/one"><br><h3>One &amp; only</h3><cite>example.org</cite></a></div>
        <div><span>2 days ago — </span><span>First <em>snippet</em>.</span></div></div>
      <div><div><a href="https://example.org/two"><h3>Two</h3></a></div><div>Second snippet.</div></div>
      <div><a href="https://example.org/one#frag"><h3>One again</h3></a></div>
    </div></div>`);
    expect(results).toEqual([
      { title: 'One & only', url: 'https://example.org/one', snippet: 'First snippet.', date: '2 days ago' },
      { title: 'Two', url: 'https://example.org/two', snippet: 'Second snippet.' },
    ]);
  });

  it('reads the 2025 desktop shape (jsname link, line-clamped snippet with a date span)', () => {
    const { results } = parse(`<div id="search"><div id="rso">
      <div class="MjjYud"><div class="A6K0A"><div class="N54PNb"><div class="yuRUbf"><div><span>
        <a jsname="UWckNb" href="https://lantern.example/docs" ping="/url?sa=t"><h3 class="LC20lb">Lantern docs</h3><br>
          <div><span class="VuuXrf">Lantern</span><cite>https://lantern.example › docs</cite></div></a></span></div></div>
        <div data-sncf="1"><div class="VwiC3b" style="-webkit-line-clamp:2"><span class="YrbPuc"><span>Mar 3, 2025</span> — </span><span>How <em>Lantern</em> cites&nbsp;sources.</span></div></div>
      </div></div></div>
      <div class="MjjYud"><div class="related-question-pair" data-q="What is Lantern?"><div role="button">What is Lantern?</div></div></div>
    </div></div>`);
    expect(results).toEqual([
      {
        title: 'Lantern docs',
        url: 'https://lantern.example/docs',
        snippet: 'How Lantern cites sources.',
        date: 'Mar 3, 2025',
      },
    ]);
  });

  it('skips ads, people-also-ask, internal search links and non-http links', () => {
    const { results } = parse(`<div id="search">
      <div id="tads"><a href="https://ads.example/"><h3>Ad</h3></a></div>
      <div data-text-ad="1"><a href="https://ads2.example/"><h3>Ad 2</h3></a></div>
      <div><a href="/aclk?sa=l&adurl=https://ads3.example/"><h3>Ad 3</h3></a></div>
      <div class="related-question-pair" data-q="Why?"><a href="https://paa.example/"><h3>Answer source</h3></a></div>
      <div><a href="/search?q=other"><h3>Other search</h3></a></div>
      <div><a href="javascript:void(0)"><h3>Script</h3></a></div>
      <div id="rso"><div><a href="/url?q=https://real.example/page&sa=U"><h3>Real</h3></a><div class="VwiC3b">Real snippet</div></div></div>
    </div>`);
    expect(results.map((r) => r.url)).toEqual(['https://real.example/page']);
    expect(results[0]?.snippet).toBe('Real snippet');
  });

  it('resolves basic-layout links against Google even when served from elsewhere', () => {
    const page = {
      finalUrl: 'http://127.0.0.1:43123/search?q=x',
      status: 200,
      html: '<html><body><div id="main"><div><div><a href="/url?q=https://target.example/a%3Fb%3D1&amp;sa=U"><h3><div>Target</div></h3></a></div><div><div class="s3v9rd">Snippet</div></div></div></div></body></html>',
      title: '',
    };
    expect(google.parse(page).results).toEqual([
      { title: 'Target', url: 'https://target.example/a?b=1', snippet: 'Snippet' },
    ]);
    expect(google.classify(page).state).toBe('results');
  });
});
