/**
 * bench/library — the library at size: the ~2,160 recorded pages of ../shared/data's extraction
 * sets (article-extraction-benchmark, trafilatura-eval-dev, wcxb-dev) written out as local .html
 * files, then added as one folder, as a person adds theirs.
 *
 *   npm run bench:library                     every page
 *   npm run bench:library -- --limit 300      the first 300 (a quick look)
 *
 * Measures: pages indexed per second (Library.addFolder: read, hash, extract, write; writing the
 * files out first is not timed), the database's size on disk after a checkpoint, and the
 * latency of library searches, median and p95: what a person types (two words of a page's
 * title, every word must occur) and what an answer asks (readLibrary over a whole title as a
 * question, any word, the top 6 sections). Each query is one of 200 titles picked with a fixed
 * seed. Writes bench/results/library.json and prints a Markdown table.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { readLibrary } from '../../src/main/answer/library-sources';
import { contentTerm, words } from '../../src/main/answer/terms';
import { Library } from '../../src/main/library';
import { openStore } from '../../src/main/store';
import { sharedData } from '../../tests/support/shared-data';

const SETS = ['article-extraction-benchmark', 'trafilatura-eval-dev', 'wcxb-dev'];
const QUERIES = 200;

const limitArg = process.argv.indexOf('--limit');
const limit = limitArg >= 0 ? Number(process.argv[limitArg + 1]) : Infinity;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const ms = (n: number): number => Math.round(n * 100) / 100;
/** A fixed-seed order (by hash), so every run asks the same titles. */
const seeded = <T>(items: T[], key: (item: T) => string): T[] =>
  [...items].sort((a, b) => hash(key(a)).localeCompare(hash(key(b))));
const hash = (text: string): string => createHash('sha1').update(`lantern-library-1:${text}`).digest('hex');

const work = mkdtempSync(join(tmpdir(), 'lantern-bench-library-'));
const folder = join(work, 'documents');
try {
  let written = 0;
  for (const set of SETS) {
    const html = sharedData('extraction', set, 'html');
    mkdirSync(join(folder, set), { recursive: true });
    for (const name of readdirSync(html).sort()) {
      if (written >= limit) break;
      const base = name.replace(/\.gz$/, '').replace(/\.html?$/, '');
      writeFileSync(join(folder, set, `${base}.html`), gunzipSync(readFileSync(join(html, name))));
      written++;
    }
  }

  const dbPath = join(work, 'lantern.db');
  const store = openStore({ path: dbPath, purgeIntervalMs: 0 });
  const library = new Library(store);
  const loadStart = loadavg()[0] as number;
  const started = performance.now();
  const report = await library.addFolder(folder, {
    onProgress: ({ done, total }) => {
      if (done % 250 === 0) process.stderr.write(`${done}/${total}\n`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  const dbBytes = statSync(dbPath).size;
  const documents = store.library.list();
  const sections = documents.reduce((sum, d) => sum + d.sections, 0);

  // Seeded by the path inside the folder: the folder's own path is a new temporary one each run.
  const titled = seeded(
    documents.filter((d) => words(d.title).filter((w) => contentTerm(w) !== undefined).length >= 2),
    (d) => d.path.slice(folder.length + 1),
  ).slice(0, QUERIES);
  const typed: number[] = [];
  const asked: number[] = [];
  let typedFound = 0;
  for (const document of titled) {
    const twoWords = words(document.title)
      .filter((w) => contentTerm(w) !== undefined)
      .sort((a, b) => b.length - a.length)
      .slice(0, 2)
      .join(' ');
    let t = performance.now();
    const hits = store.library.search({ all: twoWords }, { limit: 10 });
    typed.push(performance.now() - t);
    if (hits.some((hit) => hit.path === document.path)) typedFound++;
    t = performance.now();
    readLibrary(store.library, document.title, 1, 6);
    asked.push(performance.now() - t);
  }
  store.close();

  const sh = (command: string): string => {
    try {
      return execSync(command, { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  const result = {
    date: new Date().toISOString(),
    machine: {
      nproc: sh('nproc'),
      cpu: sh("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"),
      node: process.version,
      loadAverageStart: loadStart,
      loadAverageEnd: loadavg()[0],
    },
    files: written,
    indexed: report.indexed.length,
    unreadable: report.unreadable.map((f) => ({ path: f.path.slice(folder.length + 1), reason: f.reason })),
    sections,
    seconds: Math.round(seconds * 10) / 10,
    pagesPerSecond: Math.round((report.indexed.length / seconds) * 10) / 10,
    databaseBytes: dbBytes,
    typedSearch: {
      queries: typed.length,
      medianMs: ms(percentile(typed, 50)),
      p95Ms: ms(percentile(typed, 95)),
      titlePageInTop10: typedFound,
    },
    answerSearch: { queries: asked.length, medianMs: ms(percentile(asked, 50)), p95Ms: ms(percentile(asked, 95)) },
  };
  const results = resolve(import.meta.dirname, '../results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'library.json'), `${JSON.stringify(result, null, 2)}\n`);
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    [
      `| measure | figure | target |`,
      `|---|---|---|`,
      `| pages indexed (of ${written} files; unreadable ${result.unreadable.length}) | ${result.indexed} in ${result.seconds} s, ${sections} sections | — |`,
      `| pages per second | ${result.pagesPerSecond} | ≥ 50 |`,
      `| database size | ${mb(dbBytes)} | — |`,
      `| typed search (2 title words, all), median / p95 | ${result.typedSearch.medianMs} / ${result.typedSearch.p95Ms} ms (title's page in the top 10: ${typedFound} of ${typed.length}) | p95 ≤ 50 ms |`,
      `| answer's search (a title as the question, any word, top 6), median / p95 | ${result.answerSearch.medianMs} / ${result.answerSearch.p95Ms} ms | p95 ≤ 50 ms |`,
      `| load average (1 min) at start / end | ${loadStart.toFixed(1)} / ${(loadavg()[0] as number).toFixed(1)} | — |`,
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
