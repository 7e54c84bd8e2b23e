/**
 * The built-in runtime: a GGUF model run by node-llama-cpp off the caller's thread, in a host of
 * its own running local-runtime-worker.ts: a worker thread under Node, Electron's utility process
 * in the desktop app (doors/electron/utility-model-host.ts), where a crash inside llama.cpp ends
 * that process alone. One model is loaded at a time; it is unloaded when idle, and unloading ends
 * the host, so the model's memory and mapping go with it.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LanternError } from '../../shared/errors';
import type { GenerateRequest, LoadedModelInfo, RuntimeReply, RuntimeRequest } from './runtime-protocol';

export type { LoadedModelInfo } from './runtime-protocol';

/** Where the worker's code is: the built file beside the bundle, or the TypeScript source run through tsx. */
export interface WorkerEntry {
  url: URL;
  execArgv?: string[];
}

/**
 * The worker as the builds write it, beside their entry file: dist/model-worker.js beside the
 * CLI's dist/cli.js (scripts/build-cli.mjs), out/main/model-worker.js beside the app's
 * out/main/index.js (electron.vite.config.ts). `entryUrl` is the entry's import.meta.url.
 */
export function builtWorkerEntry(entryUrl: string): WorkerEntry {
  return { url: new URL('./model-worker.js', entryUrl) };
}

/** A running host: requests in; the replies and its end go to the handlers it was started with. */
export interface RuntimeHost {
  post(request: RuntimeRequest): void;
  /** Keeps the calling process alive while a call waits, let go when idle (a worker thread's ref/unref). */
  hold(held: boolean): void;
  /** Ends the host (and with it the model's memory). */
  stop(): Promise<void>;
}

export type StartRuntimeHost = (handlers: {
  onReply: (reply: RuntimeReply) => void;
  /** The host ended or failed (also after stop: the runtime ignores a host it has let go). */
  onGone: (reason: string) => void;
}) => RuntimeHost;

/** The worker file run in a worker thread of this process. */
export function workerThreadHost({ url, execArgv }: WorkerEntry): StartRuntimeHost {
  return ({ onReply, onGone }) => {
    const worker = new Worker(url, execArgv ? { execArgv } : {});
    worker.on('message', onReply);
    worker.on('error', (error) => onGone(`the model's worker failed (${error.message}).`));
    worker.on('exit', (code) => onGone(`the model's worker ended (exit code ${code}).`));
    return {
      post: (request) => worker.postMessage(request),
      hold: (held) => (held ? worker.ref() : worker.unref()),
      stop: async () => {
        await worker.terminate();
      },
    };
  };
}

export interface LocalRuntimeOptions {
  /** Where the model runs: a worker thread of the worker file, or a host of the caller's. */
  worker: WorkerEntry | StartRuntimeHost;
  /** Evaluation threads; by default one core is left to the rest of Lantern. */
  threads?: number;
  gpu?: 'auto' | false;
  /** The context window asked for (capped by the model's). */
  contextSize?: number;
  /** The model is unloaded this long after its last use; 0 keeps it. */
  idleMs?: number;
  /** Told when the model is unloaded (asked, idle, or the host gone). */
  onUnload?: () => void;
}

export interface GenerateOptions {
  maxTokens?: number;
  signal?: AbortSignal;
  onText?: (delta: string) => void;
}

export interface Generation {
  text: string;
  tokens: number;
  stopReason: string;
}

type Message = GenerateRequest['messages'][number];
type Pending = {
  resolve: (reply: RuntimeReply) => void;
  reject: (error: Error) => void;
  onText?: (delta: string) => void;
};

export const DEFAULT_CONTEXT_SIZE = 4096;
export const DEFAULT_IDLE_MS = 5 * 60_000;
const DEFAULT_MAX_TOKENS = 1024;

export class LocalRuntime {
  private host: RuntimeHost | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private info: LoadedModelInfo | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private busy = 0;

  constructor(private readonly options: LocalRuntimeOptions) {}

  /** The model loaded now, if any. */
  get loaded(): LoadedModelInfo | undefined {
    return this.info;
  }

