/**
 * The OpenAI-compatible client: one streamed chat completion from any endpoint that speaks
 * /chat/completions (OpenAI, Gemini's compatible API, Ollama, LM Studio, llama-server…). Plain
 * text only (no tools, no JSON mode, no sampling parameters some models refuse), so small local
 * models work. Every failure is LLM_FAILED with the provider's own reason, except the caller's
 * cancellation (CANCELLED); the API key never appears in a message.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LanternError } from '../../shared/errors';
import { ThinkingFilter, withoutThinking } from './thinking';
import type { ChatMessage, ChatModel } from './chat-model';
import {
  CREDENTIALS_IN_URL,
  hasCredentials,
  resolveLlmConfig,
  type LlmConfig,
  type LlmConfigInput,
} from './llm-config';
import { endpointForPeople } from './llm-endpoint';

/** The endpoint of `config` as a ChatModel. */
export function openAiChat(config: LlmConfig): ChatModel {
  return (messages, options) => completeChat(config, messages, options);
}

/**
 * The endpoint in force as a ChatModel for a task (a rewriter, a planner, a follow-up writer),
 * or undefined when none is configured or its setup cannot work: a task is an extra, and the rule
 * or the extractive path stands in for it.
 */
export function endpointChatFor(input: LlmConfigInput): ChatModel | undefined {
  try {
    const config = resolveLlmConfig(input);
    return config === undefined ? undefined : openAiChat(config);
  } catch {
    return undefined;
  }
}

