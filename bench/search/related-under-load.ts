/**
 * bench/search/related-under-load — are a recorded Google page's related searches read when the
 * machine is busy?
 *
 *   npm run bench:related [-- --runs 50 --query coffee --burners 2]
 *
 * Starts `stress-ng --cpu 2` (two CPU burners) beside a real Chromium (ChromiumPageLoader), then
 * searches the fixture web (recorded Google pages on 127.0.0.1) for a query whose recorded page
 * holds related searches, `runs` times, each with a fresh result cache so the browser really
 * loads the page. Reports how many searches had their related searches, what the others ended
 * with, the load average and the time taken; exits 1 below runs/runs. Writes
 * bench/results/related-under-load.json.
 *
 * A search's page is read once the parser is past the results and then past #botstuff (the
 * related searches), or once the trailing wait is over (ready-signal.ts): on a starved machine
 * the parser is slow, and a trailing wait counted in wall time read the page without them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { google } from '../../src/main/search/engines/google';
import { SearchService } from '../../src/main/search/search-service';
import { openStore } from '../../src/main/store';
import { LanternError } from '../../src/shared/errors';
import { startFixtureWeb } from '../../tests/support/fixture-web';
import { PROJECT_ROOT } from '../../tests/support/run-cli';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '50' },
    // The 2023 desktop page: 2 MB, its related searches (#botstuff) about half-way, after the results.
    query: { type: 'string', default: 'coffee' },
    burners: { type: 'string', default: '2' },
  },
});
const runs = Number(values.runs);
const burners = Number(values.burners);
const query = values.query;

const web = await startFixtureWeb();
if (!web.recordedQueries.includes(query)) throw new Error(`"${query}" is not a recorded query of the fixture web`);
const recorded = await (await fetch(google.buildRequest({ query, offset: 0 }, web.origin))).text();
const expected =
  google.parse({ finalUrl: `${web.origin}/search`, status: 200, html: recorded, title: '' }).relatedSearches ?? [];
if (expected.length === 0) throw new Error(`the recorded page of "${query}" has no related searches`);

const profile = mkdtempSync(join(tmpdir(), 'lantern-bench-related-'));
const loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile });
const newService = (): SearchService =>
  new SearchService({
    loader,
    engines: { google },
    cache: openStore({ path: ':memory:', purgeIntervalMs: 0 }).resultCache,
    origins: { google: web.origin },
  });
// The browser's launch is not what is measured: it starts before the burners do.
await newService().search({ query: 'warm-up' });

/** stress-ng with `count` CPU workers, until stopped. */
function startBurners(count: number): ChildProcess {
  const child = spawn('stress-ng', ['--cpu', String(count), '--timeout', '0', '--quiet'], { stdio: 'ignore' });
  child.on('error', (error) => {
    throw new Error(`stress-ng did not start: ${error.message}`);
  });
  return child;
}
async function stopBurners(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // stress-ng stops its own workers on SIGTERM.
  child.kill('SIGTERM');
  await exited;
}

const burner = burners > 0 ? startBurners(burners) : undefined;
const loadAtStart = loadavg()[0] ?? NaN;
const outcomes: string[] = [];
const searchMs: number[] = [];
const started = performance.now();
try {
  for (let run = 0; run < runs; run++) {
    const searchStarted = performance.now();
    try {
      const response = await newService().search({ query });
      const related = response.relatedSearches ?? [];
      outcomes.push(
        related.length === expected.length
          ? 'related'
          : related.length === 0
            ? 'no related searches'
            : `${related.length} of ${expected.length} related`,
      );
    } catch (error) {
      outcomes.push(error instanceof LanternError ? `${error.code}: ${error.message}` : String(error));
    }
    searchMs.push(performance.now() - searchStarted);
  }
} finally {
  if (burner) await stopBurners(burner);
  await loader.close();
  await web.close();
  rmSync(profile, { recursive: true, force: true });
}
const totalS = (performance.now() - started) / 1000;

const withRelated = outcomes.filter((outcome) => outcome === 'related').length;
const others = new Map<string, number>();
for (const outcome of outcomes) if (outcome !== 'related') others.set(outcome, (others.get(outcome) ?? 0) + 1);
const sorted = [...searchMs].sort((a, b) => a - b);
const at = (p: number): number =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN);
const figures = {
  date: new Date().toISOString(),
  query,
  burners,
  cores: cpus().length,
  loadAverage1m: { start: loadAtStart, end: loadavg()[0] ?? NaN },
  runs,
  withRelated,
  others: [...others].map(([outcome, count]) => ({ outcome, count })),
  searchMs: { median: at(0.5), p95: at(0.95), max: at(1) },
  totalS: Math.round(totalS),
};
mkdirSync(join(PROJECT_ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench/results/related-under-load.json'), `${JSON.stringify(figures, null, 2)}\n`);
console.log(JSON.stringify(figures, null, 2));
console.log(
  `\n${withRelated}/${runs} searches had their ${expected.length} related searches (${burners} CPU burners, load ${figures.loadAverage1m.start.toFixed(1)}→${figures.loadAverage1m.end.toFixed(1)} on ${figures.cores} cores, ${figures.totalS} s)`,
);
if (withRelated < runs) process.exitCode = 1;
