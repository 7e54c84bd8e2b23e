/**
 * bench/answer — cited answers on a QA set of our own (bench/answer/qa/*.json), the extractive
 * composer, every page served on 127.0.0.1.
 *
 *   npm run bench:answer                        the check, then the benchmark
 *   npm run bench:answer -- --check             the QA set's check only
 *   npm run bench:answer -- [--pages rows.jsonl] [--json out.json] [--limit N] [--seed S]
 *                           [--half tune|check] [--qa-dir DIR] [--save-pages FILE | --replay FILE]
 *   npm run bench:answer -- --library [--half …] [--limit N]
 *
 * --library writes each question's pages as .html files into a folder of its own, adds it to the
 * runtime's library (Library over the same database; the previous question's documents removed
 * first, so a question sees only its own pages, as with urls) and asks with scope 'library':
 * the same questions from the same pages, found by the library's search rather than given.
 * Writes bench/results/answer-library.json unless --json says otherwise.
 *
 * --save-pages writes each question's pages, as the run read them, to FILE (JSONL); --replay FILE
 * asks the questions again over those pages alone, through the runtime's answer pipeline
 * (replay.ts): the same figures as the full run on the same tree, in seconds, timings aside.
 * Tune with the replay; a change to fetching or extraction needs a full run (and new pages).
 *
 * --half asks only that half of the set (qa-set.ts halfOf); --qa-dir reads the set from another
 * folder of *.json files (default bench/answer/qa). Every figure is reported for the tuning half,
 * the check half and both together.
 *
 * The check runs first and stops the run on any problem (qa-set.ts). Then, per question, its gold
 * page and distractors are served by one local server, each under a path of the question's own
 * (`/<question id>/<page>.html`, so no question reads another's pages from the page cache), in an
 * order shuffled with a fixed seed, and asked through the Node runtime as the CLI builds it (a
 * temporary LANTERN_DATA_DIR): `api.answer({question, urls, composer: 'extractive'},
 * {allowPrivateNetworks: true, onEvent})`. A two-turn follow-up asks its context in a new thread,
 * then its question in that thread, then its spelled-out question alone (harness.ts); it counts in
 * the main figures by its answer in the thread.
 *
 * A citation's quote is checked against the cited page's Markdown as the same runtime returns it,
 * `api.fetch({url}, {allowPrivateNetworks: true})` after the answer: the page the answer was built
 * from, read from the page cache when the pipeline stored it there.
 *
 * Timings are the harness's own clock from the call to the first `sources` event and to `done`;
 * the first question warms the process and is left out of medians and p95, and so are follow-ups
 * (their first turn already read the pages). Between questions the harness waits (untimed) for the
 * fetch rate limit's tokens it used to refill: every page is on one host here, where a person's
 * question would spread over several.
 *
 * Writes bench/results/answer.json and prints a Markdown table for docs/benchmarks.md.
 */
import { execSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_FETCH_SETTINGS } from '../../src/main/fetch/types.js';
import { Library } from '../../src/main/library/index.js';
import { createNodeRuntime } from '../../src/main/app/node-runtime.js';
import { openStore } from '../../src/main/store/index.js';
import { answerMethod, askOne, servePages, type Row } from './harness.js';
import {
  answerFigures,
  followUpFigures,
  goldRateBy,
  shuffled,
  warmTimings,
  type AnswerFigures,
  type FollowUpFigures,
  type QuestionOutcome,
  type Share,
  type TimingFigures,
} from './metrics.js';
import { startPageServer } from './page-server.js';
import { replayRuntime, savePages, type SavedPages } from './replay.js';
import {
  checkQaSet,
  formatCheckReport,
  halfOf,
  languageOf,
  loadQaSet,
  pagesOf,
  pageSlug,
  pageTypeOf,
  QA_DIR,
  readPageBytes,
  type Half,
  type QaItem,
} from './qa-set.js';

const RESULTS = resolve(dirname(fileURLToPath(import.meta.url)), '../results');

interface Args {
  checkOnly: boolean;
  pagesOut: string | undefined;
  json: string;
  limit: number | undefined;
  seed: string;
  half: Half | undefined;
  qaDir: string;
  savePages: string | undefined;
  replay: string | undefined;
  library: boolean;
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
    savePages: undefined,
    replay: undefined,
    library: false,
  };
  let jsonGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--check') args.checkOnly = true;
    else if (arg === '--pages') args.pagesOut = resolve(value());
    else if (arg === '--json') {
      args.json = resolve(value());
      jsonGiven = true;
    } else if (arg === '--library') args.library = true;
    else if (arg === '--limit') args.limit = Number(value());
    else if (arg === '--seed') args.seed = value();
    else if (arg === '--half') {
      const half = value();
      if (half !== 'tune' && half !== 'check') throw new Error('--half is tune or check');
      args.half = half;
    } else if (arg === '--qa-dir') args.qaDir = resolve(value());
    else if (arg === '--save-pages') args.savePages = resolve(value());
    else if (arg === '--replay') args.replay = resolve(value());
    else throw new Error(`Unknown option ${arg}`);
  }
  if (args.savePages !== undefined && args.replay !== undefined)
    throw new Error('--save-pages and --replay: one or the other');
  if (args.library && (args.savePages !== undefined || args.replay !== undefined))
    throw new Error('--library reads files: not with --save-pages or --replay');
  if (args.library && !jsonGiven) args.json = join(RESULTS, 'answer-library.json');
  return args;
}

