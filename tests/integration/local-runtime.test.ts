/**
 * The built-in runtime on the real node-llama-cpp, in its worker, with the tiny random GGUF of
 * tests/support/tiny-gguf.ts: what it writes is gibberish, so these assert mechanics only — text
 * streams, a cancel stops the generation, unloading lets the model go.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalRuntime, type LocalRuntimeOptions } from '../../src/main/models/local-runtime';
import { errorOf } from '../support/error-of';
import { SOURCE_WORKER_ENTRY } from '../support/local-runtime-worker-entry';
import { writeTinyGguf } from '../support/tiny-gguf';

// One thread: llama.cpp's threads spin at their barriers, and crawl on a machine whose cores are busy.
const OPTIONS: LocalRuntimeOptions = {
  worker: SOURCE_WORKER_ENTRY,
  threads: 1,
  gpu: false,
  contextSize: 512,
  idleMs: 0,
};
const MESSAGES = [
  { role: 'system' as const, content: 'Answer from the sources.' },
  { role: 'user' as const, content: 'What is a lantern?' },
];

let dir: string;
let modelPath: string;

/** Whether this process maps the model file (llama.cpp mmaps the weights it loads; Linux's /proc). */
function mapsModel(): boolean {
  return readFileSync('/proc/self/maps', 'utf8').includes(modelPath);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lantern-runtime-'));
  modelPath = join(dir, 'tiny.gguf');
  await writeTinyGguf(modelPath);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('LocalRuntime on a tiny GGUF', { timeout: 120_000 }, () => {
  let runtime: LocalRuntime;
  let unloads = 0;

  beforeAll(async () => {
    runtime = new LocalRuntime({ ...OPTIONS, onUnload: () => unloads++ });
    await runtime.load(modelPath);
  });

  afterAll(async () => {
    await runtime.unload();
  });

  it('loads the model in its worker, with its context and size', () => {
    expect(runtime.loaded).toMatchObject({ modelPath, contextSize: 512, trainContextSize: 512, gpu: false });
    expect(runtime.loaded?.sizeBytes).toBeGreaterThan(0);
    expect(mapsModel()).toBe(true);
  });

  it('streams the text as it is generated, up to maxTokens', async () => {
    const deltas: string[] = [];
    const generation = await runtime.generate(MESSAGES, { maxTokens: 24, onText: (delta) => deltas.push(delta) });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(generation.text);
    expect(generation).toMatchObject({ tokens: 24, stopReason: 'maxTokens' });
  });

  it('counts tokens with the model’s own tokenizer (a byte per token here, after the space prefix)', async () => {
    expect(await runtime.countTokens('lantern')).toBe(1 + 'lantern'.length);
  });

  it('stops a cancelled generation: CANCELLED once the worker stopped, no text after it, the model free for the next', async () => {
    const abort = new AbortController();
    const deltas: string[] = [];
    const cancelled = runtime.generate(MESSAGES, {
      maxTokens: 2000,
      signal: abort.signal,
      onText: (delta) => {
        deltas.push(delta);
        abort.abort();
      },
    });
    const error = await errorOf(cancelled);
    expect(error.code).toBe('CANCELLED');
    const seenAtCancel = deltas.length;

    const next = await runtime.generate(MESSAGES, { maxTokens: 4 });
    expect(next.tokens).toBe(4);
    expect(deltas.length).toBe(seenAtCancel);
    // Far fewer than asked: the worker stopped at the cancel (a few tokens may have been on their way).
    expect(seenAtCancel).toBeLessThan(50);
  });

  it('never starts a generation cancelled while it waited for the one before it', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const secondText: string[] = [];
    const running = errorOf(
      runtime.generate(MESSAGES, { maxTokens: 2000, signal: first.signal, onText: () => first.abort() }),
    );
    const waiting = errorOf(
      runtime.generate(MESSAGES, { maxTokens: 2000, signal: second.signal, onText: (delta) => secondText.push(delta) }),
    );
    second.abort();
    expect((await waiting).code).toBe('CANCELLED');
    expect((await running).code).toBe('CANCELLED');
    expect(secondText).toEqual([]);
  });

  it('unloads: the model and its mapping are gone, and generating says no model is loaded', async () => {
    await runtime.unload();
    expect(runtime.loaded).toBeUndefined();
    expect(unloads).toBe(1);
    expect(mapsModel()).toBe(false);
    const error = await errorOf(runtime.generate(MESSAGES));
    expect(error).toMatchObject({ code: 'LLM_FAILED', message: 'No local model is loaded.' });
  });
});

describe('LocalRuntime, idle and failing', { timeout: 120_000 }, () => {
  it('unloads the model once it has been idle for idleMs', async () => {
    let unloaded!: () => void;
    const gone = new Promise<void>((resolve) => (unloaded = resolve));
    const runtime = new LocalRuntime({ ...OPTIONS, idleMs: 1, onUnload: () => unloaded() });
    await runtime.load(modelPath);
    await gone;
    expect(runtime.loaded).toBeUndefined();
    expect(mapsModel()).toBe(false);
  });

  it('refuses a file that is not a GGUF model as LLM_FAILED naming the file', async () => {
    const notAModel = join(dir, 'not-a-model.gguf');
    await writeFile(notAModel, '<html>404 Not Found</html>');
    const runtime = new LocalRuntime(OPTIONS);
    const error = await errorOf(runtime.load(notAModel));
    expect(error.code).toBe('LLM_FAILED');
    expect(error.message).toContain(notAModel);
    expect(runtime.loaded).toBeUndefined();
    await runtime.unload();
  });
});
