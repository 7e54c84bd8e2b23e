/**
 * Citation-check bench (issue 34): every item of the dev set (bench/citations/set/) cited as
 * `[1]` to its page, checked by `checkCitations` against the passages the answer pipeline cuts
 * from that page, the verdict compared with the item's. Reports, per half (tune / check) and per
 * kind, the supported share of paraphrases and rewordings and the caught share of each fault,
 * and the median time of checking a 6-source answer (6 sentences, each citing another page).
 *
 *   npm run bench:citations [-- --json out.json] [--misses [tune|check]] [--judge oracle|model]
 *
 * `--judge` adds the content half a model reads (src/main/answer/support-judge.ts) to the rules:
 *   oracle  every content question answered with the item's own label: the most this design can
 *           give, the hard-fact rules' misses and vetoes left as they are. A ceiling, never a score.
 *   model   the model in force for a model-written answer: a GGUF file run by the built-in runtime
 *           (LANTERN_BENCH_MODEL=path.gguf), else an OpenAI-compatible endpoint
 *           (LANTERN_LLM_BASE_URL, LANTERN_LLM_MODEL, LANTERN_LLM_API_KEY).
 * The timing row stays the rules' (the check every answer runs); the judge's time is reported apart.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { checkCitations } from '../../src/main/answer/check-citations.js';
import { pagePassages, type Passage } from '../../src/main/answer/passages.js';
import { createSupportJudge, withModelReading, type SupportJudge } from '../../src/main/answer/support-judge.js';
import { endpointChatFor } from '../../src/main/llm/openai-chat.js';
import { createLocalChat } from '../../src/main/models/local-composer.js';
import { LocalRuntime } from '../../src/main/models/local-runtime.js';
import { SettingsSchema } from '../../src/shared/settings-contract.js';
import { SOURCE_WORKER_ENTRY } from '../../tests/support/local-runtime-worker-entry.js';
import {
  halfOf,
  KINDS,
  loadCitationSet,
  readPage,
  SUPPORTED_KINDS,
  type CitationItem,
  type Half,
  type Kind,
} from './set.js';

/** Targets from the issue: share supported (paraphrase, rewording) or caught (faults). */
const TARGETS: Record<Kind, number> = {
  paraphrase: 0.9,
  rewording: 0.98,
  'wrong-number': 0.99,
  'wrong-date': 0.99,
  'wrong-name': 0.99,
  'wrong-unit': 0.99,
  negation: 0.97,
  'comparative-flipped': 0.97,
  'wrong-source': 0.99,
  'unsupported-claim': 0.99,
};
const TARGET_MS = 20;
const TIMING_RUNS = 200;

const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const showMisses = args.includes('--misses');
/** `--misses tune` lists the tune half's misses only (the half rules are tuned on). */
const missesHalf = ((h) => (h === 'tune' || h === 'check' ? h : undefined))(args[args.indexOf('--misses') + 1]);
const judgeKind = args.includes('--judge') ? args[args.indexOf('--judge') + 1] : undefined;
if (judgeKind !== undefined && judgeKind !== 'oracle' && judgeKind !== 'model') {
  console.error('--judge takes oracle or model');
  process.exit(2);
}