const percent = (s: Share): string =>
  s.share === null ? `– (0 of 0)` : `${(s.share * 100).toFixed(1)} % (${s.count} of ${s.of})`;
const millis = (n: number): string => (Number.isNaN(n) ? '–' : `${Math.round(n).toLocaleString('en-US')}`);
const ratio = (r: number | null): string => (r === null ? '–' : `${(r * 100).toFixed(0)} %`);

/** Every figure of one part of the set (a half, or all of it). */
interface PartFigures {
  questions: { all: number; answerable: number; unanswerable: number; followUps: number };
  figures: AnswerFigures;
  followUps: FollowUpFigures;
  goldByLanguage: Record<string, Share>;
  goldByPageType: Record<string, Share>;
  timings: TimingFigures;
}

const PARTS = ['tune', 'check', 'all'] as const;
type Part = (typeof PARTS)[number];
const PART_NAMES: Record<Part, string> = { tune: 'tuning half', check: 'check half', all: 'all' };

function partFigures(
  rows: Row[],
  inPart: (row: QuestionOutcome) => boolean,
  pageTypes: Map<string, string>,
): PartFigures {
  const part = rows.filter(inPart);
  return {
    questions: {
      all: part.length,
      answerable: part.filter((r) => r.gold !== null).length,
      unanswerable: part.filter((r) => r.gold === null).length,
      followUps: part.filter((r) => r.followUp !== undefined).length,
    },
    figures: answerFigures(part),
    followUps: followUpFigures(part),
    goldByLanguage: goldRateBy(part, (r) => languageOf(r.id)),
    goldByPageType: goldRateBy(part, (r) => pageTypes.get(r.id) ?? 'unknown'),
    // Over the whole run, so the process's warm-up question is left out whichever half it is in.
    timings: warmTimings(rows, inPart),
  };
}

function markdownTable(parts: Record<Part, PartFigures>, pagesPerQuestion: number): string {
  const row = (measure: string, figure: (p: PartFigures) => string, target: string): string =>
    `| ${measure} | ${PARTS.map((part) => figure(parts[part])).join(' | ')} | ${target} |`;
  const timed = parts.all.timings.questions;
  return [
    `| measure | ${PARTS.map((part) => PART_NAMES[part]).join(' | ')} | target |`,
    `|---|${PARTS.map(() => '---|').join('')}---|`,
    row(
      'questions (answerable + unanswerable; follow-ups)',
      (p) => `${p.questions.answerable} + ${p.questions.unanswerable}; ${p.questions.followUps}`,
      '—',
    ),
    row('answers containing the gold string', (p) => percent(p.figures.containsGold), '≥ 70 %'),
    row('wrong definite answers (answered, without the gold)', (p) => percent(p.figures.wrongAnswers), '≤ 5 %'),
    row('unanswerable questions answered "not in the sources"', (p) => percent(p.figures.notInSources), '≥ 92 %'),
    row(
      'citations whose quote is verbatim in the cited page (every call)',
      (p) => percent(p.figures.verbatimQuotes),
      '100 %',
    ),
    row('answers with the gold that cite the gold page for it', (p) => percent(p.figures.goldPage), '—'),
    row('answerable questions answered "not in the sources"', (p) => percent(p.figures.falseRefusals), '—'),
    row('follow-ups: gold in their thread', (p) => percent(p.followUps.inThread), '—'),
    row('follow-ups: gold asked with the subject spelled out', (p) => percent(p.followUps.spelledOut), '—'),
    row('follow-ups: in-thread rate / spelled-out rate', (p) => ratio(p.followUps.ratio), '≥ 80 %'),
    row(
      `time to the first \`sources\` event, median / p95 (warm, ${timed} questions asked alone, ${pagesPerQuestion} pages)`,
      (p) => `${millis(p.timings.firstSourcesMedianMs)} / ${millis(p.timings.firstSourcesP95Ms)} ms`,
      '≤ 1,000 ms',
    ),
    row(
      'time to `done`, median / p95',
      (p) => `${millis(p.timings.doneMedianMs)} / ${millis(p.timings.doneP95Ms)} ms`,
      '≤ 1,500 ms',
    ),
    row('calls that failed (no answer)', (p) => String(p.figures.failures), '0'),
  ].join('\n');
}

/** The question's pages as files of a folder of its own, in the order servePages would serve them. */
function writePages(dir: string, item: QaItem, seed: string): { files: string[]; goldUrl: string } {
  mkdirSync(dir, { recursive: true });
  const pages = shuffled(pagesOf(item), `${seed}:${item.id}`);
  const files = pages.map((page) => {
    const path = join(dir, `${pageSlug(page)}.html`);
    writeFileSync(path, readPageBytes(page));
    return pathToFileURL(path).href;
  });
  return { files, goldUrl: files[pages.indexOf(item.goldPage)] as string };
}

