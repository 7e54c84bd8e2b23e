/**
 * The built-in runtime as a model: a ChatModel for the small tasks (follow-ups, the thread
 * rewrite, the research plan), and the answer composer on the same prompt as the
 * OpenAI-compatible one (llm-prompt.ts), fitted into the local model's context by its own
 * tokenizer — the rules and the question always whole, the lowest-ranked passages left out until
 * the rest fits beside the room kept for the answer.
 */
import { LanternError } from '../../shared/errors';
import type { Composer } from '../answer/composer';
import { buildLlmMessages } from '../answer/llm-prompt';
import type { ChatMessage, ChatModel } from '../llm/chat-model';
import type { Passage } from '../answer/passages';
import type { LocalRuntime } from './local-runtime';

export interface LocalComposerOptions {
  /** Tokens kept for the answer (and the most it may write). */
  answerTokens?: number;
}

const DEFAULT_ANSWER_TOKENS = 768;
/** The chat template's own tokens around each message (role markers, turn ends): a margin, not a count. */
const TEMPLATE_TOKENS_PER_MESSAGE = 16;

/** A task's reply is a few lines (three questions, a rewritten question, a plan). */
const TASK_TOKENS = 256;

/** The model at `modelPath` on the runtime, loaded at the first ask; a prompt past its context fails as LLM_FAILED. */
export function createLocalChat(runtime: LocalRuntime, modelPath: string, maxTokens = TASK_TOKENS): ChatModel {
  return async (messages, { signal, onText }) => {
    await runtime.load(modelPath);
    const generation = await runtime.generate(messages, {
      maxTokens,
      ...(onText ? { onText } : {}),
      ...(signal ? { signal } : {}),
    });
    return generation.text;
  };
}

export function createLocalComposer(
  runtime: LocalRuntime,
  modelPath: string,
  options: LocalComposerOptions = {},
): Composer {
  const answerTokens = options.answerTokens ?? DEFAULT_ANSWER_TOKENS;
  return async ({ question, passages, thread, signal, onText }) => {
    const { contextSize } = await runtime.load(modelPath);
    const build = (count: number): ChatMessage[] =>
      buildLlmMessages({ question, passages: passages.slice(0, count), ...(thread ? { thread } : {}) });
    const count = await passagesThatFit(
      passages,
      build,
      (messages) => promptTokens(runtime, messages),
      contextSize - answerTokens,
    );
    if (count === undefined) {
      throw new LanternError(
        'LLM_FAILED',
        `The local model's context (${contextSize} tokens) cannot hold the rules and the question with ${answerTokens} tokens for the answer. Choose a model with a larger context.`,
      );
    }
    const generation = await runtime.generate(build(count), {
      maxTokens: answerTokens,
      onText,
      ...(signal ? { signal } : {}),
    });
    return generation.text;
  };
}

async function promptTokens(runtime: LocalRuntime, messages: ChatMessage[]): Promise<number> {
  let total = 0;
  for (const message of messages) total += (await runtime.countTokens(message.content)) + TEMPLATE_TOKENS_PER_MESSAGE;
  return total;
}

/**
 * The most passages, best first, whose prompt is within `budget` tokens (a binary search: the
 * prompt only grows with each passage); undefined when not even none fit.
 */
export async function passagesThatFit(
  passages: readonly Passage[],
  build: (count: number) => ChatMessage[],
  count: (messages: ChatMessage[]) => Promise<number>,
  budget: number,
): Promise<number | undefined> {
  const fits = async (n: number): Promise<boolean> => (await count(build(n))) <= budget;
  if (await fits(passages.length)) return passages.length;
  if (!(await fits(0))) return undefined;
  let low = 0;
  let high = passages.length;
  // Invariant: `low` passages fit, `high` do not.
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (await fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}
