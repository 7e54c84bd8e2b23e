/**
 * bench/api — load figures for the local HTTP API (`lantern serve`'s REST v1) on 127.0.0.1.
 *
 *   npm run bench:api            (runs this file with tsx; ~70 s; needs ../shared/data and a Chrome/Chromium)
 *
 * Load generator: autocannon 8 (https://github.com/mcollina/autocannon), run as separate
 * processes (`node node_modules/autocannon/autocannon.js … -j`), each bounded by `-d`, on
 * 127.0.0.1 only.
 *
 * The server runs in this process: `startApiServer` over the real Node runtime
 * (`createNodeRuntime`, SQLite store and Chromium in a temporary data dir), with its limits raised
 * (10,000 in flight, 10,000,000 a minute). Why in-process: `lantern serve` does not expose the
 * limits (8 in flight, 120/min per address by default), which would turn a load test into a test
 * of the 429 path; and in-process the server's RSS is read from `process.memoryUsage()`. The guard,
 * body reader, schemas, routes and ResearchApi are the same code `lantern serve` runs.
 *
 * 1. cached search: one `POST /v1/search` through the fixture web (tests/support/fixture-web.ts)
 *    fills the search results cache; then the same request for 10 s, 50 connections,
 *    pipelining 1: requests/s, latency p50/p99, non-2xx.
 * 2. mixed: 30 s, 50 connections in all, split over parallel autocannon processes: valid
 *    searches, valid health, malformed JSON, wrong types, ~20 KB and ~300 KB invalid bodies, a
 *    wrong token, a wrong Host. Status codes counted by class; asserts zero 5xx, `/v1/health`
 *    still answering afterwards, and the RSS at start, peak and 10 s after the load.
 *
 * Writes bench/results/api.json and prints a Markdown table for docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '../../src/main/doors/http/server';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import { startFixtureWeb } from '../../tests/support/fixture-web';
import { PROJECT_ROOT } from '../../tests/support/run-cli';

const CACHED_SECONDS = Number(process.env.BENCH_API_CACHED_S ?? 10);
const MIXED_SECONDS = Number(process.env.BENCH_API_MIXED_S ?? 30);
const SETTLE_SECONDS = 10;
const TOKEN = 'bench-api-token-0123456789abcdef';
const SEARCH_BODY = JSON.stringify({ query: 'coffee', engine: 'google', limit: 10 });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  '1xx': number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const loadAtStart = loadavg()[0] ?? NaN;
const dataDir = mkdtempSync(join(tmpdir(), 'lantern-bench-api-'));
const web = await startFixtureWeb();
const runtime = createNodeRuntime({
  env: { ...process.env, LANTERN_DATA_DIR: dataDir, LANTERN_ENGINE_URL_GOOGLE: web.origin },
  pageTimeoutMs: 30_000,
});
const server = await startApiServer({
  api: runtime,
  token: () => TOKEN,
  port: 0,
  version: 'bench',
  limits: { maxInFlight: 10_000, perMinute: 10_000_000 },
  log: () => undefined,
});
const base = `http://127.0.0.1:${server.port}`;
const authHeaders = {
  Host: `127.0.0.1:${server.port}`,
  Authorization: `Bearer ${TOKEN}`,
  'Content-Type': 'application/json',
};

// RSS sampled every 100 ms for the whole run.
let rssPeak = 0;
let externalPeak = 0;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  rssPeak = Math.max(rssPeak, usage.rss);
  externalPeak = Math.max(externalPeak, usage.external);
}, 100);

/** One autocannon process; resolves with its JSON report. */
function autocannon(args: string[]): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(PROJECT_ROOT, 'node_modules/autocannon/autocannon.js'), '-j', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out) as AutocannonResult);
      } catch {
        reject(new Error(`autocannon exited ${code}: ${err.slice(0, 500)}`));
      }
    });
  });
}
const headerArgs = (headers: Record<string, string>): string[] =>
  Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);

// Warm the results cache once (browser + fixture web), then check a repeat answers from it.
const warmStart = performance.now();
const warm = await fetch(`${base}/v1/search`, { method: 'POST', headers: authHeaders, body: SEARCH_BODY });
if (warm.status !== 200) throw new Error(`warm-up search: HTTP ${warm.status} ${await warm.text()}`);
const warmMs = Math.round(performance.now() - warmStart);
const engineRequestsAfterWarm = web.requests.length;
const repeatStart = performance.now();
const repeat = await fetch(`${base}/v1/search`, { method: 'POST', headers: authHeaders, body: SEARCH_BODY });
if (repeat.status !== 200) throw new Error(`repeat search: HTTP ${repeat.status}`);
await repeat.text();
const repeatMs = Math.round(performance.now() - repeatStart);

