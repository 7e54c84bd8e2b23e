/**
 * bench/store — the SQLite store at size: 10,000 fetched pages, then full-text queries and
 * search recording.
 *
 *   npx tsx bench/store/run.ts            (LANTERN_BENCH_PAGES=2000 for a quicker run)
 *
 * Pages: the 1,497 main-content texts of ../shared/data/extraction/wcxb-dev (real pages, mostly
 * English, 9.5 kB on average), cycled to 10,000 with distinct URLs; every tenth page also gets a
 * Chinese paragraph, so queries in both scripts hit a realistic share of the corpus. The store is
 * a real file with the production settings (WAL, synchronous=NORMAL).
 *
 * Measures: median and p95 of FTS queries (top 10 with snippets) for rare, common and
 * two-word English queries and Chinese two-character words; median and p95 of recording a
 * 10-result search (one transaction, session cap enforced). Writes bench/results/store.json and
 * prints a Markdown table for docs/benchmarks.md.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore } from '../../src/main/store';
import { toMatchQuery } from '../../src/main/store/fts-text';
import type { SearchResponse } from '../../src/shared/contract';
import { sharedData } from '../../tests/support/shared-data';

const PAGE_COUNT = Number(process.env.LANTERN_BENCH_PAGES ?? 10_000);
const QUERY_RUNS = 50;
const SEARCH_INSERTS = 1_000;

const CHINESE_PARAGRAPHS = [
  '研究表明，规律的睡眠和适度的运动可以显著提高工作效率。专家建议成年人每晚保持七到九小时的睡眠。',
  '搜索引擎通过抓取网页、建立索引并根据相关性对结果进行排序，为用户提供所需的信息。',
  '气候变化导致极端天气事件更加频繁，各国政府正在制定减少温室气体排放的政策。',
  '人工智能技术在医疗诊断、自动驾驶和自然语言处理等领域取得了重要进展。',
  '北京是中国的首都，拥有悠久的历史和丰富的文化遗产，每年吸引大量游客前来参观。',
  '电动汽车的电池技术不断进步，续航里程显著增加，充电时间也在逐步缩短。',
  '学习一门新语言需要长期的坚持，每天练习听说读写能够帮助学习者更快地掌握。',
  '健康的饮食应当包括新鲜的蔬菜水果、全谷物以及适量的蛋白质。',
];

const QUERIES: { label: string; text: string }[] = [
  { label: 'English, rare word', text: 'photosynthesis' },
  { label: 'English, common word', text: 'information' },
  { label: 'English, two words', text: 'climate change' },
  { label: 'English, very common word', text: 'the' },
  { label: 'Chinese, two characters', text: '睡眠' },
  { label: 'Chinese, two characters', text: '技术' },
  { label: 'Chinese, two words', text: '电池 技术' },
];

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number): number => Math.round(value * 100) / 100;

function loadTexts(): string[] {
  const dir = sharedData('extraction', 'wcxb-dev', 'ground-truth');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
        ground_truth?: { main_content?: string };
        title?: string;
      };
      return record.ground_truth?.main_content ?? '';
    })
    .filter((text) => text.trim().length > 0);
}

function machine(): Record<string, string> {
  const sh = (command: string) => execSync(command, { encoding: 'utf8' }).trim();
  return {
    nproc: sh('nproc'),
    memory: sh("free -h | awk '/^Mem:/ {print $2}'"),
    cpu: sh("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2").trim(),
    node: process.version,
    sqlite: '',
  };
}

const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-store-'));
const dbPath = join(dir, 'lantern.db');
const store = openStore({ path: dbPath, purgeIntervalMs: 0 });
const info = machine();
// The machine may be shared: the load average says how far to trust the figures.
const loadAtStart = loadavg()[0]!;
info.sqlite = store.db.prepare('SELECT sqlite_version()').pluck().get() as string;

// 1. Fill: 10,000 pages, in transactions of 500 (each putPage is its own savepoint inside).
const texts = loadTexts();
const fillStart = performance.now();
const fetchedAt = Date.now();
for (let start = 0; start < PAGE_COUNT; start += 500) {
  store.db.transaction(() => {
    for (let i = start; i < Math.min(PAGE_COUNT, start + 500); i += 1) {
      const text = texts[i % texts.length]!;
      const chinese = i % 10 === 0 ? `\n\n${CHINESE_PARAGRAPHS[(i / 10) % CHINESE_PARAGRAPHS.length]}` : '';
      store.pages.putPage({
        url: `https://site${i % 300}.example/page/${i}`,
        finalUrl: `https://site${i % 300}.example/page/${i}`,
        status: 200,
        contentType: 'text/html',
        title: text.split('\n')[0]!.slice(0, 120),
        markdown: text + chinese,
        fetchedAt,
      });
    }
  })();
}
const fillSeconds = (performance.now() - fillStart) / 1000;
store.db.pragma('wal_checkpoint(TRUNCATE)');
const dbMegabytes = statSync(dbPath).size / 1_048_576;

// 2. Full-text queries: top 10 pages with snippets, and the same over history + pages.
const queryRows = QUERIES.map(({ label, text }) => {
  const times: number[] = [];
  let hits = 0;
  for (let run = 0; run < QUERY_RUNS + 3; run += 1) {
    const started = performance.now();
    const result = store.fullText.search(text, { limit: 10 });
    const elapsed = performance.now() - started;
    if (run >= 3) times.push(elapsed); // the first runs warm the page cache
    hits = result.length;
  }
  const matching = store.db
    .prepare('SELECT COUNT(*) FROM pages_fts WHERE pages_fts MATCH ?')
    .pluck()
    .get(toMatchQuery(text)) as number;
  return { label, text, hits, median: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), matching };
});

// 3. Recording a 10-result search, with sessions near and at the 1,000-result cap.
const insertTimes: number[] = [];
for (let i = 0; i < SEARCH_INSERTS; i += 1) {
  const response: SearchResponse = {
    searchId: `bench-${i}`,
    query: `query ${i}`,
    engine: 'google',
    tookMs: 800,
    results: Array.from({ length: 10 }, (_, index) => ({
      index,
      title: `Result ${index} for query ${i}`,
      url: `https://example.com/${i}/${index}`,
      snippet: 'A snippet of about the length search engines show under a result title, give or take.',
      source: 'example.com',
    })),
  };
  const started = performance.now();
  store.searches.recordSearch(`agent-${i % 5}`, response, { request: { query: response.query, limit: 10 } });
  insertTimes.push(performance.now() - started);
}
const insert = { median: ms(percentile(insertTimes, 50)), p95: ms(percentile(insertTimes, 95)) };

store.close();
rmSync(dir, { recursive: true, force: true });

const results = {
  date: new Date().toISOString(),
  machine: info,
  pages: PAGE_COUNT,
  fillSeconds: Math.round(fillSeconds * 10) / 10,
  dbMegabytes: Math.round(dbMegabytes),
  queries: queryRows,
  recordSearch: insert,
  loadAverage: { start: Math.round(loadAtStart * 10) / 10, end: Math.round(loadavg()[0]! * 10) / 10 },
};
const resultsDir = resolve(import.meta.dirname, '../results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'store.json'), `${JSON.stringify(results, null, 2)}\n`);

console.log(
  `Store bench, ${results.date}: ${info.nproc} cores (${info.cpu}), ${info.memory} RAM, Node ${info.node}, SQLite ${info.sqlite}`,
);
console.log(
  `${PAGE_COUNT} pages stored in ${results.fillSeconds} s; database ${results.dbMegabytes} MB; 1-min load average ${results.loadAverage.start} at start, ${results.loadAverage.end} at end\n`,
);
console.log('| query | pages matching | median ms | p95 ms |');
console.log('|---|---:|---:|---:|');
for (const row of queryRows)
  console.log(`| ${row.label}: \`${row.text}\` | ${row.matching} | ${row.median} | ${row.p95} |`);
console.log(`| record a 10-result search (${SEARCH_INSERTS} runs) | | ${insert.median} | ${insert.p95} |`);
