/**
 * `lantern model …` run in process over ResearchApi's models: the catalog with each model's fit,
 * the servers found (a stand-in Ollama shaped as its docs say, tests/support/model-servers.ts),
 * a download from a loopback file server with its progress on stderr, the choice, the test, a
 * removal, and a bad id as exit code 2 naming the field.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli';
import {
  fakeJan,
  fakeOllama,
  serveModelFile,
  writeTestCatalog,
  type ModelFileServer,
  type Served,
} from '../support/model-servers';

let dataDir: string;
let ollama: Served;
let file: ModelFileServer;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lantern-model-cli-'));
  [ollama, file] = await Promise.all([fakeOllama(), serveModelFile()]);
  env = {
    LANTERN_DATA_DIR: dataDir,
    LANTERN_MODEL_SERVERS: `ollama=${ollama.origin}`,
    LANTERN_MODEL_CATALOG: writeTestCatalog(dataDir, file),
  };
});

afterAll(async () => {
  await Promise.all([ollama.close(), file.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('lantern model', () => {
  it('lists the catalog with sizes, memory, fit and an estimate', async () => {
    const run = await runCliInProcess(['model', 'list'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Models go to ${join(dataDir, 'models')}.`);
    expect(run.stdout).toContain(
      'tiny-chat\n  Tiny Chat 1B (test), Apache-2.0: 200 kB on disk, about 1.0 GB of memory to answer',
    );
    expect(run.stdout).toContain(
      'huge-chat\n  Huge Chat 70B (test), Apache-2.0: 200 kB on disk, about 4.0 TB of memory to answer\n  Too big for this computer; about',
    );
  });

  it('finds the server running here and says how to use its one chat model', async () => {
    const run = await runCliInProcess(['model', 'find'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Ollama 0.12.6 at ${ollama.origin}/v1\n  qwen3:4b\nTo answer with it: lantern model use qwen3:4b --server ${ollama.origin}/v1\n`,
    );
    const use = await runCliInProcess(['model', 'use', 'qwen3:4b', '--server', `${ollama.origin}/v1`], env);
    expect(use.stdout).toBe(`Answers will be written by qwen3:4b (${ollama.origin}/v1).\n`);
    const test = await runCliInProcess(['model', 'test'], env);
    expect([test.code, test.stdout]).toEqual([0, `ok: qwen3:4b answers at ${ollama.origin}/v1\n`]);
  });

  it('says how to give a server that asks for its key the key it needs', async () => {
    const jan = await fakeJan('jan-secret');
    try {
      const run = await runCliInProcess(['model', 'find'], { ...env, LANTERN_MODEL_SERVERS: `jan=${jan.origin}` });
      expect([run.code, run.stdout]).toEqual([
        0,
        `Jan at ${jan.origin}/v1\n  shows its models only with its API key: set llm.preset custom and llm.baseUrl ${jan.origin}/v1 (lantern settings set), its key in LANTERN_LLM_API_KEY or the llm-key file (docs/cli.md), and look again\n`,
      ]);
      const keyed = await runCliInProcess(['model', 'find'], {
        ...env,
        LANTERN_MODEL_SERVERS: `jan=${jan.origin}`,
        LANTERN_LLM_BASE_URL: `${jan.origin}/v1`,
        LANTERN_LLM_API_KEY: 'jan-secret',
      });
      expect(keyed.stdout).toContain(`Jan at ${jan.origin}/v1\n  Jan-v3-4b-base-instruct-Q4_K_XL\n`);
    } finally {
      await jan.close();
    }
  });

  it('downloads with progress on stderr, uses and removes a catalog model', async () => {
    const run = await runCliInProcess(['model', 'download', 'tiny-chat'], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^downloading tiny-chat: 200 kB of 200 kB · [\d.]+ (k|M|G)?B\/s\n$/m);
    const path = join(dataDir, 'models', 'tiny-chat.gguf');
    expect(run.stdout).toBe(
      `tiny-chat is downloaded and checked: ${path}\nTo answer with it: lantern model use tiny-chat\n`,
    );
    expect((await runCliInProcess(['model', 'list'], env)).stdout).toContain('tiny-chat (downloaded)');
    expect((await runCliInProcess(['model', 'use', 'tiny-chat'], env)).stdout).toBe(
      'Answers will be written by tiny-chat (run by Lantern on this machine).\n',
    );
    // In process there is no built worker: the test says so, and fails.
    const test = await runCliInProcess(['model', 'test'], env);
    expect([test.code, test.stdout]).toEqual([
      1,
      'not working: The built-in model runtime is not part of this build: choose a model server instead.\n',
    ]);
    expect((await runCliInProcess(['model', 'remove', 'tiny-chat'], env)).stdout).toBe('tiny-chat is removed.\n');
    expect(existsSync(path)).toBe(false);
  });

  it('refuses an id the catalog does not have, naming the field (exit 2)', async () => {
    const run = await runCliInProcess(['model', 'download', 'nope'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('id: no model "nope" in the catalog; the catalog has tiny-chat, huge-chat.');
  });
});
