/**
 * The answer composer on the built-in runtime, with the tiny GGUF (tests/support/tiny-gguf.ts):
 * its text is gibberish, so this asserts the mechanics — the Composer streams, and the prompt is
 * fitted into the model's context by the model's own tokenizer, passages left out, never the rules;
 * the tasks' ChatModel (follow-ups, the rewrite, the plan) asks the same runtime.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLlmMessages } from '../../src/main/answer/llm-prompt';
import type { ChatMessage } from '../../src/main/llm/chat-model';
import type { Passage } from '../../src/main/answer/passages';
import { createLocalChat, createLocalComposer, passagesThatFit } from '../../src/main/models/local-composer';
import { buildPlanMessages, createSubQuestionWriter } from '../../src/main/deep-research/llm-planner';
import { createSupportJudge } from '../../src/main/answer/support-judge';
import { MAX_SUB_QUESTIONS } from '../../src/shared/research-contract';
import { LanternError } from '../../src/shared/errors';
import { LocalRuntime } from '../../src/main/models/local-runtime';
import { errorOf } from '../support/error-of';
import { SOURCE_WORKER_ENTRY } from '../support/local-runtime-worker-entry';
import { TINY_GGUF_SHAPE, writeTinyGguf } from '../support/tiny-gguf';

const CONTEXT = 4096;
let dir: string;
let modelPath: string;
let runtime: LocalRuntime;

const passages: Passage[] = Array.from({ length: 30 }, (_, i) => {
  const text =
    `Passage ${i + 1} says that the lantern was lit at dusk and carried along the harbour wall by the keeper, as every evening. `.repeat(
      2,
    );
  return {
    id: i,
    n: (i % 5) + 1,
    url: `https://example.org/${i % 5}`,
    title: `Page ${(i % 5) + 1}`,
    text,
    start: 0,
    end: text.length,
  };
});
const question = 'When was the lantern lit?';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lantern-composer-'));
  modelPath = join(dir, 'tiny-4k.gguf');
  await writeTinyGguf(modelPath, { ...TINY_GGUF_SHAPE, contextLength: CONTEXT });
  runtime = new LocalRuntime({ worker: SOURCE_WORKER_ENTRY, threads: 1, gpu: false, contextSize: CONTEXT, idleMs: 0 });
});

afterAll(async () => {
  await runtime.unload();
  await rm(dir, { recursive: true, force: true });
});

describe('createLocalComposer', { timeout: 120_000 }, () => {
  it('answers through the Composer interface, streaming, with more passages than the context holds', async () => {
    const deltas: string[] = [];
    const compose = createLocalComposer(runtime, modelPath, { answerTokens: 32 });
    const answer = await compose({ question, passages, onText: (delta) => deltas.push(delta) });
    expect(answer.length).toBeGreaterThan(0);
    expect(deltas.join('')).toBe(answer);
  });

  it('fits the prompt by the model’s tokenizer: the most passages that fit, one more would not', async () => {
    await runtime.load(modelPath);
    const build = (count: number): ChatMessage[] => buildLlmMessages({ question, passages: passages.slice(0, count) });
    const tokens = async (messages: ChatMessage[]): Promise<number> => {
      let total = 0;
      for (const message of messages) total += await runtime.countTokens(message.content);
      return total;
    };
    const budget = CONTEXT - 768;
    const count = await passagesThatFit(passages, build, tokens, budget);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(passages.length);
    expect(await tokens(build(count!))).toBeLessThanOrEqual(budget);
    expect(await tokens(build(count! + 1))).toBeGreaterThan(budget);
  });

  it('says so when the context cannot hold even the rules and the question', async () => {
    const compose = createLocalComposer(runtime, modelPath, { answerTokens: CONTEXT - 100 });
    const error = await errorOf(compose({ question, passages, onText: () => undefined }));
    expect(error.code).toBe('LLM_FAILED');
    expect(error.message).toMatch(/cannot hold the rules and the question/);
  });
});

describe('createLocalChat', { timeout: 120_000 }, () => {
  it('is a ChatModel on the runtime: a task prompt in, the model’s streamed reply out', async () => {
    const deltas: string[] = [];
    const chat = createLocalChat(runtime, modelPath, 8);
    const reply = await chat(buildPlanMessages(question), { onText: (delta) => deltas.push(delta) });
    expect(deltas.join('')).toBe(reply);
    expect(reply.length).toBeGreaterThan(0);
  });

  it('drives a task written once for every model: the research plan from the local model, or LLM_FAILED saying why', async () => {
    const plan = createSubQuestionWriter(createLocalChat(runtime, modelPath, 24));
    const outcome = await plan({ question }).catch((error: unknown) => error);
    if (outcome instanceof LanternError) {
      expect(outcome.code).toBe('LLM_FAILED');
      expect(outcome.message).toMatch(/no usable sub-questions/);
    } else {
      expect(Array.isArray(outcome)).toBe(true);
      expect((outcome as string[]).length).toBeGreaterThan(0);
      expect((outcome as string[]).length).toBeLessThanOrEqual(MAX_SUB_QUESTIONS);
    }
  });

  it('reads citations on the runtime: nine claims in two calls, a gibberish reply leaving each undecided', async () => {
    const chat = createLocalChat(runtime, modelPath, 16);
    let calls = 0;
    const judge = createSupportJudge(async (messages, options) => {
      calls += 1;
      return chat(messages, options);
    });
    const questions = Array.from({ length: 9 }, (_, i) => ({
      claim: `The keeper lit lantern ${i + 1} at dusk.`,
      quote: passages[i]!.text,
    }));
    const verdicts = await judge(questions);
    expect(calls).toBe(2);
    // The tiny model writes no "n: yes" line: nothing is decided, and the rules' verdicts stand.
    expect(verdicts).toEqual(Array.from({ length: 9 }, () => undefined));
  });

  it('ends with CANCELLED when its signal is aborted', async () => {
    const chat = createLocalChat(runtime, modelPath, 64);
    const stop = new AbortController();
    stop.abort();
    expect(await errorOf(chat(buildPlanMessages(question), { signal: stop.signal }))).toMatchObject({
      code: 'CANCELLED',
    });
  });
});