/** The sentence with its citation before its closing punctuation: "… in 2018 [1]." */
export function citedAnswer(sentence: string, n: number): string {
  const m = /^(.*?)([.!?…]+["'”’»)]*)?$/su.exec(sentence.trim());
  return `${m?.[1] ?? sentence} [${n}]${m?.[2] ?? '.'}`;
}

function passagesOf(page: string, n: number, firstId: number): Passage[] {
  const read = readPage(page);
  return pagePassages({ n, url: read.url, title: read.title, markdown: read.markdown }, firstId);
}

interface Outcome {
  item: CitationItem;
  half: Half;
  supported: boolean;
  correct: boolean;
  quote: string;
  /** The check's own account of the last citation: what matched, what is missing or contradicted. */
  why: string;
}

/** The model in force for the bench, with a way to let it go; undefined when none is set up. */
function modelJudge(): { judge: SupportJudge; label: string; close: () => Promise<void> } | undefined {
  const gguf = process.env.LANTERN_BENCH_MODEL;
  if (gguf) {
    const runtime = new LocalRuntime({ worker: SOURCE_WORKER_ENTRY, idleMs: 0 });
    return { judge: createSupportJudge(createLocalChat(runtime, gguf)), label: gguf, close: () => runtime.unload() };
  }
  const chat = endpointChatFor({ settings: SettingsSchema.parse({}), env: process.env, dataDir: '/nonexistent' });
  return chat
    ? {
        judge: createSupportJudge(chat),
        label: `${process.env.LANTERN_LLM_MODEL} at ${process.env.LANTERN_LLM_BASE_URL}`,
        close: async () => {},
      }
    : undefined;
}

async function judge(item: CitationItem, readBy: SupportJudge | 'oracle' | undefined): Promise<Outcome> {
  const ruled = checkCitations(citedAnswer(item.sentence, 1), passagesOf(item.page, 1, 0), 1);
  const oracle: SupportJudge = async (questions) => questions.map(() => item.expected === 'supported');
  const checked = await withModelReading(ruled, readBy === 'oracle' ? oracle : readBy);
  const citations = checked.sentences.flatMap((s) => s.citations);
  const supported = citations.length > 0 && citations.every((c) => c.supported);
  return {
    item,
    half: halfOf(item.id),
    supported,
    correct: supported === (item.expected === 'supported'),
    quote: citations.at(-1)?.quote ?? '',
    why: citations.at(-1)?.why ?? '',
  };
}

interface Cell {
  n: number;
  /** Supported share for supported kinds, caught share for faults. */
  share: number;
}

function cell(outcomes: Outcome[]): Cell {
  return {
    n: outcomes.length,
    share: outcomes.length === 0 ? NaN : outcomes.filter((o) => o.correct).length / outcomes.length,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median ms of checking one answer of 6 sentences citing 6 different pages (paraphrases of the set). */
function timeSixSources(items: CitationItem[]): { ms: number; pages: string[] } {
  const chosen: CitationItem[] = [];
  for (const item of items) {
    if (item.kind === 'paraphrase' && !chosen.some((c) => c.page === item.page)) chosen.push(item);
    if (chosen.length === 6) break;
  }
  const passages: Passage[] = [];
  chosen.forEach((item, i) => passages.push(...passagesOf(item.page, i + 1, passages.length)));
  const answer = chosen.map((item, i) => citedAnswer(item.sentence, i + 1)).join(' ');
  for (let i = 0; i < 20; i++) checkCitations(answer, passages, 6);
  const times: number[] = [];
  for (let i = 0; i < TIMING_RUNS; i++) {
    const start = performance.now();
    checkCitations(answer, passages, 6);
    times.push(performance.now() - start);
  }
  return { ms: median(times), pages: chosen.map((c) => c.page) };
}

function pct(share: number): string {
  return Number.isNaN(share) ? '–' : `${(share * 100).toFixed(1)} %`;
}

async function main(): Promise<void> {
  const items = loadCitationSet();
  const model = judgeKind === 'model' ? modelJudge() : undefined;
  if (judgeKind === 'model' && !model) {
    console.error('--judge model: set LANTERN_BENCH_MODEL=path.gguf, or LANTERN_LLM_BASE_URL and LANTERN_LLM_MODEL');
    process.exit(2);
  }
  const readBy = judgeKind === 'oracle' ? 'oracle' : model?.judge;
  const started = performance.now();
  const outcomes: Outcome[] = [];
  for (const item of items) outcomes.push(await judge(item, readBy));
  const judgeMs = performance.now() - started;
  await model?.close();
  const halves: (Half | 'all')[] = ['tune', 'check', 'all'];
  const inHalf = (h: Half | 'all'): Outcome[] => outcomes.filter((o) => h === 'all' || o.half === h);
  const byKind: Record<string, Record<string, Cell>> = {};
  for (const kind of KINDS) {
    byKind[kind] = Object.fromEntries(halves.map((h) => [h, cell(inHalf(h).filter((o) => o.item.kind === kind))]));
  }
  const faults = (h: Half | 'all'): Cell => cell(inHalf(h).filter((o) => !SUPPORTED_KINDS.includes(o.item.kind)));
  const timing = timeSixSources(items);

  const lines: string[] = [];
  lines.push(
    `# Citation check on the dev set (${items.length} items: tune ${inHalf('tune').length}, check ${inHalf('check').length})`,
    '',
    judgeKind === 'oracle'
      ? "Content read by an ORACLE (each item's own label): the ceiling of rules + a model reading, not a score.\n"
      : model
        ? `Content read by the model ${model.label} where the hard facts hold.\n`
        : 'Rules alone (no model reads the content).\n',
  );
  lines.push('| kind | measure | target | tune | check | all (n) |', '|---|---|---|---|---|---|');
  for (const kind of KINDS) {
    const c = byKind[kind] as Record<string, Cell>;
    const measure = SUPPORTED_KINDS.includes(kind) ? 'supported' : 'caught';
    lines.push(
      `| ${kind} | ${measure} | ≥ ${pct(TARGETS[kind])} | ${pct(c.tune!.share)} | ${pct(c.check!.share)} | ${pct(c.all!.share)} (${c.all!.n}) |`,
    );
  }
  lines.push(
    `| all faults | caught | – | ${pct(faults('tune').share)} | ${pct(faults('check').share)} | ${pct(faults('all').share)} (${faults('all').n}) |`,
  );
  const langs = [...new Set(items.map((i) => i.lang))].sort();
  const byLang = Object.fromEntries(
    langs.map((lang) => {
      const of = outcomes.filter((o) => o.item.lang === lang);
      return [
        lang,
        {
          paraphrase: cell(of.filter((o) => o.item.kind === 'paraphrase')),
          rewording: cell(of.filter((o) => o.item.kind === 'rewording')),
          faults: cell(of.filter((o) => !SUPPORTED_KINDS.includes(o.item.kind))),
        },
      ];
    }),
  );
  lines.push(
    '',
    '| language (both halves) | paraphrase supported | rewording supported | faults caught |',
    '|---|---|---|---|',
  );
  for (const lang of langs) {
    const c = byLang[lang] as Record<string, Cell>;
    lines.push(
      `| ${lang} | ${pct(c.paraphrase!.share)} (${c.paraphrase!.n}) | ${pct(c.rewording!.share)} (${c.rewording!.n}) | ${pct(c.faults!.share)} (${c.faults!.n}) |`,
    );
  }
  lines.push(
    '',
    `6-source check: median ${timing.ms.toFixed(2)} ms over ${TIMING_RUNS} runs (target ≤ ${TARGET_MS} ms).`,
  );
  lines.push(`Judging all items${model ? ' with the model' : ''}, pages read once: ${(judgeMs / 1000).toFixed(1)} s.`);
  console.log(lines.join('\n'));

  if (showMisses) {
    for (const o of outcomes.filter((x) => !x.correct && (missesHalf === undefined || x.half === missesHalf))) {
      console.log(
        `\n- ${o.item.id} (${o.half}, ${o.item.kind}, expected ${o.item.expected})\n  sentence: ${o.item.sentence}\n  best quote: ${o.quote.slice(0, 300)}\n  why: ${o.why}`,
      );
    }
  }
  if (jsonOut) {
    const figures = {
      items: items.length,
      halves: { tune: inHalf('tune').length, check: inHalf('check').length },
      byKind,
      byLang,
      faults: Object.fromEntries(halves.map((h) => [h, faults(h)])),
      targets: TARGETS,
      sixSourceMedianMs: timing.ms,
      sixSourcePages: timing.pages,
      targetMs: TARGET_MS,
      judge: judgeKind ?? 'rules',
      misses: outcomes
        .filter((o) => !o.correct)
        .map((o) => ({ id: o.item.id, half: o.half, kind: o.item.kind, expected: o.item.expected })),
    };
    writeFileSync(jsonOut, `${JSON.stringify(figures, null, 2)}\n`);
  }
}

await main();