/** One streamed chat completion: its text, each piece handed to onText as it arrives. */
export async function completeChat(
  config: LlmConfig,
  messages: ChatMessage[],
  { signal, onText = () => undefined }: { signal?: AbortSignal; onText?: (delta: string) => void },
): Promise<string> {
  const endpoint = endpointForPeople(config.baseUrl);
  const failed = (reason: string, cause?: unknown): LanternError =>
    new LanternError(
      'LLM_FAILED',
      redact(`The model ${config.model} at ${endpoint}: ${reason}`, config.apiKey),
      cause === undefined ? {} : { cause },
    );

  const timeout = AbortSignal.timeout(config.timeoutMs);
  const aborted = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
  // Every wait on the network goes through here: a rejection becomes the reason it happened.
  const step = async <T>(promise: Promise<T>, phase: 'request' | 'answer'): Promise<T> => {
    try {
      return await promise;
    } catch (error) {
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled before the model finished.');
      if (timeout.aborted) {
        throw failed(
          `no complete answer within ${config.timeoutMs} ms. Raise llm.timeoutMs, or use a faster or smaller model.`,
        );
      }
      if (phase === 'answer') throw failed(`the connection broke during the answer (${networkReason(error)}).`, error);
      throw failed(
        `could not be reached (${networkReason(error)}). Is the server running, and is llm.baseUrl right?`,
        error,
      );
    }
  };

  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (config.apiKey !== undefined) headers.authorization = `Bearer ${config.apiKey}`;
  const body = JSON.stringify({ model: config.model, messages, stream: true });
  if (signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled before the model was asked.');
  if (!URL.canParse(completionsUrl(config.baseUrl))) throw failed('the base URL is not a URL.');
  if (hasCredentials(config.baseUrl)) throw failed(CREDENTIALS_IN_URL);

  const response = await step(
    fetch(completionsUrl(config.baseUrl), { method: 'POST', headers, body, signal: aborted }),
    'request',
  );
  if (!response.ok) {
    const text = await step(response.text(), 'answer');
    const reason = providerMessage(text);
    const stop = /[.!?…]$/.test(reason) ? '' : '.';
    throw failed(
      `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}: ${reason}${stop}${hintFor(response.status)}`,
    );
  }
  const contentType = response.headers.get('content-type') ?? '';
  // A server that ignored `stream: true` sends the whole completion as JSON: take it as one piece.
  if (contentType.includes('application/json')) {
    const text = await step(response.text(), 'answer');
    const answer = withoutThinking(completionContent(text, failed));
    onText(answer);
    return answer;
  }
  if (response.body === null) throw failed('the response had no body.');

  const stream = new CompletionStream(failed);
  const shown = new ThinkingFilter();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await step(reader.read(), 'answer');
      const deltas = done ? stream.end(decoder.decode()) : stream.feed(decoder.decode(value, { stream: true }));
      for (const delta of deltas) {
        const answer = shown.feed(delta);
        if (answer !== '') onText(answer);
      }
      if (done) break;
      if (stream.finished) {
        // [DONE] came: no need to wait for the server to close the connection.
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  const rest = shown.end();
  if (rest !== '') onText(rest);
  return withoutThinking(stream.answer(contentType));
}

type Failed = (reason: string) => LanternError;

/** Server-sent events in, content deltas out; `[DONE]` or a finish reason ends the answer. */
class CompletionStream {
  private readonly pieces: string[] = [];
  private pending: string[] = [];
  private events = 0;
  private failure: LanternError | undefined;
  private sawDone = false;
  private sawFinish = false;
  private readonly parser = createParser({ onEvent: (event) => this.onEvent(event) });

  constructor(private readonly failed: Failed) {}

  get finished(): boolean {
    return this.sawDone;
  }

  feed(chunk: string): string[] {
    if (!this.sawDone) this.parser.feed(chunk);
    return this.take();
  }

  /** The connection closed: dispatch an event left without its closing blank line. */
  end(chunk: string): string[] {
    if (!this.sawDone) {
      this.parser.feed(chunk);
      this.parser.reset({ consume: true });
    }
    return this.take();
  }

  answer(contentType: string): string {
    const answer = this.pieces.join('');
    if (this.events === 0) {
      throw this.failed(
        `answered without server-sent events (Content-Type ${contentType || 'none'}). Is llm.baseUrl the API's base URL, usually ending in /v1?`,
      );
    }
    if (!this.sawDone && !this.sawFinish) throw this.failed('the stream ended before the model finished its answer.');
    if (answer.trim() === '') throw this.failed('the model returned an empty answer.');
    return answer;
  }

  private take(): string[] {
    if (this.failure !== undefined) throw this.failure;
    const deltas = this.pending;
    this.pending = [];
    return deltas;
  }

  private onEvent(event: EventSourceMessage): void {
    if (this.sawDone || this.failure !== undefined) return;
    this.events++;
    if (event.data.trim() === '[DONE]') {
      this.sawDone = true;
      return;
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      this.failure = this.failed(`sent a malformed stream: an event that is not JSON (${clip(event.data, 80)}).`);
      return;
    }
    const error = errorMessageOf(chunk);
    if (error !== undefined || event.event === 'error') {
      this.failure = this.failed(`failed during the answer: ${error ?? clip(event.data, 200)}`);
      return;
    }
    const choice = (chunk as { choices?: unknown }).choices;
    if (!Array.isArray(choice)) {
      this.failure = this.failed(`sent a malformed stream: an event without choices (${clip(event.data, 80)}).`);
      return;
    }
    const first = choice[0] as { delta?: { content?: unknown }; finish_reason?: unknown } | undefined;
    // Reasoning models may stream their thinking in other fields (reasoning_content): not the answer.
    const content = first?.delta?.content;
    if (typeof content === 'string' && content !== '') {
      this.pieces.push(content);
      this.pending.push(content);
    }
    if (typeof first?.finish_reason === 'string') this.sawFinish = true;
  }
}

function completionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

function completionContent(text: string, failed: Failed): string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw failed(`sent a JSON content type but not JSON (${clip(text, 80)}).`);
  }
  const error = errorMessageOf(json);
  if (error !== undefined) throw failed(error);
  const content = (json as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw failed('the model returned an empty answer.');
  return content;
}

/**
 * The provider's reason from an error body: OpenAI, llama.cpp and Ollama send
 * {"error":{"message"}}, Gemini [{"error":{"message"}}], others {"error":"…"} or {"message"};
 * anything else is shown as text.
 */
function providerMessage(body: string): string {
  try {
    const message = errorMessageOf(JSON.parse(body));
    if (message !== undefined) return message;
  } catch {
    // not JSON: the text itself is the best reason there is
  }
  return body.trim() === '' ? '(no message)' : clip(body, 300);
}

function errorMessageOf(json: unknown): string | undefined {
  const item = (Array.isArray(json) ? json[0] : json) as {
    error?: unknown;
    message?: unknown;
    detail?: unknown;
  } | null;
  if (item === null || typeof item !== 'object') return undefined;
  const error = item.error as { message?: unknown } | string | undefined | null;
  if (typeof error === 'string') return clip(error, 300);
  if (error !== null && typeof error === 'object' && typeof error.message === 'string') return clip(error.message, 300);
  if (error !== undefined && error !== null) return clip(JSON.stringify(error), 300);
  if (typeof item.message === 'string' && !('choices' in item)) return clip(item.message, 300);
  if (typeof item.detail === 'string') return clip(item.detail, 300);
  return undefined;
}

function hintFor(status: number): string {
  if (status === 401 || status === 403)
    return ' Check the API key (LANTERN_LLM_API_KEY or the llm-key file in the data dir).';
  if (status === 404) return ' Check llm.model and llm.baseUrl.';
  if (status === 429) return ' The provider is rate-limiting or out of quota; try again later.';
  return '';
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Untrusted text on one short line: no control characters, at most `max` characters. */
function clip(text: string, max: number): string {
  const flat = text
    // eslint-disable-next-line no-control-regex -- the control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function redact(message: string, apiKey: string | undefined): string {
  return apiKey === undefined || apiKey === '' ? message : message.split(apiKey).join('[API key]');
}
