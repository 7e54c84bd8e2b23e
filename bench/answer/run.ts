/**
 * bench/answer — cited answers on a QA set of our own (bench/answer/qa/*.json), the extractive
 * composer, every page served on 127.0.0.1.
 *
 *   npm run bench:answer                        the check, then the benchmark
 *   npm run bench:answer -- --check             the QA set's check only
 *   npm run bench:answer -- [--pages rows.jsonl] [--json out.json] [--limit N] [--seed S]
 *                           [--half tune|check] [--qa-dir DIR]
 *
 * --half asks only that half of the set (qa-set.ts halfOf); --qa-dir reads the set from another
 * folder of *.json files (default bench/answer/qa).
 *
 * The check runs first and stops the run on any problem (qa-set.ts). Then, per question, its gold
 * page and distractors are served by one local server, each under a path of the question's own
 * (`/<question id>/<page>.html`, so no question reads another's pages from the page cache), in an
 * order shuffled with a fixed seed, and asked through the Node runtime as the CLI builds it (a
 * temporary LANTERN_DATA_DIR): `api.answer({question, urls, composer: 'extractive'},
 * {allowPrivateNetworks: true, onEvent})`.
 *
 * A citation's quote is checked against the cited page's Markdown as the same runtime returns it,
 * `api.fetch({url}, {allowPrivateNetworks: true})` after the answer: the page the answer was built
 * from, read from the page cache when the pipeline stored it there.
 *
 * Timings are the harness's own clock from the call to the first `sources` event and to `done`;
 * the first question warms the process and is left out of medians and p95. Between questions the
 * harness waits (untimed) for the fetch rate limit's tokens it used to refill: every page is on one
 * host here, where a person's question would spread over several.
 *
 * Writes bench/results/answer.json and prints a Markdown table for docs/benchmarks.md.
 */
import { execSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DEFAULT_FETCH_SETTINGS } from '../../src/main/fetch/types.js';
import { createNodeRuntime } from '../../src/main/node-runtime.js';
import { answerMethod, askOne, servePages, type Row } from './harness.js';
import { answerFigures, warmTimings, type AnswerFigures, type Share, type TimingFigures } from './metrics.js';
import { startPageServer } from './page-server.js';
import { checkQaSet, formatCheckReport, halfOf, loadQaSet, pagesOf, QA_DIR, readPageBytes, type Half } from './qa-set.js';

const RESULTS = resolve(dirname(fileURLToPath(import.meta.url)), '../results');

interface Args {
  checkOnly: boolean;
  pagesOut: string | undefined;
  json: string;
  limit: number | undefined;
  seed: string;
  half: Half | undefined;
  qaDir: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    checkOnly: false,
    pagesOut: undefined,
    json: join(RESULTS, 'answer.json'),
    limit: undefined,
    seed: 'lantern-answer-1',
    half: undefined,
    qaDir: QA_DIR,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--check') args.checkOnly = true;
    else if (arg === '--pages') args.pagesOut = resolve(value());
    else if (arg === '--json') args.json = resolve(value());
    else if (arg === '--limit') args.limit = Number(value());
    else if (arg === '--seed') args.seed = value();
    else if (arg === '--half') {
      const half = value();
      if (half !== 'tune' && half !== 'check') throw new Error('--half is tune or check');
      args.half = half;
    } else if (arg === '--qa-dir') args.qaDir = resolve(value());
    else throw new Error(`Unknown option ${arg}`);
  }
  return args;
}

const percent = (s: Share): string =>
  s.share === null ? `– (0 of 0)` : `${(s.share * 100).toFixed(1)} % (${s.count} of ${s.of})`;
const millis = (n: number): string => (Number.isNaN(n) ? '–' : `${Math.round(n).toLocaleString('en-US')}`);

