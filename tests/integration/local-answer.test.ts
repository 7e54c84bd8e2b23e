/**
 * An answer written by the built-in runtime, wired as the composition root wires it: the `local`
 * preset names a model in the data dir's models folder, and ResearchApi.answer composes with it.
 * The model is the tiny random GGUF (its words are gibberish): this asserts the wiring — the
 * answer is the model's and streamed — and what an answer says when the model cannot be used.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleResearch } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import type { AnswerEvent } from '../../src/shared/answer-contract';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { SOURCE_WORKER_ENTRY } from '../support/local-runtime-worker-entry';
import { ReplayingPageLoader } from '../support/replaying-loader';
import { TINY_GGUF_SHAPE, writeTinyGguf } from '../support/tiny-gguf';

let site: AnswerSite;
const dirs: string[] = [];

beforeAll(async () => {
  site = await startAnswerSite();
});

afterAll(async () => {
  await site.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function runtimeWith(options: {
  modelWorker: boolean;
  model: string;
  writeModel: boolean;
}): Promise<ResearchService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-local-answer-'));
  dirs.push(dataDir);
  if (options.writeModel) {
    mkdirSync(join(dataDir, 'models'));
    // Its context holds the rules (about a thousand byte tokens) and the passages.
    await writeTinyGguf(join(dataDir, 'models', 'tiny.gguf'), { ...TINY_GGUF_SHAPE, contextLength: 4096 });
  }
  const research = assembleResearch({
    dataDir,
    env: { LANTERN_DATA_DIR: dataDir },
    loader: new ReplayingPageLoader({ settleGraceMs: 0 }),
    canShowWindow: () => false,
    ...(options.modelWorker ? { modelWorker: SOURCE_WORKER_ENTRY } : {}),
  });
  await research.settings.update({
    fetch: { allowPrivateNetworks: true },
    llm: { preset: 'local', model: options.model },
  });
  return research;
}

describe('answers by the built-in runtime', { timeout: 180_000 }, () => {
  it('composes with the local preset’s model, streaming its text', async () => {
    const research = await runtimeWith({ modelWorker: true, model: 'tiny.gguf', writeModel: true });
    const texts: string[] = [];
    const response = await research.answer(
      { question: 'How much caffeine is in a shot of espresso?', urls: [`${site.pages}/espresso`], composer: 'llm' },
      { onEvent: (event: AnswerEvent) => (event.type === 'text' ? texts.push(event.delta) : undefined) },
    );
    expect(response.composer).toBe('llm');
    expect(response.llmError).toBeUndefined();
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join('').length).toBeGreaterThan(0);
    await research.close();
  });

  it('falls back to quoting, and says why, when the model file is not there', async () => {
    const research = await runtimeWith({ modelWorker: true, model: 'qwen3-4b', writeModel: false });
    const response = await research.answer({
      question: 'How much caffeine is in a shot of espresso?',
      urls: [`${site.pages}/espresso`],
    });
    expect(response.composer).toBe('extractive');
    expect(response.llmError?.message).toMatch(
      /The model file .*Qwen3-4B-Q4_K_M\.gguf is not there: download the model first/,
    );
    await research.close();
  });

  it('falls back to quoting, and says why, in a build without the runtime', async () => {
    const research = await runtimeWith({ modelWorker: false, model: 'tiny.gguf', writeModel: true });
    const response = await research.answer({
      question: 'How much caffeine is in a shot of espresso?',
      urls: [`${site.pages}/espresso`],
    });
    expect(response.composer).toBe('extractive');
    expect(response.llmError?.message).toBe(
      'The built-in model runtime is not part of this build: choose another llm.preset.',
    );
    await research.close();
  });
});
