import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/shared/contract';
import { markdownText, searchResultsMarkdown } from '../../src/shared/format/markdown';
import { threadToMarkdown } from '../../src/main/store/export-markdown';
import { render, visibleText } from '../support/rendered-markdown';

const HOSTILE_TITLE =
  'Evil] (https://attacker.example) *bold* <script>x</script>\n# heading\n- item `code` ~~gone~~ | &amp; ![img](x) _u_';
const HOSTILE_ONE_LINE = HOSTILE_TITLE.replace(/\s+/g, ' ');

function response(results: SearchResponse['results']): SearchResponse {
  return { searchId: 's1', query: 'q', engine: 'google', results, tookMs: 5 };
}

describe('markdownText', () => {
  it('renders any text as exactly itself on one line, never as markup', () => {
    const html = render(`Title: ${markdownText(HOSTILE_TITLE)}`);
    expect(visibleText(html).trim()).toBe(`Title: ${HOSTILE_ONE_LINE}`);
    // GFM links a bare URL in text; that changes nothing a reader sees, and is the only markup.
    expect(html.replace('<a href="https://attacker.example">https://attacker.example</a>', '')).toMatch(
      /^<p>[^<]*<\/p>\n?$/,
    );
  });
});

describe('searchResultsMarkdown', () => {
  it('gives one list item per result, each one link to its own URL with the literal title', () => {
    const markdown = searchResultsMarkdown(
      response([
        {
          index: 0,
          title: HOSTILE_TITLE,
          url: 'https://a.example/x y<z>)',
          snippet: 'snip *pet*\n\n## not a heading',
          source: 'a.example',
        },
        { index: 1, title: '', url: 'https://b.example/', snippet: '', source: 'b.example' },
      ]),
    );
    const html = render(markdown);
    const items = [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(2);
    const links = [...html.matchAll(/<a href="([^"]*)">([\s\S]*?)<\/a>/g)];
    expect(links.map((l) => l[1])).toEqual(['https://a.example/x%20y%3Cz%3E)', 'https://b.example/']);
    expect(visibleText(links[0]![2]!)).toBe(HOSTILE_ONE_LINE);
    expect(visibleText(items[0]!)).toBe(`${HOSTILE_ONE_LINE} — snip *pet* ## not a heading`);
    expect(visibleText(items[1]!)).toBe('https://b.example/');
    expect(html).not.toMatch(/<(h1|h2|em|strong|code|del|script|img|table)\b/);
  });
});

describe('threadToMarkdown', () => {
  it('keeps a hostile thread title, question and source title literal', () => {
    const html = render(
      threadToMarkdown({
        id: 1,
        title: HOSTILE_TITLE,
        createdAt: 0,
        updatedAt: 0,
        turnCount: 1,
        turns: [
          {
            id: 1,
            threadId: 1,
            position: 0,
            question: HOSTILE_TITLE,
            mode: 'search',
            answer: 'See [1].',
            citations: [],
            sources: [{ url: 'https://s.example/a b>', title: HOSTILE_TITLE }],
            timings: {},
            createdAt: 0,
          },
        ],
      }),
    );
    expect(visibleText(html.match(/<h1>([\s\S]*?)<\/h1>/)![1]!)).toBe(HOSTILE_ONE_LINE);
    expect(visibleText(html.match(/<h2>([\s\S]*?)<\/h2>/)![1]!)).toBe(HOSTILE_ONE_LINE);
    const footnote = html.match(/<li id="user-content-fn-1">([\s\S]*?)<\/li>/)![1]!;
    expect(footnote).toContain('href="https://s.example/a%20b%3E"');
    expect(visibleText(footnote)).toContain(`${HOSTILE_ONE_LINE}. https://s.example/a%20b%3E`);
    expect(html.match(/<h[1-6]>/g)).toEqual(['<h1>', '<h2>']);
    expect(html).not.toMatch(/<(em|strong|code|del|script|img|table)\b/);
  });
});
