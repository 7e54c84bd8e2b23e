/**
 * What every use of a model asks of it (the answer, follow-ups, the thread rewrite, the research
 * plan): one chat completion. Two kinds give it: an OpenAI-compatible endpoint (openai-chat.ts)
 * and the built-in runtime (src/main/models/local-composer.ts), so a task is written once for both.
 */

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** One whole completion of `messages`, each piece handed to onText as it arrives; LLM_FAILED or CANCELLED when it cannot. */
export type ChatModel = (
  messages: ChatMessage[],
  options: { signal?: AbortSignal; onText?: (delta: string) => void },
) => Promise<string>;
