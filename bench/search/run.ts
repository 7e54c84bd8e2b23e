/**
 * bench/search — search speed on the fixture web (recorded Google pages served on 127.0.0.1).
 *
 *   npm run bench:search            (builds the CLI, then runs this file with tsx)
 *
 * Measures: cold search (a new `lantern search` process, no browser running), warm search median
 * and p95 over 20 queries in one process, parse time per recorded page, and — in the same run —
 * the same searches done by launching a fresh browser per search, as one-shot scraping tools do
 * (the same SearchService code, with a new browser for every search, closed after it).
 *
 * The 20 queries are recorded pages whose first page holds the 10 results asked for, so every
 * search is one engine page. Searches whose first page holds 5–9 read a second page after the
 * engine's pacing gap (the default pacing, as in the product): for them it reports the time to
 * the first page beside the time to 10 results (the whole search), warm, and cold for `domain`
 * (8 results on its first page, 2 more from its second).
 * Writes bench/results/search.json and prints a Markdown table for docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import type { PageLoader } from '../../src/main/browser/page-loader';
import { google } from '../../src/main/search/engines/google';
import { DEFAULT_PACING, SearchService } from '../../src/main/search/search-service';
import { openStore } from '../../src/main/store';
import { startFixtureWeb } from '../../tests/support/fixture-web';
import { PROJECT_ROOT } from '../../tests/support/run-cli';
import { sharedData } from '../../tests/support/shared-data';

const WARM_QUERIES = 20;
const COLD_RUNS = 5;
/** The fixture's query whose first page holds 8 results and whose second page holds the 9th and 10th. */
const TWO_PAGE_QUERY = 'domain';
/** Searches are issued the way a person or agent spaces them: after the engine's pacing gap. */
const BETWEEN_SEARCHES_MS = DEFAULT_PACING.minGapMs + DEFAULT_PACING.jitterMs;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const median = (values: number[]): number => percentile(values, 50);
const round = (ms: number): number => Math.round(ms);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const loadAtStart = loadavg()[0];
const web = await startFixtureWeb();
const executablePath = findChrome();

/** Results on the first recorded page of a query, as Lantern parses it. */
async function firstPageCount(query: string): Promise<number> {
  const html = await (await fetch(google.buildRequest({ query, offset: 0 }, web.origin))).text();
  return google.parse({ finalUrl: `${web.origin}/search`, status: 200, html, title: '' }).results.length;
}
const onePage: string[] = [];
const shortPages: string[] = [];
for (const query of web.recordedQueries) {
  const count = await firstPageCount(query);
  if (count >= 10) onePage.push(query);
  else if (count >= 5) shortPages.push(query);
}
const queries = onePage.slice(0, WARM_QUERIES);
const shortQueries = shortPages.slice(0, 10);
const newService = (loader: PageLoader): SearchService =>
  new SearchService({
    loader,
    engines: { google },
    cache: openStore({ path: ':memory:', purgeIntervalMs: 0 }).resultCache,
    origins: { google: web.origin },
  });
const freshProfile = (): string => mkdtempSync(join(tmpdir(), 'lantern-bench-'));

// Cold: a new process each time, browser not running, persistent profile as a user would have.
// Two figures: when the results are printed (what the person waits for) and when the process
// has exited (after closing the browser gracefully, which saves its cookies).
const coldDataDir = mkdtempSync(join(tmpdir(), 'lantern-bench-cold-'));
/** One cold `lantern search <query> --json`: ms until the results were printed and until exit, and how many. */
function coldSearch(query: string): Promise<{ printedMs: number; exitMs: number; results: number }> {
  // --no-cache: the runs share one data dir (and its result cache), and some repeat a query.
  const args = [join(PROJECT_ROOT, 'bin/lantern.js'), 'search', query, '--engine', 'google', '--json', '--no-cache'];
  const env = { ...process.env, LANTERN_ENGINE_URL_GOOGLE: web.origin, LANTERN_DATA_DIR: coldDataDir };
  const started = performance.now();
  // Asynchronous on purpose: the fixture web runs in this process and must keep answering.
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    let printedMs = NaN;
    child.stdout.on('data', (chunk: Buffer) => {
      if (output === '') printedMs = performance.now() - started;
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`cold search failed (${code}): ${output}`));
      resolve({
        printedMs,
        exitMs: performance.now() - started,
        results: (JSON.parse(output) as { results: unknown[] }).results.length,
      });
    });
  });
}
const coldMs: number[] = [];
const coldExitMs: number[] = [];
for (let run = 0; run < COLD_RUNS; run++) {
  const cold = await coldSearch(queries[run] ?? 'coffee');
  coldMs.push(cold.printedMs);
  coldExitMs.push(cold.exitMs);
}
// Cold, two pages: the 10 results of a query whose first page holds 8.
const coldTwoPagesMs: number[] = [];
for (let run = 0; run < COLD_RUNS; run++) {
  const cold = await coldSearch(TWO_PAGE_QUERY);
  if (cold.results !== 10) throw new Error(`${TWO_PAGE_QUERY}: ${cold.results} results, not 10`);
  coldTwoPagesMs.push(cold.printedMs);
}

