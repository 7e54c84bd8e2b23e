/**
 * bench/model — the built-in runtime (src/main/models/local-runtime.ts) on one GGUF model: load
 * time, time to first token, tokens per second, memory.
 *
 *   npm run bench:model                               the tiny random model of tests/support/tiny-gguf.ts
 *   LANTERN_BENCH_MODEL=path.gguf npm run bench:model  a real model
 *
 * On the tiny model (2 layers of 64, a byte vocabulary) the figures are MECHANICS ONLY: what the
 * worker, the messages and node-llama-cpp cost around a model that does almost no arithmetic,
 * never what an answer takes. A real model's figures say that.
 * LANTERN_BENCH_THREADS sets the evaluation threads (default: the runtime's, one core left free);
 * LANTERN_BENCH_RUNS the generations (default 3); LANTERN_BENCH_TOKENS the tokens each (default 64).
 * Memory: the process's resident set before loading, after loading, and its peak (the worker is a
 * thread of this process, and the weights are mapped into it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatBytes } from '../../src/main/models/download';
import { LocalRuntime } from '../../src/main/models/local-runtime';
import { SOURCE_WORKER_ENTRY } from '../../tests/support/local-runtime-worker-entry';
import { writeTinyGguf } from '../../tests/support/tiny-gguf';

const RUNS = Number(process.env.LANTERN_BENCH_RUNS ?? 3);
const TOKENS = Number(process.env.LANTERN_BENCH_TOKENS ?? 64);
const THREADS = process.env.LANTERN_BENCH_THREADS ? Number(process.env.LANTERN_BENCH_THREADS) : undefined;
const MESSAGES = [
  {
    role: 'system' as const,
    content: 'You answer the question from the numbered sources you are given, and from nothing else.',
  },
  {
    role: 'user' as const,
    content:
      '<sources>\n[1] A lantern is a portable source of light, often with a handle.\n</sources>\n\nQuestion: What is a lantern?',
  },
];

const mb = formatBytes;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const real = process.env.LANTERN_BENCH_MODEL;
  const dir = real ? undefined : mkdtempSync(join(tmpdir(), 'lantern-bench-model-'));
  const modelPath = real ?? join(dir!, 'tiny.gguf');
  if (!real) await writeTinyGguf(modelPath);

  const runtime = new LocalRuntime({
    worker: SOURCE_WORKER_ENTRY,
    idleMs: 0,
    ...(THREADS ? { threads: THREADS } : {}),
  });
  const rssBefore = process.memoryUsage().rss;
  const loadStart = performance.now();
  const info = await runtime.load(modelPath);
  const loadMs = performance.now() - loadStart;
  const rssLoaded = process.memoryUsage().rss;

  const firstTokenMs: number[] = [];
  const tokensPerSecond: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    let first: number | undefined;
    const generation = await runtime.generate(MESSAGES, {
      maxTokens: TOKENS,
      onText: () => {
        first ??= performance.now();
      },
    });
    const end = performance.now();
    firstTokenMs.push((first ?? end) - start);
    // Tokens after the first over the time after it: the steady rate, prompt evaluation aside.
    tokensPerSecond.push(first !== undefined && end > first ? ((generation.tokens - 1) * 1000) / (end - first) : NaN);
  }
  const peakRss = process.resourceUsage().maxRSS * 1024;
  await runtime.unload();
  if (dir) rmSync(dir, { recursive: true, force: true });

  const label = real ? basename(real) : 'tiny random GGUF (mechanics only)';
  const threads = THREADS ?? Math.max(1, availableParallelism() - 1);
  console.log(
    `model: ${label}, ${mb(info.sizeBytes)} of weights, context ${info.contextSize}, GPU ${info.gpu || 'none'}, ${threads} thread(s)`,
  );
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${RUNS} generations of ${TOKENS} tokens\n`,
  );
  console.log('| model | load | first token (median) | tokens/s (median) | RSS before → loaded | peak RSS |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| ${label} | ${(loadMs / 1000).toFixed(2)} s | ${median(firstTokenMs).toFixed(0)} ms | ${median(tokensPerSecond).toFixed(1)} | ${mb(rssBefore)} → ${mb(rssLoaded)} | ${mb(peakRss)} |`,
  );
}

await main();