function verdictOf(row: Row): string {
  if (row.error !== null) return `error ${row.error}`;
  const main =
    row.gold === null
      ? row.answered === false
        ? 'not in the sources (right)'
        : 'answered (should not)'
      : row.containsGold
        ? 'gold found'
        : row.answered
          ? 'wrong answer'
          : 'gold missing (declined)';
  if (!row.turns) return main;
  const alone = row.turns.spelledOut.containsGold ? 'gold found' : 'gold missing';
  return `in thread: ${main}; spelled out: ${alone}`;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const items = loadQaSet(args.qaDir);
  const report = checkQaSet(items);
  console.log(formatCheckReport(report));
  if (report.problems.length > 0) return 1;
  if (args.checkOnly) return 0;

  const selected = items
    .filter((item) => args.half === undefined || halfOf(item.id) === args.half)
    .slice(0, args.limit);
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-bench-answer-'));
  const rows: Row[] = [];
  const loadStart = loadavg()[0] as number;
  const printRow = (index: number, row: Row): void =>
    console.log(
      `${String(index + 1).padStart(3)}/${selected.length} ${halfOf(row.id).padEnd(5)} ${row.id.padEnd(36)} ${verdictOf(row)}; sources ${millis(row.firstSourcesMs ?? NaN)} ms, done ${millis(row.doneMs ?? NaN)} ms`,
    );
  if (args.pagesOut) writeFileSync(args.pagesOut, '');
  if (args.savePages) writeFileSync(args.savePages, '');
  const keep = (row: Row): void => {
    rows.push(row);
    if (args.pagesOut)
      appendFileSync(args.pagesOut, `${JSON.stringify({ ...row, answer: undefined, followUp: undefined })}\n`);
  };
  try {
    if (args.replay) {
      const saved = readFileSync(args.replay, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as SavedPages);
      const byId = new Map(saved.map((q) => [q.id, q]));
      const replay = replayRuntime(saved, dataDir);
      try {
        for (const [index, item] of selected.entries()) {
          const pages = byId.get(item.id);
          if (pages === undefined) throw new Error(`${item.id}: no pages saved in ${args.replay}`);
          keep(await askOne(replay.api, replay.answer, item, pages.urls, pages.goldUrl));
          printRow(index, rows.at(-1) as Row);
        }
      } finally {
        replay.close();
      }
    } else if (args.library) {
      const api = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
      const store = openStore({ path: join(dataDir, 'lantern.db'), purgeIntervalMs: 0 });
      const library = new Library(store);
      try {
        const answer = answerMethod(api);
        for (const [index, item] of selected.entries()) {
          const { files, goldUrl } = writePages(join(dataDir, 'library', item.id), item, args.seed);
          for (const document of store.library.list()) library.remove(document.path);
          await library.addFolder(join(dataDir, 'library', item.id));
          const textOf = (url: string): string | undefined =>
            store.library
              .sections(fileURLToPath(url))
              ?.map((section) => section.text)
              .join('\n\n');
          keep(await askOne(api, answer, item, files, goldUrl, { kind: 'library', textOf }));
          printRow(index, rows.at(-1) as Row);
        }
      } finally {
        store.close();
        await api.close();
      }
    } else {
      const server = await startPageServer();
      const api = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
      try {
        const answer = answerMethod(api);
        for (const [index, item] of selected.entries()) {
          const { urls, goldUrl } = servePages(server, item, args.seed, readPageBytes);
          const requestsBefore = server.requests();
          keep(await askOne(api, answer, item, urls, goldUrl));
          printRow(index, rows.at(-1) as Row);
          if (args.savePages)
            appendFileSync(args.savePages, `${JSON.stringify(await savePages(api, item.id, urls, goldUrl))}\n`);
          // Untimed: let the per-host rate limit refill the tokens this question used.
          const used = server.requests() - requestsBefore;
          await delay(Math.ceil((used / DEFAULT_FETCH_SETTINGS.rateLimit.perSecond) * 1000));
        }
      } finally {
        await api.close();
        await server.close();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pageTypes = new Map(selected.map((item) => [item.id, pageTypeOf(item) ?? 'unknown']));
  const parts = Object.fromEntries(
    PARTS.map((part) => [part, partFigures(rows, (row) => part === 'all' || halfOf(row.id) === part, pageTypes)]),
  ) as Record<Part, PartFigures>;
  const pagesPerQuestion = Math.round(
    selected.reduce((sum, item) => sum + pagesOf(item).length, 0) / Math.max(1, selected.length),
  );
  const table = markdownTable(parts, pagesPerQuestion);
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
    half: args.half ?? 'both',
    ...(args.replay ? { replayOf: args.replay } : {}),
    pagesPerQuestion,
    ...parts,
  };
  mkdirSync(dirname(args.json), { recursive: true });
  writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `\n${table}\n\nFigures written to ${args.json}${args.pagesOut ? `, per-question rows to ${args.pagesOut}` : ''}`,
  );
  return 0;
}

process.exitCode = await main();