// Warm: one process, one browser, searches spaced by the pacing gap (not timed). The loader
// notes when each page load ends: a search's first one is its first page in (before parsing).
const browser = new ChromiumPageLoader({ executablePath, userDataDir: freshProfile() });
const loadsEnded: number[] = [];
const loader: PageLoader = {
  async load(url, options) {
    try {
      return await browser.load(url, options);
    } finally {
      loadsEnded.push(performance.now());
    }
  },
  close: () => browser.close(),
};
const service = newService(loader);
await service.search({ query: 'warm-up' }, { noCache: true });
interface TimedSearch {
  /** Until the search answered. */
  ms: number;
  /** Until its first engine page was loaded. */
  firstPageMs: number;
  results: number;
}
/** Each search timed, every one issued `gapMs` after the previous (the gap is not timed). */
async function timeSearches(searchQueries: readonly string[], gapMs: number): Promise<TimedSearch[]> {
  const times: TimedSearch[] = [];
  for (const query of searchQueries) {
    await sleep(gapMs);
    const loadsBefore = loadsEnded.length;
    const started = performance.now();
    const response = await service.search({ query }, { noCache: true });
    times.push({
      ms: performance.now() - started,
      firstPageMs: (loadsEnded[loadsBefore] ?? NaN) - started,
      results: response.results.length,
    });
  }
  return times;
}
const ms = (searches: TimedSearch[]): number[] => searches.map((search) => search.ms);
const firstPageMs = (searches: TimedSearch[]): number[] => searches.map((search) => search.firstPageMs);
const warm = await timeSearches(queries, BETWEEN_SEARCHES_MS);
const warmMs = ms(warm);
// Searches whose first page holds 5-9 results: a second page is read after the pacing gap (it
// was not from 2026-11-23 to 11-25, when limit meant "at most"). The fixture has a second page
// only for domain and coffee: the others' is Google's "no results" page, loaded all the same.
const short = await timeSearches(shortQueries, BETWEEN_SEARCHES_MS);
// Time to 10 results: domain's 8 from its first page, the 9th and 10th from its second.
const twoPages = await timeSearches(Array<string>(10).fill(TWO_PAGE_QUERY), BETWEEN_SEARCHES_MS);
if (twoPages.some((search) => search.results !== 10)) throw new Error(`${TWO_PAGE_QUERY}: not 10 results every time`);
// The same searches fired back to back: what a burst costs once pacing holds them apart.
const backToBackMs = ms(await timeSearches(queries.slice(0, 10), 0));
await loader.close();

// Browser per search: the same search, with a browser launched for it and closed after it.
const perSearchMs: number[] = [];
for (const query of queries) {
  const started = performance.now();
  const oneShot = new ChromiumPageLoader({ executablePath, userDataDir: freshProfile() });
  await newService(oneShot).search({ query }, { noCache: true });
  await oneShot.close();
  perSearchMs.push(performance.now() - started);
}
await web.close();

