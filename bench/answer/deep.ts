/**
 * bench/answer/deep.ts — deep research on the fixture topic (tests/support/research-topic.ts:
 * 29 articles over five facets, the fixture Google answering each facet's query), through the
 * Node runtime as the CLI builds it, with the engines' real pacing (0.8–1.2 s between searches).
 *
 *   npm run bench:deep -- [--runs N] [--json out.json]
 *
 * One run first warms the process and the browser (left out of the figures); then N runs (default
 * 3), each planned from the results page (the result cache is off, so every search reaches the
 * engine and waits its turn). Per run: time to the plan, to the first section and to done (the
 * report's own timings), pages read, and the share of the report's sentences (summary and sections)
 * with at least one verified quote. Prints a Markdown table for docs/benchmarks.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeRuntime } from '../../src/main/app/node-runtime.js';
import type { ResearchReport } from '../../src/shared/research-contract.js';
import { startFixtureWeb } from '../../tests/support/fixture-web.js';
import { startResearchTopic, TOPIC_QUESTION } from '../../tests/support/research-topic.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, json: { type: 'string' } } });
const runs = Number(values.runs);

interface RunFigures {
  planMs: number;
  firstSectionMs: number | undefined;
  totalMs: number;
  pages: number;
  sections: number;
  answered: number;
  /** Sentences with at least one supported citation / all sentences of the summary and sections. */
  verifiedShare: number;
  supportedShare: number;
}

function figuresOf(report: ResearchReport): RunFigures {
  const sentences = [report.summary, ...report.sections].flatMap((s) => s.sentences);
  const verified = sentences.filter((s) => s.citations.some((c) => c.supported)).length;
  return {
    planMs: report.timings.planMs,
    firstSectionMs: report.timings.firstSectionMs,
    totalMs: report.timings.totalMs,
    pages: report.sources.length,
    sections: report.sections.length,
    answered: report.sections.filter((s) => s.answered).length,
    verifiedShare: sentences.length === 0 ? 1 : verified / sentences.length,
    supportedShare: report.supportedShare,
  };
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const topic = await startResearchTopic();
const web = await startFixtureWeb({ results: (query) => topic.resultsPage(query) });
const dataDir = mkdtempSync(join(tmpdir(), 'lantern-bench-deep-'));
const api = createNodeRuntime({
  env: { ...process.env, LANTERN_DATA_DIR: dataDir, LANTERN_ENGINE_URL_GOOGLE: web.origin },
});
try {
  await api.settings.update({ resultCacheTtlMs: 0 });
  const ask = async (): Promise<RunFigures> =>
    figuresOf(await api.research.run({ question: TOPIC_QUESTION }, { allowPrivateNetworks: true }));
  await ask();
  const measured: RunFigures[] = [];
  for (let i = 0; i < runs; i++) measured.push(await ask());
  const row = (name: string, pick: (f: RunFigures) => number | undefined, unit: (v: number) => string): string =>
    `| ${name} | ${unit(median(measured.map(pick).filter((v): v is number => v !== undefined)))} | ${measured
      .map((f) => {
        const v = pick(f);
        return v === undefined ? '–' : unit(v);
      })
      .join(', ')} |`;
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const percent = (share: number): string => `${(share * 100).toFixed(0)} %`;
  console.log(
    `Deep research on the fixture topic, ${runs} warm runs (load ${loadavg()[0]!.toFixed(2)}), default pacing, ${measured[0]!.pages} pages, ${measured[0]!.answered}/${measured[0]!.sections} sections answered:\n`,
  );
  console.log('| figure | median | runs |\n|---|---|---|');
  console.log(row('time to plan', (f) => f.planMs, seconds));
  console.log(row('time to first section', (f) => f.firstSectionMs, seconds));
  console.log(row('time to done', (f) => f.totalMs, seconds));
  console.log(row('report sentences with a verified quote', (f) => f.verifiedShare, percent));
  console.log(row('citations supported', (f) => f.supportedShare, percent));
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ runs: measured }, null, 2)}\n`);
} finally {
  await api.close();
  await web.close();
  await topic.close();
  rmSync(dataDir, { recursive: true, force: true });
}