global.gc?.();
await sleep(1000);
const rssStart = process.memoryUsage().rss;
// The JS heap in use tells requests held (a leak) from memory the allocator keeps after a peak.
const heapStart = process.memoryUsage().heapUsed;
rssPeak = rssStart;

// 1. Cached search. The server's CPU time per request (this process: autocannon and Chromium run
// in others) is a figure that depends less on what else the shared machine runs than requests/s.
const cpuBefore = process.cpuUsage();
const cached = await autocannon([
  '-c',
  '50',
  '-p',
  '1',
  '-d',
  String(CACHED_SECONDS),
  '-m',
  'POST',
  ...headerArgs(authHeaders),
  '-b',
  SEARCH_BODY,
  `${base}/v1/search`,
]);
const cpuDuringCached = process.cpuUsage(cpuBefore);
const serverCpuUsPerRequest = Math.round(
  (cpuDuringCached.user + cpuDuringCached.system) / Math.max(1, cached.requests.total),
);
const engineRequestsDuringCached = web.requests.length - engineRequestsAfterWarm;

// 2. Mixed, 50 connections in all.
const bodyDir = mkdtempSync(join(tmpdir(), 'lantern-bench-api-bodies-'));
const bigInvalid = (bytes: number, name: string): string => {
  const path = join(bodyDir, name);
  // Valid JSON of the wrong shape: the whole body is read and parsed, then refused by the schema.
  writeFileSync(path, JSON.stringify({ query: 'x'.repeat(bytes), engine: 'google' }));
  return path;
};
const body20k = bigInvalid(20_000, '20k.json');
const body300k = bigInvalid(300_000, '300k.json');
const wrongHost = { ...authHeaders, Host: 'evil.example:80' };
const wrongToken = { ...authHeaders, Authorization: 'Bearer not-the-token' };
const mixes: Array<{ name: string; connections: number; args: string[]; expect: '2xx' | '4xx' }> = [
  {
    name: 'valid search (cached)',
    connections: 15,
    args: ['-m', 'POST', ...headerArgs(authHeaders), '-b', SEARCH_BODY, `${base}/v1/search`],
    expect: '2xx',
  },
  { name: 'valid health', connections: 10, args: [...headerArgs(authHeaders), `${base}/v1/health`], expect: '2xx' },
  {
    name: 'malformed JSON',
    connections: 5,
    args: ['-m', 'POST', ...headerArgs(authHeaders), '-b', '{"query": "coffee", ', `${base}/v1/search`],
    expect: '4xx',
  },
  {
    name: 'wrong types',
    connections: 5,
    args: [
      '-m',
      'POST',
      ...headerArgs(authHeaders),
      '-b',
      '{"query": 42, "limit": "ten", "engine": ["google"]}',
      `${base}/v1/search`,
    ],
    expect: '4xx',
  },
  {
    name: '~20 KB invalid body',
    connections: 4,
    args: ['-m', 'POST', ...headerArgs(authHeaders), '-i', body20k, `${base}/v1/search`],
    expect: '4xx',
  },
  {
    name: '~300 KB invalid body',
    connections: 2,
    args: ['-m', 'POST', ...headerArgs(authHeaders), '-i', body300k, `${base}/v1/search`],
    expect: '4xx',
  },
  {
    name: 'wrong token',
    connections: 5,
    args: ['-m', 'POST', ...headerArgs(wrongToken), '-b', SEARCH_BODY, `${base}/v1/search`],
    expect: '4xx',
  },
  {
    name: 'wrong Host',
    connections: 4,
    args: ['-m', 'POST', ...headerArgs(wrongHost), '-b', SEARCH_BODY, `${base}/v1/search`],
    expect: '4xx',
  },
];
const mixedResults = await Promise.all(
  mixes.map((mix) => autocannon(['-c', String(mix.connections), '-p', '1', '-d', String(MIXED_SECONDS), ...mix.args])),
);
const rssPeakLoad = rssPeak;
const rssEndOfLoad = process.memoryUsage().rss;

const healthAfter = await fetch(`${base}/v1/health`, { headers: authHeaders });
const healthAfterStatus = healthAfter.status;
await healthAfter.text();
await sleep(SETTLE_SECONDS * 1000);
const rssAfter = process.memoryUsage().rss;
global.gc?.();
const rssAfterGc = process.memoryUsage().rss;
const heapAfterGc = process.memoryUsage().heapUsed;
clearInterval(sampler);

