/**
 * bench/open — open questions (how, why, which is better, pros and cons, what to know) answered
 * extractively, scored by nuggets as the TREC 2024 RAG track does (open-set.ts, nuggets.ts).
 *
 *   npm run bench:open                          the set's check, then quick answers and deep reports
 *   npm run bench:open -- --check               the check only
 *   npm run bench:open -- [--half tune|check] [--only ID,…] [--limit N] [--json out.json] [--quick-only]
 *
 * Each question is asked over 6 pages: its own, then pages of other questions (a seeded draw) as
 * distractors, each under a URL of the question's own. The pages are extracted as the fetch
 * pipeline does (decodeBody, extractHtml) and served to the runtime's own services by a fetch that
 * answers from them (bench/answer/replay.ts savedFetch): no browser, no network.
 * - quick: AnswerService.answer({question, urls, composer: 'extractive'}), as `lantern ask`;
 * - deep: ResearchRunService.run({question, composer: 'extractive'}), as `lantern ask --deep`,
 *   whose every search answers the question's 6 pages with no people-also-ask and no related
 *   searches, so the plan is the question's own (planner.ts): the case issue 35 is about.
 * The report's text is its summary and its sections. Figures per half: vital-nugget recall,
 * all-nugget recall (micro: nuggets covered / nuggets), compound questions with a vital nugget of
 * every facet covered, answers declined (quick: `answered: false`; deep: no section nor summary
 * answered), and time (median and p95, the first question left out as the process's warm-up).
 *
 * Writes bench/results/open.json and prints a Markdown table for the README and docs/benchmarks.md.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AnswerService } from '../../src/main/answer/answer-service.js';
import { decodeBody } from '../../src/main/fetch/charset.js';
import { extractHtml } from '../../src/main/extract';
import type { FetchService } from '../../src/main/fetch/index.js';
import { ResearchRunService } from '../../src/main/deep-research/research-service.js';
import { openStore } from '../../src/main/store/index.js';
import { LanternError } from '../../src/shared/errors.js';
import type { ResearchReport } from '../../src/shared/research-contract.js';
import { shuffled } from '../answer/metrics.js';
import { pageSlug, readPageBytes } from '../answer/qa-set.js';
import { savedFetch, type SavedPages } from '../answer/replay.js';
import { coverage, type Coverage } from './nuggets.js';
import {
  checkOpenSet,
  formatOpenCheck,
  halfOf,
  languageOf,
  loadOpenSet,
  type Half,
  type OpenItem,
} from './open-set.js';

const RESULTS = resolve(dirname(fileURLToPath(import.meta.url)), '../results');
const PAGES_PER_QUESTION = 6;
const SEED = 'lantern-open-1';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    half: { type: 'string' },
    only: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'string', default: join(RESULTS, 'open.json') },
    'quick-only': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
if (values.half !== undefined && values.half !== 'tune' && values.half !== 'check')
  throw new Error('--half is tune or check');

interface ModeRow {
  coverage: Coverage;
  declined: boolean;
  ms: number;
  text: string;
}
interface Row {
  id: string;
  half: Half;
  language: string;
  shape: string;
  compound: boolean;
  quick: ModeRow;
  deep?: ModeRow;
}

/** The question's own pages, then others' (seeded by its id) up to PAGES_PER_QUESTION, each under a URL of its own. */
function pagesFor(item: OpenItem, items: readonly OpenItem[]): { page: string; url: string }[] {
  const others = [...new Set(items.filter((other) => other.id !== item.id).flatMap((other) => other.pages))].filter(
    (page) => !item.pages.includes(page),
  );
  const chosen = [...item.pages, ...shuffled(others, `${SEED}:${item.id}`)].slice(
    0,
    Math.max(PAGES_PER_QUESTION, item.pages.length),
  );
  return shuffled(chosen, `${SEED}:order:${item.id}`).map((page) => ({
    page,
    url: `http://open.test/${item.id}/${pageSlug(page)}.html`,
  }));
}

function savedPagesFor(item: OpenItem, pages: { page: string; url: string }[]): SavedPages {
  return {
    id: item.id,
    urls: pages.map((p) => p.url),
    goldUrl: pages[0]!.url,
    pages: pages.map(({ page, url }) => {
      const { text } = decodeBody(readPageBytes(page), undefined, 'html');
      const doc = extractHtml(text, url);
      return {
        url,
        page: {
          url,
          finalUrl: url,
          status: 200,
          contentType: 'text/html',
          title: doc.title,
          markdown: doc.markdown,
          wordCount: doc.wordCount,
          totalChars: doc.markdown.length,
          rendered: false,
          fromCache: false,
          truncated: false,
        },
      };
    }),
  };
}

