/**
 * Tokens an agent pays for search results: the compact text (src/shared/format/compact.ts, what
 * web_search and format=compact return) against the JSON the API returns for the same search
 * (format=json: the SearchResponse with its page features, searchId and tookMs), counted with the
 * o200k encoding (GPT-4o's; other models' tokenizers differ, the ratio less so).
 *
 * Over every recorded Google results page in ../shared/data/serp, parsed by the real engine code
 * (classify + parse), the first 10 results as the default limit gives them. Also counted: the JSON
 * without the page features (which the compact text leaves out), indented JSON as many tools send
 * it, the titles and snippets alone — the floor for any rendering that keeps them — and what the
 * compact text would cost with its snippets cut to a number of characters (not what Lantern does).
 *
 * And what an agent pays before its first search, in every conversation: the tools/list answer of
 * the real MCP server (as the MCP SDK's client receives it, in JSON), with the default settings
 * and with mcp.structuredContent on (the output schemas), and with `lantern mcp --tools
 * web_search,web_fetch`. And web_fetch with a question against the same page whole
 * (fetch-question.ts: the QA set's gold pages).
 * Run: npm run bench:tokens
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { cpus, totalmem } from 'node:os';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { SearchResponse } from '../../src/shared/contract';
import { formatCompactResults } from '../../src/shared/format/compact';
import { listedTools } from '../../tests/support/mcp-tool-list';
import { fetchQuestionFigures } from './fetch-question';
import { recordedGooglePages } from '../../tests/support/recorded-google-pages';
import { recordedSearchResponse } from '../../tests/support/recorded-search-response';
import { sharedData } from '../../tests/support/shared-data';

const DEFAULT_LIMIT = 10;

/** The query a page was recorded for, from its title ("coffee - Google Search"). */
function recordedQuery(path: string): string {
  const bytes = readFileSync(sharedData('serp', ...path.split('/')));
  const html = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
  return title.replace(/\s+-\s+Google.*$/i, '').trim() || path.replace(/^.*\//, '').replace(/\.html(\.gz)?$/, '');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * What `POST /v1/search` answers with format=json for the page: the SearchResponse with the page's
 * features, a searchId (a UUID, as randomUUID gives) and tookMs (the warm median of bench:search).
 */
const API_SEARCH_ID = '36460074-4213-4d87-bea7-eae71e0becb2';
const API_TOOK_MS = 182;

interface Row {
  page: string;
  results: number;
  compact: number;
  /** The JSON the API returns (results and page features). */
  apiJson: number;
  /** The same JSON without the page features the compact text leaves out. */
  resultsJson: number;
  prettyJson: number;
  /** Only the titles and snippets, each counted alone: what any rendering that keeps them pays. */
  titlesAndSnippets: number;
}

/** What the compact text would cost with each snippet cut to `chars` at a word boundary. */
const SNIPPET_CAPS = [140, 120, 100, 80, 60];
function cutSnippet(snippet: string, chars: number): string {
  if (snippet.length <= chars) return snippet;
  return `${snippet.slice(0, chars).replace(/\s+\S*$/, '')}…`;
}

const rows: Row[] = [];
const cappedCompact = new Map<number, number>(SNIPPET_CAPS.map((cap) => [cap, 0]));
for (const page of recordedGooglePages()) {
  const recorded = recordedSearchResponse(page, recordedQuery(page));
  if (!recorded || recorded.results.length === 0) continue;
  const api: SearchResponse = {
    ...recorded,
    searchId: API_SEARCH_ID,
    results: recorded.results.slice(0, DEFAULT_LIMIT),
    tookMs: API_TOOK_MS,
  };
  const { featuredSnippet: _f, peopleAlsoAsk: _p, relatedSearches: _r, topStories: _t, ...resultsOnly } = api;
  for (const cap of SNIPPET_CAPS) {
    const capped = {
      ...api,
      results: api.results.map((result) => ({ ...result, snippet: cutSnippet(result.snippet, cap) })),
    };
    cappedCompact.set(cap, cappedCompact.get(cap)! + encode(formatCompactResults(capped)).length);
  }
  rows.push({
    page,
    results: api.results.length,
    compact: encode(formatCompactResults(api)).length,
    apiJson: encode(JSON.stringify(api)).length,
    resultsJson: encode(JSON.stringify(resultsOnly)).length,
    // Indented JSON, as many search tools hand results to a model.
    prettyJson: encode(JSON.stringify(api, null, 2)).length,
    titlesAndSnippets: api.results.reduce(
      (sum, result) => sum + encode(result.title).length + encode(result.snippet).length,
      0,
    ),
  });
}

type Key = Exclude<keyof Row, 'page'>;
const total = (key: Key): number => rows.reduce((sum, row) => sum + row[key], 0);
const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;
const saving = (compact: number, json: number): string => percent(1 - compact / json);
const savings = rows.map((row) => 1 - row.compact / row.apiJson);
const withFeatures = rows.filter((row) => row.apiJson !== row.resultsJson).length;
console.log(
  `${rows.length} recorded Google results pages, up to ${DEFAULT_LIMIT} results each (o200k tokens); ${withFeatures} with page features`,
);
console.log(
  `total: compact ${total('compact')} vs the API's JSON ${total('apiJson')} → ${saving(total('compact'), total('apiJson'))} fewer`,
);
console.log(
  `total: compact vs the JSON without page features ${total('resultsJson')} → ${saving(total('compact'), total('resultsJson'))} fewer`,
);
console.log(
  `total: compact vs the API's JSON indented ${total('prettyJson')} → ${saving(total('compact'), total('prettyJson'))} fewer`,
);
console.log(
  `median per page: compact ${median(rows.map((r) => r.compact))} vs API JSON ${median(rows.map((r) => r.apiJson))}; median saving ${percent(median(savings))}, smallest ${percent(Math.min(...savings))}, largest ${percent(Math.max(...savings))}`,
);
const floor = total('titlesAndSnippets');
console.log(
  `titles + snippets alone: ${floor} tokens = ${percent(floor / total('compact'))} of the compact text, ${percent(floor / total('apiJson'))} of the API's JSON;`,
);
console.log(
  `  a rendering that keeps them whole saves at most ${saving(floor, total('apiJson'))} against the API's JSON (${saving(floor, total('resultsJson'))} against the JSON without page features)`,
);
// Not what Lantern does: what 60 % would cost in snippet text, for whoever sets the target.
for (const cap of SNIPPET_CAPS) {
  console.log(
    `  with snippets cut to ${cap} characters (a word boundary, then …): compact ${cappedCompact.get(cap)} → ${saving(cappedCompact.get(cap)!, total('apiJson'))} fewer`,
  );
}
const toolList = encode((await listedTools()).json).length;
const toolListStructured = encode((await listedTools({ mcp: { structuredContent: true } })).json).length;
const toolListSubset = encode((await listedTools({}, ['web_search', 'web_fetch'])).json).length;
console.log(
  `tools/list: ${toolList} tokens with the default settings; ${toolListStructured} with mcp.structuredContent on (output schemas); ${toolListSubset} with --tools web_search,web_fetch`,
);
const asked = await fetchQuestionFigures();
const foundShare = (half: { found: number; of: number }): string =>
  `${half.found}/${half.of} (${percent(half.of === 0 ? 0 : half.found / half.of)})`;
/** Where reading with a question matters: pages of at least this many tokens whole. */
const LONG_PAGE_TOKENS = 2_000;
for (const [label, pages] of [
  ['all', asked.pages],
  [`of ${LONG_PAGE_TOKENS}+ tokens whole`, asked.pages.filter((page) => page.whole >= LONG_PAGE_TOKENS)],
] as const) {
  const whole = pages.reduce((sum, page) => sum + page.whole, 0);
  const question = pages.reduce((sum, page) => sum + page.question, 0);
  const savings = pages.map((page) => 1 - page.question / page.whole);
  console.log(
    `web_fetch with question, ${pages.length} QA gold pages (${label}): ${question} tokens vs ${whole} whole → ${saving(question, whole)} fewer; median per page ${percent(median(savings))}, smallest ${percent(Math.min(...savings))}`,
  );
}
console.log(
  `  gold string among the passages returned: tune half ${foundShare(asked.goldFound.tune)}, check half ${foundShare(asked.goldFound.check)}`,
);
console.log(
  `machine: ${cpus().length} cores, ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`,
);