const sum = (key: '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'errors' | 'timeouts'): number =>
  mixedResults.reduce((total, r) => total + r[key], 0);
const mixed = {
  seconds: MIXED_SECONDS,
  connections: mixes.reduce((total, mix) => total + mix.connections, 0),
  byKind: mixes.map((mix, i) => {
    const r = mixedResults[i] as AutocannonResult;
    return {
      name: mix.name,
      connections: mix.connections,
      expect: mix.expect,
      requests: r.requests.total,
      '2xx': r['2xx'],
      '4xx': r['4xx'],
      '5xx': r['5xx'],
      errors: r.errors,
      timeouts: r.timeouts,
      p99Ms: r.latency.p99,
    };
  }),
  total: mixedResults.reduce((total, r) => total + r.requests.total, 0),
  '1xx': sum('1xx'),
  '2xx': sum('2xx'),
  '3xx': sum('3xx'),
  '4xx': sum('4xx'),
  '5xx': sum('5xx'),
  errors: sum('errors'),
  timeouts: sum('timeouts'),
};
const unexpected = mixed.byKind.filter((kind) => kind[kind.expect] !== kind.requests);

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1mStart: loadAtStart,
    loadAverage1mEnd: loadavg()[0],
  },
  loadGenerator: 'autocannon 8.0.0 (separate processes, -j)',
  warmUp: { firstSearchMs: warmMs, repeatSearchMs: repeatMs },
  cachedSearch: {
    seconds: CACHED_SECONDS,
    connections: 50,
    pipelining: 1,
    requestsPerSecond: cached.requests.average,
    total: cached.requests.total,
    latencyP50Ms: cached.latency.p50,
    latencyP99Ms: cached.latency.p99,
    non2xx: cached.non2xx,
    errors: cached.errors,
    engineRequestsDuring: engineRequestsDuringCached,
    serverCpuUsPerRequest,
  },
  mixed,
  afterLoad: { healthStatus: healthAfterStatus },
  rssMiB: {
    start: mib(rssStart),
    peak: mib(rssPeakLoad),
    endOfLoad: mib(rssEndOfLoad),
    after10s: mib(rssAfter),
    after10sGc: global.gc ? mib(rssAfterGc) : null,
  },
  heapUsedMiB: { start: mib(heapStart), after10sGc: global.gc ? mib(heapAfterGc) : null },
  externalMiB: { peakSampled: mib(externalPeak), after10sGc: mib(process.memoryUsage().external) },
  checks: {
    cachedAtLeast3000: cached.requests.average >= 3000,
    zero5xx: mixed['5xx'] === 0 && cached['5xx'] === 0,
    aliveAfter: healthAfterStatus === 200,
    everyKindAsExpected: unexpected.length === 0,
  },
};

mkdirSync(join(PROJECT_ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench/results/api.json'), `${JSON.stringify(results, null, 2)}\n`);

const n = (value: number): string => value.toLocaleString('en-US');
const lines = [
  '| measure | figure | target |',
  '|---|---|---|',
  `| cached \`POST /v1/search\`, ${CACHED_SECONDS} s, 50 connections, pipelining 1: requests/s (mean) | ${n(Math.round(cached.requests.average))} | ≥ 3,000 |`,
  `| cached search latency p50 / p99 | ${cached.latency.p50} / ${cached.latency.p99} ms | — |`,
  `| cached search: server CPU time per request (user + system) | ${serverCpuUsPerRequest} µs | — |`,
  `| cached search: requests, non-2xx, socket errors, engine requests | ${n(cached.requests.total)}, ${cached.non2xx}, ${cached.errors}, ${engineRequestsDuringCached} | 0 non-2xx |`,
  `| mixed, ${MIXED_SECONDS} s, ${mixed.connections} connections: requests | ${n(mixed.total)} | — |`,
  `| mixed: 2xx / 4xx / 5xx (+ socket errors, timeouts) | ${n(mixed['2xx'])} / ${n(mixed['4xx'])} / ${mixed['5xx']} (+ ${mixed.errors}, ${mixed.timeouts}) | 0 5xx |`,
  `| \`/v1/health\` after the load | ${healthAfterStatus} | 200 |`,
  `| server RSS at start / peak / end of load / 10 s after | ${mib(rssStart)} / ${mib(rssPeakLoad)} / ${mib(rssEndOfLoad)} / ${mib(rssAfter)} MiB | back near start |`,
  `| server JS heap in use at start / 10 s after, after a forced GC | ${mib(heapStart)} / ${global.gc ? mib(heapAfterGc) : '—'} MiB | back near start |`,
];
const kinds = [
  '',
  '| mixed request kind | connections | requests | 2xx | 4xx | 5xx | p99 |',
  '|---|---|---|---|---|---|---|',
  ...mixed.byKind.map(
    (k) =>
      `| ${k.name} | ${k.connections} | ${n(k.requests)} | ${n(k['2xx'])} | ${n(k['4xx'])} | ${k['5xx']} | ${k.p99Ms} ms |`,
  ),
];
process.stdout.write(`${[...lines, ...kinds].join('\n')}\n\n${JSON.stringify(results.checks)}\n`);

await server.close(1000);
await runtime.close();
await web.close();
const failed = Object.entries(results.checks).filter(([, ok]) => !ok);
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.map(([name]) => name).join(', ')}\n`);
  process.exitCode = 1;
}