  /** Loads a GGUF file (another model loaded is unloaded first). */
  async load(modelPath: string): Promise<LoadedModelInfo> {
    if (this.info?.modelPath === modelPath) return this.info;
    const reply = await this.ask({
      type: 'load',
      id: this.nextId++,
      modelPath,
      contextSize: this.options.contextSize ?? DEFAULT_CONTEXT_SIZE,
      threads: this.options.threads ?? Math.max(1, availableParallelism() - 1),
      gpu: this.options.gpu ?? 'auto',
    }).catch((error: Error) => {
      throw new LanternError('LLM_FAILED', `The model ${modelPath} could not be loaded: ${error.message}`);
    });
    if (reply.type !== 'loaded') throw new Error(`Unexpected reply ${reply.type} to load.`);
    this.info = reply.info;
    this.touch();
    return reply.info;
  }

  /**
   * One chat completion from the loaded model, each piece of text handed to onText as it comes. A
   * cancel rejects with CANCELLED once the worker has stopped generating, so the next call finds
   * the model free.
   */
  async generate(
    messages: Message[],
    { maxTokens = DEFAULT_MAX_TOKENS, signal, onText }: GenerateOptions = {},
  ): Promise<Generation> {
    if (this.info === undefined) throw new LanternError('LLM_FAILED', 'No local model is loaded.');
    if (signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled before the model was asked.');
    const id = this.nextId++;
    const cancel = (): void => this.host?.post({ type: 'cancel', id });
    signal?.addEventListener('abort', cancel, { once: true });
    this.busy++;
    try {
      const reply = await this.ask({ type: 'generate', id, messages, maxTokens }, onText);
      if (reply.type !== 'generated') throw new Error(`Unexpected reply ${reply.type} to generate.`);
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled before the model finished.');
      return { text: reply.text, tokens: reply.tokens, stopReason: reply.stopReason };
    } catch (error) {
      if (error instanceof LanternError) throw error;
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The answer was cancelled before the model finished.');
      throw new LanternError(
        'LLM_FAILED',
        `The local model ${this.info?.modelPath ?? ''} failed: ${(error as Error).message}`,
      );
    } finally {
      signal?.removeEventListener('abort', cancel);
      this.busy--;
      this.touch();
    }
  }

  /** Tokens of a text by the loaded model's own tokenizer (to fit a prompt into its context). */
  async countTokens(text: string): Promise<number> {
    if (this.info === undefined) throw new LanternError('LLM_FAILED', 'No local model is loaded.');
    const reply = await this.ask({ type: 'count-tokens', id: this.nextId++, text });
    if (reply.type !== 'counted') throw new Error(`Unexpected reply ${reply.type} to count-tokens.`);
    return reply.tokens;
  }

  /** Unloads the model and ends its host; nothing happens when none is loaded. */
  async unload(): Promise<void> {
    clearTimeout(this.idleTimer);
    const host = this.host;
    if (host === undefined) return;
    await this.ask({ type: 'unload', id: this.nextId++ }).catch(() => undefined);
    this.host = undefined;
    await host.stop();
    this.forget();
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    const idleMs = this.options.idleMs ?? DEFAULT_IDLE_MS;
    if (idleMs === 0 || this.info === undefined) return;
    this.idleTimer = setTimeout(() => {
      if (this.busy === 0) void this.unload();
    }, idleMs);
    this.idleTimer.unref();
  }

  private forget(): void {
    const hadModel = this.info !== undefined;
    this.info = undefined;
    for (const pending of this.pending.values()) pending.reject(new Error('the runtime was unloaded.'));
    this.pending.clear();
    if (hadModel) this.options.onUnload?.();
  }

  private ask(
    request: Exclude<RuntimeRequest, { type: 'cancel' }>,
    onText?: (delta: string) => void,
  ): Promise<RuntimeReply> {
    const host = this.startHost();
    // Held while it has work, so a waiting caller keeps the process alive; let go when idle.
    host.hold(true);
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject, ...(onText ? { onText } : {}) });
      host.post(request);
    });
  }

  private startHost(): RuntimeHost {
    if (this.host !== undefined) return this.host;
    const start =
      typeof this.options.worker === 'function' ? this.options.worker : workerThreadHost(this.options.worker);
    const host: RuntimeHost = start({
      onReply: (reply) => this.onReply(reply),
      onGone: (reason) => {
        if (this.host !== host) return;
        this.host = undefined;
        for (const pending of this.pending.values()) pending.reject(new Error(reason));
        this.pending.clear();
        this.forget();
      },
    });
    this.host = host;
    return host;
  }

  private onReply(reply: RuntimeReply): void {
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    if (reply.type === 'text') {
      pending.onText?.(reply.delta);
      return;
    }
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.host?.hold(false);
    if (reply.type === 'failed') pending.reject(new Error(reply.message));
    else pending.resolve(reply);
  }
}