// Parse time per recorded page (classify + parse), pure CPU.
const pageFiles = [
  ...['desktop-2023', 'nojs-2023', 'desktop-2019'].flatMap((dir) =>
    readdirSync(sharedData('serp/google', dir))
      .filter((f) => f.endsWith('.html'))
      .map((f) => sharedData('serp/google', dir, f)),
  ),
  ...readdirSync(sharedData('serp/webis/google'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => sharedData('serp/webis/google', f)),
];
const parseMs: number[] = [];
for (const file of pageFiles) {
  const html = readFileSync(file, 'utf8');
  const snapshot = { finalUrl: 'https://www.google.com/search?q=x', status: 200, html, title: '' };
  const started = performance.now();
  google.classify(snapshot);
  google.parse(snapshot);
  parseMs.push(performance.now() - started);
}

const figures = {
  date: new Date().toISOString(),
  machine: {
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    freeGiB: Math.round(freemem() / 2 ** 30),
    node: process.version,
    loadAverage1m: { start: loadAtStart, end: loadavg()[0] },
  },
  coldMs: { median: round(median(coldMs)), runs: coldMs.map(round) },
  coldExitMs: { median: round(median(coldExitMs)), runs: coldExitMs.map(round) },
  coldTenFromTwoPagesMs: { median: round(median(coldTwoPagesMs)), runs: coldTwoPagesMs.map(round) },
  warmMs: { median: round(median(warmMs)), p95: round(percentile(warmMs, 95)), n: warmMs.length },
  backToBackMs: {
    median: round(median(backToBackMs)),
    p95: round(percentile(backToBackMs, 95)),
    n: backToBackMs.length,
  },
  shortFirstPage: {
    firstPageMs: { median: round(median(firstPageMs(short))), p95: round(percentile(firstPageMs(short), 95)) },
    doneMs: { median: round(median(ms(short))), p95: round(percentile(ms(short), 95)) },
    results: short.map((search) => search.results),
    n: short.length,
  },
  tenFromTwoPages: {
    query: TWO_PAGE_QUERY,
    firstPageMs: { median: round(median(firstPageMs(twoPages))), p95: round(percentile(firstPageMs(twoPages), 95)) },
    tenResultsMs: { median: round(median(ms(twoPages))), p95: round(percentile(ms(twoPages), 95)) },
    n: twoPages.length,
  },
  browserPerSearchMs: {
    median: round(median(perSearchMs)),
    p95: round(percentile(perSearchMs, 95)),
    n: perSearchMs.length,
  },
  warmSpeedup: Number((median(perSearchMs) / median(warmMs)).toFixed(2)),
  parseMsPerPage: {
    median: Number(median(parseMs).toFixed(2)),
    p95: Number(percentile(parseMs, 95).toFixed(2)),
    pages: parseMs.length,
  },
};
mkdirSync(join(PROJECT_ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench/results/search.json'), JSON.stringify(figures, null, 2));

console.log(JSON.stringify(figures, null, 2));
console.log(`
| measure | figure | target |
|---|---|---|
| cold search (new process, no browser running) until the results are printed, median of ${COLD_RUNS} | ${figures.coldMs.median} ms | ≤ 3,000 ms |
| the same, until the process has exited (browser closed) | ${figures.coldExitMs.median} ms | — |
| warm search, median / p95 over ${warmMs.length} queries | ${figures.warmMs.median} / ${figures.warmMs.p95} ms | ≤ 2,000 ms |
| warm, back to back (pacing gap included), median / p95 | ${figures.backToBackMs.median} / ${figures.backToBackMs.p95} ms | — |
| warm, first page holding 5–9 of the 10 asked: first page loaded, median / p95 over ${short.length} | ${figures.shortFirstPage.firstPageMs.median} / ${figures.shortFirstPage.firstPageMs.p95} ms | — |
| the same searches, done after the second page (pacing gap included), median / p95 | ${figures.shortFirstPage.doneMs.median} / ${figures.shortFirstPage.doneMs.p95} ms | — |
| warm, ${TWO_PAGE_QUERY} (8 results on page 1): first page loaded, median / p95 over ${twoPages.length} | ${figures.tenFromTwoPages.firstPageMs.median} / ${figures.tenFromTwoPages.firstPageMs.p95} ms | — |
| warm, ${TWO_PAGE_QUERY}: 10 results (2 from page 2, pacing gap included), median / p95 | ${figures.tenFromTwoPages.tenResultsMs.median} / ${figures.tenFromTwoPages.tenResultsMs.p95} ms | ≤ 2,500 ms (spec ≤ 5,000) |
| cold, ${TWO_PAGE_QUERY}: 10 results printed (new process, two pages), median of ${COLD_RUNS} | ${figures.coldTenFromTwoPagesMs.median} ms | spec ≤ 5,000 ms |
| browser per search, median / p95 | ${figures.browserPerSearchMs.median} / ${figures.browserPerSearchMs.p95} ms | — |
| warm speed-up over browser per search | ${figures.warmSpeedup}× | ≥ 3× |
| parse (classify + parse) per recorded page, median / p95 over ${parseMs.length} pages | ${figures.parseMsPerPage.median} / ${figures.parseMsPerPage.p95} ms | — |`);