function markdownTable(figures: AnswerFigures, timings: TimingFigures, pagesPerQuestion: number): string {
  return [
    '| measure | figure | target |',
    '|---|---|---|',
    `| answers containing the gold string | ${percent(figures.containsGold)} | ≥ 60 % |`,
    `| citations whose quote is verbatim in the cited page | ${percent(figures.verbatimQuotes)} | 100 % |`,
    `| answers with the gold that cite the gold page for it | ${percent(figures.goldPage)} | — |`,
    `| unanswerable questions answered "not in the sources" | ${percent(figures.notInSources)} | ≥ 90 % |`,
    `| answerable questions answered "not in the sources" | ${percent(figures.falseRefusals)} | — |`,
    `| time to the first \`sources\` event, median / p95 (warm, ${timings.questions} questions, ${pagesPerQuestion} pages) | ${millis(timings.firstSourcesMedianMs)} / ${millis(timings.firstSourcesP95Ms)} ms | ≤ 1,000 ms |`,
    `| time to \`done\`, median / p95 | ${millis(timings.doneMedianMs)} / ${millis(timings.doneP95Ms)} ms | ≤ 1,500 ms |`,
    ...(figures.failures > 0 ? [`| calls that failed (no answer) | ${figures.failures} | 0 |`] : []),
  ].join('\n');
}

function containsGoldByLanguage(rows: Row[]): Record<string, Share> {
  const byLang: Record<string, { count: number; of: number }> = {};
  for (const row of rows) {
    if (row.gold === null) continue;
    const lang = row.id.split('-')[0] as string;
    const entry = (byLang[lang] ??= { count: 0, of: 0 });
    entry.of++;
    if (row.containsGold) entry.count++;
  }
  return Object.fromEntries(
    Object.entries(byLang).map(([lang, { count, of }]) => [lang, { count, of, share: of === 0 ? null : count / of }]),
  );
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const items = loadQaSet(args.qaDir);
  const report = checkQaSet(items);
  console.log(formatCheckReport(report));
  if (report.problems.length > 0) return 1;
  if (args.checkOnly) return 0;

  const selected = items.filter((item) => args.half === undefined || halfOf(item.id) === args.half).slice(0, args.limit);
  const server = await startPageServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-bench-answer-'));
  const api = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
  const rows: Row[] = [];
  const loadStart = loadavg()[0] as number;
  if (args.pagesOut) writeFileSync(args.pagesOut, '');
  try {
    const answer = answerMethod(api);
    for (const [index, item] of selected.entries()) {
      const { urls, goldUrl } = servePages(server, item, args.seed, readPageBytes);
      const requestsBefore = server.requests();
      const row = await askOne(api, answer, item, urls, goldUrl);
      rows.push(row);
      if (args.pagesOut) appendFileSync(args.pagesOut, `${JSON.stringify({ ...row, answer: undefined })}\n`);
      const verdict =
        row.error !== null
          ? `error ${row.error}`
          : row.gold === null
            ? row.answered === false
              ? 'not in the sources (right)'
              : 'answered (should not)'
            : row.containsGold
              ? 'gold found'
              : 'gold missing';
      console.log(
        `${String(index + 1).padStart(3)}/${selected.length} ${item.id.padEnd(36)} ${verdict}; sources ${millis(row.firstSourcesMs ?? NaN)} ms, done ${millis(row.doneMs ?? NaN)} ms`,
      );
      // Untimed: let the per-host rate limit refill the tokens this question used.
      const used = server.requests() - requestsBefore;
      await delay(Math.ceil((used / DEFAULT_FETCH_SETTINGS.rateLimit.perSecond) * 1000));
    }
  } finally {
    await api.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const figures = answerFigures(rows);
  const timings = warmTimings(rows);
  const pagesPerQuestion = Math.round(
    selected.reduce((sum, item) => sum + pagesOf(item).length, 0) / Math.max(1, selected.length),
  );
  const table = markdownTable(figures, timings, pagesPerQuestion);
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
    seed: args.seed,
    questions: {
      answerable: rows.filter((r) => r.gold !== null).length,
      unanswerable: rows.filter((r) => r.gold === null).length,
    },
    pagesPerQuestion,
    figures,
    containsGoldByLanguage: containsGoldByLanguage(rows),
    timings,
  };
  mkdirSync(dirname(args.json), { recursive: true });
  writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `\n${table}\n\nFigures written to ${args.json}${args.pagesOut ? `, per-question rows to ${args.pagesOut}` : ''}`,
  );
  return 0;
}

process.exitCode = await main();