function reportText(report: ResearchReport): string {
  return [report.summary, ...report.sections].map((s) => `## ${s.title}\n\n${s.text}`).join('\n\n');
}

async function main(): Promise<number> {
  const items = loadOpenSet();
  const check = checkOpenSet(items);
  console.log(formatOpenCheck(check));
  if (check.problems.length > 0) return 1;
  if (values.check) return 0;
  const selected = items
    .filter((item) => values.half === undefined || halfOf(item.id) === values.half)
    .filter((item) => values.only === undefined || values.only.split(',').includes(item.id))
    .slice(0, values.limit === undefined ? undefined : Number(values.limit));

  const saved = selected.map((item) => savedPagesFor(item, pagesFor(item, items)));
  const fetch = savedFetch(saved) as FetchService;
  const byId = new Map(saved.map((s) => [s.id, s]));
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-bench-open-'));
  const store = openStore({ path: join(dataDir, 'open.sqlite') });
  const noSearch = (): Promise<never> =>
    Promise.reject(new LanternError('INTERNAL', 'a quick answer over given pages searched'));
  const answers = new AnswerService({ search: noSearch, fetch: async () => fetch, store });
  let current: SavedPages | undefined;
  const research = new ResearchRunService({
    // Every search answers the question's pages, with no suggestions to plan from.
    search: async (request) => ({
      searchId: 'open',
      query: request.query,
      engine: 'google',
      results: (current?.pages ?? []).map((p, index) => ({
        index,
        title: p.page?.title ?? '',
        url: p.url,
        snippet: '',
        source: 'open.test',
      })),
      tookMs: 0,
    }),
    fetch: async () => fetch,
    store,
    captcha: { solve: () => Promise.reject(new LanternError('INTERNAL', 'no CAPTCHA here')) },
  });
  const loadStart = loadavg()[0] as number;
  const rows: Row[] = [];
  try {
    for (const [index, item] of selected.entries()) {
      const pages = byId.get(item.id)!;
      current = pages;
      let started = performance.now();
      const quick = await answers.answer(
        { question: item.question, urls: pages.urls, composer: 'extractive' },
        { allowPrivateNetworks: true },
      );
      const quickMs = performance.now() - started;
      const row: Row = {
        id: item.id,
        half: halfOf(item.id),
        language: languageOf(item.id),
        shape: item.shape,
        compound: item.facets !== undefined,
        quick: {
          coverage: coverage(quick.answer, item.nuggets, item.facets),
          declined: !quick.answered,
          ms: quickMs,
          text: quick.answer,
        },
      };
      if (!values['quick-only']) {
        started = performance.now();
        const report = await research.run(
          { question: item.question, composer: 'extractive', maxPages: PAGES_PER_QUESTION },
          { allowPrivateNetworks: true },
        );
        const text = reportText(report);
        row.deep = {
          coverage: coverage(text, item.nuggets, item.facets),
          declined: !report.summary.answered && report.sections.every((s) => !s.answered),
          ms: performance.now() - started,
          text,
        };
      }
      rows.push(row);
      const fig = (m: ModeRow | undefined): string =>
        m === undefined
          ? '–'
          : `${m.coverage.vital.covered}/${m.coverage.vital.of} vital${m.declined ? ' DECLINED' : ''}${m.coverage.everyFacet === false ? ' facet-missing' : ''} ${Math.round(m.ms)} ms`;
      console.log(
        `${String(index + 1).padStart(3)}/${selected.length} ${row.half.padEnd(5)} ${item.id.padEnd(44)} quick ${fig(row.quick)}; deep ${fig(row.deep)}`,
      );
      if (values.verbose) console.log(`--- quick\n${row.quick.text}\n--- deep\n${row.deep?.text ?? ''}\n`);
    }
  } finally {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const parts = {
    tune: rows.filter((r) => r.half === 'tune'),
    check: rows.filter((r) => r.half === 'check'),
    all: rows,
  };
  const figures = Object.fromEntries(
    Object.entries(parts).map(([part, list]) => [
      part,
      { quick: modeFigures(list, rows, 'quick'), deep: modeFigures(list, rows, 'deep') },
    ]),
  );
  const table = markdownTable(figures as Record<keyof typeof parts, { quick: ModeFigures; deep: ModeFigures }>);
  const sh = (command: string): string => {
    try {
      return execSync(command, { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  mkdirSync(dirname(values.json), { recursive: true });
  writeFileSync(
    values.json,
    `${JSON.stringify({ date: new Date().toISOString(), machine: { nproc: sh('nproc'), node: process.version, loadAverageStart: loadStart, loadAverageEnd: loadavg()[0] }, pagesPerQuestion: PAGES_PER_QUESTION, figures, rows }, null, 2)}\n`,
  );
  console.log(
    `\n${table}\n\nload average ${loadStart.toFixed(1)} → ${(loadavg()[0] as number).toFixed(1)}; figures written to ${values.json}`,
  );
  return 0;
}

interface ModeFigures {
  questions: number;
  vitalRecall: number | null;
  allRecall: number | null;
  compound: { covered: number; of: number };
  declined: { count: number; of: number };
  medianMs: number;
  p95Ms: number;
}

function modeFigures(part: readonly Row[], all: readonly Row[], mode: 'quick' | 'deep'): ModeFigures {
  const runs = part.map((r) => r[mode]).filter((m): m is ModeRow => m !== undefined);
  const sum = (pick: (c: Coverage) => { covered: number; of: number }): { covered: number; of: number } =>
    runs.reduce((acc, m) => ({ covered: acc.covered + pick(m.coverage).covered, of: acc.of + pick(m.coverage).of }), {
      covered: 0,
      of: 0,
    });
  const vital = sum((c) => c.vital);
  const every = sum((c) => c.all);
  const compound = runs.filter((m) => m.coverage.everyFacet !== undefined);
  // The process's first question warms it: left out of the timings whichever half it is in.
  const warm = new Set(all.slice(1).map((r) => r.id));
  const times = part
    .filter((r) => warm.has(r.id))
    .map((r) => r[mode]?.ms)
    .filter((ms): ms is number => ms !== undefined)
    .sort((a, b) => a - b);
  const at = (q: number): number =>
    times.length === 0 ? NaN : times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    questions: runs.length,
    vitalRecall: vital.of === 0 ? null : vital.covered / vital.of,
    allRecall: every.of === 0 ? null : every.covered / every.of,
    compound: { covered: compound.filter((m) => m.coverage.everyFacet).length, of: compound.length },
    declined: { count: runs.filter((m) => m.declined).length, of: runs.length },
    medianMs: at(0.5),
    p95Ms: at(0.95),
  };
}

function markdownTable(figures: Record<'tune' | 'check' | 'all', { quick: ModeFigures; deep: ModeFigures }>): string {
  const parts = ['tune', 'check', 'all'] as const;
  const pct = (x: number | null): string => (x === null ? '–' : `${(x * 100).toFixed(1)} %`);
  const share = (s: { count?: number; covered?: number; of: number }): string => {
    const n = s.count ?? s.covered ?? 0;
    return s.of === 0 ? '–' : `${((n / s.of) * 100).toFixed(0)} % (${n} of ${s.of})`;
  };
  const ms = (x: number): string => (Number.isNaN(x) ? '–' : `${Math.round(x).toLocaleString('en-US')} ms`);
  const lines = [
    `| measure | ${parts.map((p) => `${p === 'tune' ? 'tuning' : p} half`.replace('all half', 'all')).join(' | ')} | target (check half) |`,
    `|---|---|---|---|---|`,
  ];
  for (const mode of ['quick', 'deep'] as const) {
    const row = (name: string, f: (m: ModeFigures) => string, target: string): void => {
      lines.push(`| ${mode}: ${name} | ${parts.map((p) => f(figures[p][mode])).join(' | ')} | ${target} |`);
    };
    row('vital-nugget recall', (m) => pct(m.vitalRecall), mode === 'quick' ? '≥ 45 %' : '≥ 55 %');
    row('all-nugget recall', (m) => pct(m.allRecall), '—');
    row('compound questions, every facet covered', (m) => share(m.compound), '≥ 80 %');
    row('declined', (m) => share(m.declined), '≤ 5 %');
    row(
      'time, median / p95',
      (m) => `${ms(m.medianMs)} / ${ms(m.p95Ms)}`,
      mode === 'quick' ? '≤ 1,500 ms median' : '≤ 60 s',
    );
  }
  return lines.join('\n');
}

process.exitCode = await main();
