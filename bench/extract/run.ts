/**
 * Extraction benchmark: Lantern's extractor against Mozilla Readability, in the same run, on
 * article-extraction-benchmark, WCXB (dev) and trafilatura's evaluation set (the half in
 * ../shared/data), with each data set's own metric.
 *
 *   npx tsx bench/extract/run.ts [dataFolder…] [--json out.json] [--limit N]
 *       [--extractors lantern,readability] [--pages pages.jsonl] [--wcxb-half a|b]
 *
 * WCXB is also scored by half (`wcxbHalf` in datasets.ts); `--wcxb-half` runs only that half.
 *
 * Without folders it reads ../shared/data/extraction/{article-extraction-benchmark,wcxb-dev,trafilatura-eval-dev}.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { extractHtml } from '../../src/main/extract';
import { SHARED_DATA } from '../../tests/support/shared-data.js';
import { loadDataset, readHtml, readServedHtml, wcxbHalf, type Dataset, type WcxbHalf } from './datasets.js';
import {
  aebScores,
  segmentMatch,
  segmentScores,
  shingleMatch,
  snippetShares,
  wcxbScores,
  wordScore,
  type AebScores,
  type SegmentCounts,
  type ShingleCounts,
  type WcxbGroupScores,
  type WcxbPageResult,
} from './metrics.js';
import { readabilityText } from './readability.js';

type Extractor = (html: string, url: string) => string;

const EXTRACTORS: Record<string, Extractor> = {
  lantern: (html, url) => extractHtml(html, url).text,
  readability: readabilityText,
};

interface Args {
  folders: string[];
  json: string | undefined;
  pagesOut: string | undefined;
  limit: number | undefined;
  extractors: string[];
  wcxbHalf: WcxbHalf | undefined;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    folders: [],
    json: undefined,
    pagesOut: undefined,
    limit: undefined,
    extractors: ['lantern', 'readability'],
    wcxbHalf: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--json') args.json = value();
    else if (arg === '--pages') args.pagesOut = value();
    else if (arg === '--limit') args.limit = Number(value());
    else if (arg === '--extractors') args.extractors = value().split(',');
    else if (arg === '--wcxb-half') {
      const half = value();
      if (half !== 'a' && half !== 'b') throw new Error(`--wcxb-half takes a or b, not ${half}`);
      args.wcxbHalf = half;
    } else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else args.folders.push(resolve(arg));
  }
  for (const name of args.extractors)
    if (!EXTRACTORS[name]) throw new Error(`Unknown extractor ${name}; known: ${Object.keys(EXTRACTORS).join(', ')}`);
  if (args.folders.length === 0) {
    args.folders = ['article-extraction-benchmark', 'wcxb-dev', 'trafilatura-eval-dev'].map((f) =>
      resolve(SHARED_DATA, 'extraction', f),
    );
  }
  return args;
}

interface ExtractorRun {
  texts: Map<string, string>;
  seconds: number;
  failures: number;
}

/** Pages are read one at a time (reading is not timed): 1,500 decoded pages would hold gigabytes. */
async function runExtractor(extract: Extractor, dataset: Dataset): Promise<ExtractorRun> {
  const texts = new Map<string, string>();
  let failures = 0;
  let seconds = 0;
  const read = dataset.format === 'trafilatura' ? readServedHtml : readHtml;
  for (const page of dataset.pages) {
    const html = read(page.htmlPath);
    const start = process.hrtime.bigint();
    let text = '';
    try {
      text = extract(html, page.url);
    } catch {
      failures++;
    }
    seconds += Number(process.hrtime.bigint() - start) / 1e9;
    texts.set(page.id, text);
    // Yield to the event loop (untimed): jsdom releases a closed window's resources in tasks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { texts, seconds, failures };
}

const fmt = (n: number): string => n.toFixed(3);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.pagesOut) writeFileSync(args.pagesOut, '');
  const report: Record<string, unknown> = { date: new Date().toISOString(), limit: args.limit ?? null, datasets: {} };
  for (const folder of args.folders) {
    const dataset = loadDataset(folder, args.limit, args.wcxbHalf);
    console.log(
      `\n== ${dataset.name} (${dataset.format}, ${dataset.pages.length} pages${dataset.format === 'wcxb' && dataset.skipped.length ? `, ${dataset.skipped.length} without main_content skipped` : ''})`,
    );
    const results: Record<string, unknown> = {};
    const perPage = new Map<string, Record<string, unknown>>();
    for (const name of args.extractors) {
      const run = await runExtractor(EXTRACTORS[name] as Extractor, dataset);
      const pagesPerSecond = dataset.pages.length / Math.max(run.seconds, 1e-9);
      if (dataset.format === 'aeb') {
        const counts: ShingleCounts[] = dataset.pages.map((p) => shingleMatch(p.truth, run.texts.get(p.id) ?? ''));
        const s: AebScores = aebScores(counts);
        console.log(
          `${name.padEnd(12)} F1 ${fmt(s.f1)}  P ${fmt(s.precision)}  R ${fmt(s.recall)}  acc ${fmt(s.accuracy)}  ${pagesPerSecond.toFixed(1)} pages/s${run.failures ? `  (${run.failures} failures)` : ''}`,
        );
        results[name] = { ...s, pagesPerSecond, seconds: run.seconds, failures: run.failures };
        dataset.pages.forEach((p, i) => {
          const c = counts[i] as ShingleCounts;
          const row = perPage.get(p.id) ?? { set: dataset.name, id: p.id };
          row[name] = c.tp + c.fp + c.fn > 0 ? c.tp / (c.tp + 0.5 * (c.fp + c.fn)) : 1;
          perPage.set(p.id, row);
        });
      } else if (dataset.format === 'trafilatura') {
        const counts: SegmentCounts[] = dataset.pages.map((p) =>
          segmentMatch(run.texts.get(p.id) ?? '', p.with, p.without),
        );
        const s = segmentScores(counts);
        console.log(
          `${name.padEnd(12)} F ${fmt(s.f1)}  P ${fmt(s.precision)}  R ${fmt(s.recall)}  acc ${fmt(s.accuracy)}  (tp ${s.tp} fn ${s.fn} fp ${s.fp} tn ${s.tn})  ${pagesPerSecond.toFixed(1)} pages/s${run.failures ? `  (${run.failures} failures)` : ''}`,
        );
        results[name] = { ...s, pagesPerSecond, seconds: run.seconds, failures: run.failures };
        dataset.pages.forEach((p, i) => {
          const c = counts[i] as SegmentCounts;
          const row = perPage.get(p.id) ?? { set: dataset.name, id: p.id, url: p.url };
          row[name] = c;
          perPage.set(p.id, row);
        });
      } else {
        const pageResults: WcxbPageResult[] = dataset.pages.map((p) => {
          const text = run.texts.get(p.id) ?? '';
          return { ...wordScore(text, p.truth), ...snippetShares(text, p.with, p.without), pageType: p.pageType };
        });
        const { overall, byType } = wcxbScores(pageResults);
        const line = (label: string, g: WcxbGroupScores): string =>
          `${label.padEnd(16)} F1 ${fmt(g.f1)}  P ${fmt(g.precision)}  R ${fmt(g.recall)}  with ${fmt(g.withFound)}  without-kept ${fmt(g.withoutKept)}  (${g.pages})`;
        console.log(
          `${name.padEnd(12)} ${line('all', overall)}  ${pagesPerSecond.toFixed(1)} pages/s${run.failures ? `  (${run.failures} failures)` : ''}`,
        );
        for (const [type, g] of Object.entries(byType)) console.log(`${''.padEnd(12)} ${line(type, g)}`);
        const halves: Record<string, unknown> = {};
        for (const half of ['a', 'b'] as const) {
          const inHalf = pageResults.filter((_, i) => wcxbHalf((dataset.pages[i] as { id: string }).id) === half);
          if (inHalf.length === 0 || inHalf.length === pageResults.length) continue;
          const scores = wcxbScores(inHalf);
          halves[half] = scores;
          console.log(`${''.padEnd(12)} ${line(`half ${half}`, scores.overall)}`);
          for (const [type, g] of Object.entries(scores.byType))
            console.log(`${''.padEnd(12)} ${line(`  ${half} ${type}`, g)}`);
        }
        results[name] = { overall, byType, halves, pagesPerSecond, seconds: run.seconds, failures: run.failures };
        dataset.pages.forEach((p, i) => {
          const row = perPage.get(p.id) ?? { set: dataset.name, id: p.id, type: p.pageType, half: wcxbHalf(p.id) };
          row[name] = (pageResults[i] as WcxbPageResult).f1;
          row[`${name}P`] = (pageResults[i] as WcxbPageResult).precision;
          row[`${name}R`] = (pageResults[i] as WcxbPageResult).recall;
          perPage.set(p.id, row);
        });
      }
    }
    (report.datasets as Record<string, unknown>)[dataset.name] = {
      format: dataset.format,
      pages: dataset.pages.length,
      results,
    };
    if (args.pagesOut) for (const row of perPage.values()) appendFileSync(args.pagesOut, `${JSON.stringify(row)}\n`);
  }
  if (args.json) {
    writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nFigures written to ${args.json}`);
  }
}

await main();
