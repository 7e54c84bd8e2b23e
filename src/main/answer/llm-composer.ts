/**
 * The answer written by a model: its prompt (llm-prompt.ts) over the numbered passages, sent to
 * the model in force as one streamed completion.
 */
import { LanternError } from '../../shared/errors';
import type { ChatModel } from '../llm/chat-model';
import { resolveLlmConfig, type LlmConfig, type LlmConfigInput } from '../llm/llm-config';
import { openAiChat } from '../llm/openai-chat';
import type { Composer } from './composer';
import { buildLlmMessages } from './llm-prompt';

export function createLlmComposer(chat: ChatModel): Composer {
  return ({ question, passages, thread, signal, onText }) =>
    chat(buildLlmMessages({ question, passages, ...(thread ? { thread } : {}) }), {
      onText,
      ...(signal ? { signal } : {}),
    });
}

/**
 * The composition root's one call at each answer: the composer for the endpoint in force, or
 * undefined when none is configured. A setup that cannot work gives a composer that fails with
 * the reason, so the answer falls back to extractive and says why.
 */
export function llmComposerFor(input: LlmConfigInput): Composer | undefined {
  let config: LlmConfig | undefined;
  try {
    config = resolveLlmConfig(input);
  } catch (error) {
    if (!(error instanceof LanternError)) throw error;
    return async () => {
      throw error;
    };
  }
  return config === undefined ? undefined : createLlmComposer(openAiChat(config));
}
