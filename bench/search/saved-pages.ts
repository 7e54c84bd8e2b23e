/**
 * bench/search/saved-pages — real Google pages of 2022–2024, searched as a new user would.
 *
 *   npm run bench:saved-pages       (builds the CLI, then runs this file with tsx)
 *
 * For each page of ../shared/data/serp/google/saved-2022-2024 (saved by people's browsers, with
 * their scripts), the fixture web answers `/search` with that page and one new `lantern search
 * <query> --engine google --json` process runs against it, with a new data dir and the
 * product's default page budget (5 s). Its results are compared with what `classify` + `parse`
 * find in the page's raw HTML (the first 10, as the CLI asks for 10).
 *
 * Names other than the fixture's must fail at once, as on a machine with working DNS and no
 * route out: the saved pages load scripts from youtube.com, gstatic.com and others, some of them
 * parser-blocking, and this sandbox's resolver drops some of several concurrent queries, so a
 * lookup fails only after its 1 s or 5 s retry while the page waits. As root with `unshare`, each
 * process gets a resolv.conf naming 127.0.0.1 (nothing answers there: names fail in
 * microseconds); otherwise the processes run as they are, and the figures say so.
 * Writes bench/results/saved-pages.json and prints the figures for docs/benchmarks.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { google } from '../../src/main/search/engines/google';
import { recordedPageQuery, startFixtureWeb } from '../../tests/support/fixture-web';
import { PROJECT_ROOT, tempDataDir } from '../../tests/support/run-cli';
import { sharedData } from '../../tests/support/shared-data';

const SET = 'google/saved-2022-2024';
const index = JSON.parse(readFileSync(sharedData('serp', SET, 'index.json'), 'utf8')) as Array<{ file: string }>;
const loadAtStart = loadavg()[0];
const web = await startFixtureWeb();

interface PageOutcome {
  page: string;
  rawCount: number;
  /** Results printed, or the error code. */
  got: number | string;
  sameAsRaw: boolean;
  ms: number;
}

const resolvConf = join(mkdtempSync(join(tmpdir(), 'lantern-bench-dns-')), 'resolv.conf');
writeFileSync(resolvConf, 'nameserver 127.0.0.1\n');
const promptDns = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;

/** One `lantern` process, as a person runs it (with the prompt resolver when it can be had). */
function lantern(args: string[], env: Record<string, string>): Promise<{ stdout: string; ms: number }> {
  const command = [process.execPath, join(PROJECT_ROOT, 'bin/lantern.js'), ...args];
  const [file, ...argv] = promptDns
    ? ['unshare', '-m', 'sh', '-c', `mount --bind "${resolvConf}" /etc/resolv.conf && exec "$@"`, 'sh', ...command]
    : command;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Asynchronous: the fixture web runs in this process and must keep answering.
    const child = spawn(file!, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => resolve({ stdout, ms: performance.now() - started }));
  });
}

const isValid = (result: { title: string; url: string }): boolean =>
  result.title.trim() !== '' && /^https?:\/\//.test(result.url);

const outcomes: PageOutcome[] = [];
for (const { file } of index) {
  const path = `${SET}/${file}`;
  const url = google.buildRequest({ query: recordedPageQuery(path), offset: 0 }, web.origin);
  const html = await (await fetch(url)).text();
  const raw = { finalUrl: url, status: 200, html, title: '' };
  const rawUrls =
    google.classify(raw).state === 'results'
      ? google
          .parse(raw)
          .results.map((result) => result.url)
          .slice(0, 10)
      : [];
  const run = await lantern(['search', recordedPageQuery(path), '--engine', 'google', '--json'], {
    LANTERN_ENGINE_URL_GOOGLE: web.origin,
    LANTERN_DATA_DIR: tempDataDir(),
  });
  const printed = JSON.parse(run.stdout) as {
    results?: Array<{ title: string; url: string }>;
    error?: { code: string };
  };
  const results = (printed.results ?? []).filter(isValid);
  const got = printed.error ? printed.error.code : results.length;
  const sameAsRaw = JSON.stringify(results.map((result) => result.url)) === JSON.stringify(rawUrls);
  outcomes.push({ page: file, rawCount: rawUrls.length, got, sameAsRaw, ms: Math.round(run.ms) });
  console.error(`${sameAsRaw ? 'same' : 'DIFF'} ${file}: raw ${rawUrls.length}, got ${got} (${Math.round(run.ms)} ms)`);
}
await web.close();

const withFive = outcomes.filter((outcome) => outcome.rawCount >= 5);
const errors = (code: string): number => outcomes.filter((outcome) => outcome.got === code).length;
const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
const figures = {
  date: new Date().toISOString(),
  machine: {
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: { start: loadAtStart, end: loadavg()[0] },
  },
  promptDns,
  pages: outcomes.length,
  rawWithAtLeastFive: withFive.length,
  gotAtLeastFiveWhereRawHas: withFive.filter((outcome) => typeof outcome.got === 'number' && outcome.got >= 5).length,
  sameAsRaw: outcomes.filter((outcome) => outcome.sameAsRaw).length,
  engineLayoutChanged: errors('ENGINE_LAYOUT_CHANGED'),
  timeout: errors('TIMEOUT'),
  otherErrors: outcomes.filter(
    (outcome) =>
      typeof outcome.got === 'string' && outcome.got !== 'TIMEOUT' && outcome.got !== 'ENGINE_LAYOUT_CHANGED',
  ).length,
  processMs: { median: times[Math.floor(times.length / 2)], max: times.at(-1) },
  outcomes,
};
mkdirSync(join(PROJECT_ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench/results/saved-pages.json'), JSON.stringify(figures, null, 2));
const { outcomes: _omitted, ...summary } = figures;
console.log(JSON.stringify(summary, null, 2));
