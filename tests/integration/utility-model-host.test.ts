/**
 * The built-in runtime in a utility process, as the desktop app runs it: LocalRuntime over
 * utilityModelHost, with Electron's utilityProcess replaced by a double that behaves as its
 * documentation says (tests/support/utility-process-double.ts), running the real worker file and
 * node-llama-cpp on the tiny GGUF. Mechanics only: text streams, a cancel stops it, unloading ends
 * the process, and a process that dies fails what waited on it and is started again on the next call.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utilityModelHost } from '../../src/main/doors/electron/utility-model-host';
import { LocalRuntime } from '../../src/main/models/local-runtime';
import { errorOf } from '../support/error-of';
import { SOURCE_WORKER_ENTRY } from '../support/local-runtime-worker-entry';
import { writeTinyGguf } from '../support/tiny-gguf';
import { utilityProcessDouble, type UtilityProcessDouble } from '../support/utility-process-double';

const MESSAGES = [
  { role: 'system' as const, content: 'Answer from the sources.' },
  { role: 'user' as const, content: 'What is a lantern?' },
];
const WORKER_FILE = fileURLToPath(SOURCE_WORKER_ENTRY.url);

let dir: string;
let modelPath: string;
let electron: UtilityProcessDouble;
let runtime: LocalRuntime;
let unloads = 0;

const exited = (index: number): Promise<void> =>
  new Promise((resolve) => {
    const child = electron.children[index]!.process;
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lantern-utility-'));
  modelPath = join(dir, 'tiny.gguf');
  await writeTinyGguf(modelPath);
  electron = utilityProcessDouble();
  runtime = new LocalRuntime({
    worker: utilityModelHost(electron, WORKER_FILE),
    threads: 1,
    gpu: false,
    contextSize: 512,
    idleMs: 0,
    onUnload: () => unloads++,
  });
});

afterAll(async () => {
  await runtime.unload();
  await rm(dir, { recursive: true, force: true });
});

describe('the built-in runtime in a utility process', { timeout: 120_000 }, () => {
  it('forks the worker file once, named, and loads the model there, not in this process', async () => {
    await runtime.load(modelPath);
    expect(electron.children.map((c) => [c.modulePath, c.serviceName])).toEqual([
      [WORKER_FILE, 'Lantern model runtime'],
    ]);
    expect(runtime.loaded).toMatchObject({ modelPath, contextSize: 512 });
    expect(electron.children[0]!.process.pid).not.toBe(process.pid);
  });

  it('streams a generation from it, and a cancel ends with CANCELLED, the model free for the next', async () => {
    const deltas: string[] = [];
    const generation = await runtime.generate(MESSAGES, { maxTokens: 16, onText: (delta) => deltas.push(delta) });
    expect(deltas.join('')).toBe(generation.text);
    expect(generation.tokens).toBe(16);

    const abort = new AbortController();
    const cancelled = runtime.generate(MESSAGES, {
      maxTokens: 400,
      signal: abort.signal,
      onText: () => abort.abort(),
    });
    expect(await errorOf(cancelled)).toMatchObject({ code: 'CANCELLED' });
    expect((await runtime.generate(MESSAGES, { maxTokens: 4 })).tokens).toBe(4);
  });

  it('unloading ends the process', async () => {
    const before = unloads;
    await runtime.unload();
    await exited(0);
    expect(runtime.loaded).toBeUndefined();
    expect(unloads).toBe(before + 1);
  });

  it('a process that dies fails the call waiting on it, forgets the model, and the next call starts another', async () => {
    await runtime.load(modelPath);
    expect(electron.children).toHaveLength(2);
    const waiting = runtime.generate(MESSAGES, {
      maxTokens: 400,
      onText: () => electron.children[1]!.process.kill('SIGKILL'),
    });
    const error = await waiting.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/the model's process ended \(exit code 9\)/);
    expect(runtime.loaded).toBeUndefined();
    await runtime.load(modelPath);
    expect(electron.children).toHaveLength(3);
    expect((await runtime.generate(MESSAGES, { maxTokens: 4 })).tokens).toBe(4);
  });
});
