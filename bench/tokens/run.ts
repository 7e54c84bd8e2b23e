/**
 * Tokens an agent pays for search results: the compact text (src/shared/format/compact.ts, what
 * web_search returns by default) against the JSON of the same SearchResponse (format: "json"),
 * counted with the o200k encoding (GPT-4o's; other models' tokenizers differ, the ratio less so).
 *
 * Over every recorded Google results page in ../shared/data/serp, parsed by the real engine code
 * (classify + parse), the first 10 results as web_search's default limit gives them. JSON is
 * counted as web_search's format "json" sends it (no whitespace) and indented, as many tools send it.
 * Run: npm run bench:tokens
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { cpus, totalmem } from 'node:os';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { formatCompactResults } from '../../src/shared/format/compact';
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

const rows: Array<{ page: string; results: number; compact: number; json: number; prettyJson: number }> = [];
for (const page of recordedGooglePages()) {
  const response = recordedSearchResponse(page, recordedQuery(page));
  if (!response || response.results.length === 0) continue;
  const shown = { ...response, results: response.results.slice(0, DEFAULT_LIMIT) };
  rows.push({
    page,
    results: shown.results.length,
    compact: encode(formatCompactResults(shown)).length,
    json: encode(JSON.stringify(shown)).length,
    // Indented JSON, as many search tools hand results to a model.
    prettyJson: encode(JSON.stringify(shown, null, 2)).length,
  });
}

const total = (key: 'compact' | 'json' | 'prettyJson'): number => rows.reduce((sum, row) => sum + row[key], 0);
const saving = (compact: number, json: number): string => `${((1 - compact / json) * 100).toFixed(1)} %`;
const savings = rows.map((row) => 1 - row.compact / row.json);
console.log(`${rows.length} recorded Google results pages, up to ${DEFAULT_LIMIT} results each (o200k tokens)`);
console.log(`total: compact ${total('compact')} vs JSON ${total('json')} → ${saving(total('compact'), total('json'))} fewer`);
console.log(`total vs indented JSON ${total('prettyJson')} → ${saving(total('compact'), total('prettyJson'))} fewer; median per page ${median(rows.map((r) => r.prettyJson))}`);
console.log(`median per page: compact ${median(rows.map((r) => r.compact))} vs JSON ${median(rows.map((r) => r.json))}; median saving ${(median(savings) * 100).toFixed(1)} %, smallest ${(Math.min(...savings) * 100).toFixed(1)} %`);
console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`);
