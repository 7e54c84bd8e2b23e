/**
 * Where node-llama-cpp runs (started by local-runtime.ts): a worker thread under Node, Electron's
 * utility process in the desktop app. One model and one context at a time, one generation at a
 * time on its single sequence. Loading and evaluating are native calls that would stall the
 * thread they run on; here they stall only this one. Requests run one after another, except
 * `cancel`, which stops the generation under way.
 */
import { parentPort } from 'node:worker_threads';
import { getLlama, LlamaChatSession, type Llama, type LlamaContext, type LlamaModel } from 'node-llama-cpp';
import type { GenerateRequest, LoadRequest, RuntimeReply, RuntimeRequest } from './runtime-protocol';

/**
 * A utility process's port to the main process (https://www.electronjs.org/docs/latest/api/parent-port):
 * an EventEmitter on `process`, whose 'message' events carry the message as `data`.
 */
interface UtilityParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
}

const port = connect();

function connect(): { post(reply: RuntimeReply): void; listen(handle: (request: RuntimeRequest) => void): void } {
  const utility = (process as NodeJS.Process & { parentPort?: UtilityParentPort }).parentPort;
  if (utility !== undefined)
    return {
      post: (reply) => utility.postMessage(reply),
      listen: (handle) => utility.on('message', (event) => handle(event.data as RuntimeRequest)),
    };
  const thread = parentPort;
  if (thread === null) throw new Error('local-runtime-worker runs as a worker thread or an Electron utility process.');
  return {
    post: (reply) => thread.postMessage(reply),
    listen: (handle) => thread.on('message', handle),
  };
}

let llama: Promise<Llama> | undefined;
let loaded: { model: LlamaModel; context: LlamaContext } | undefined;
const generations = new Map<number, AbortController>();
/** Generations cancelled while they waited their turn: they end before they start. */
const cancelledEarly = new Set<number>();
let queue: Promise<void> = Promise.resolve();

const reply = (message: RuntimeReply): void => port.post(message);

port.listen((request) => {
  if (request.type === 'cancel') {
    const generation = generations.get(request.id);
    if (generation) generation.abort();
    else cancelledEarly.add(request.id);
    return;
  }
  queue = queue.then(() =>
    handle(request).catch((error: unknown) =>
      reply({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
    ),
  );
});

async function handle(request: Exclude<RuntimeRequest, { type: 'cancel' }>): Promise<void> {
  switch (request.type) {
    case 'load':
      return load(request);
    case 'generate':
      return generate(request);
    case 'count-tokens':
      reply({ type: 'counted', id: request.id, tokens: current().model.tokenize(request.text).length });
      return;
    case 'unload':
      await unload();
      reply({ type: 'unloaded', id: request.id });
      return;
  }
}

async function load(request: LoadRequest): Promise<void> {
  await unload();
  // build: 'never': the prebuilt binaries from npm or nothing; no compiler runs on a person's machine.
  llama ??= getLlama({ gpu: request.gpu, build: 'never', logLevel: 'error' as never });
  const binding = await llama;
  const model = await binding.loadModel({ modelPath: request.modelPath });
  try {
    const context = await model.createContext({
      contextSize: Math.min(request.contextSize, model.trainContextSize),
      threads: request.threads,
    });
    loaded = { model, context };
    reply({
      type: 'loaded',
      id: request.id,
      info: {
        modelPath: request.modelPath,
        contextSize: context.contextSize,
        trainContextSize: model.trainContextSize,
        sizeBytes: model.size,
        gpu: binding.gpu,
      },
    });
  } catch (error) {
    await model.dispose();
    throw error;
  }
}

async function generate(request: GenerateRequest): Promise<void> {
  if (cancelledEarly.delete(request.id)) {
    reply({ type: 'generated', id: request.id, text: '', tokens: 0, stopReason: 'abort' });
    return;
  }
  const { context } = current();
  const abort = new AbortController();
  generations.set(request.id, abort);
  const sequence = context.getSequence();
  const systemPrompt = request.messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const prompt = request.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n\n');
  // The model's own chat template (from the GGUF) wraps the messages.
  const session = new LlamaChatSession({
    contextSequence: sequence,
    autoDisposeSequence: false,
    ...(systemPrompt ? { systemPrompt } : {}),
  });
  let tokens = 0;
  try {
    const result = await session.promptWithMeta(prompt, {
      maxTokens: request.maxTokens,
      signal: abort.signal,
      // A cancel ends the generation with what was written so far rather than throwing.
      stopOnAbortSignal: true,
      onToken: (chunk) => {
        tokens += chunk.length;
      },
      onTextChunk: (delta) => reply({ type: 'text', id: request.id, delta }),
    });
    reply({ type: 'generated', id: request.id, text: result.responseText, tokens, stopReason: result.stopReason });
  } finally {
    generations.delete(request.id);
    session.dispose({ disposeSequence: false });
    // Gives the context's one sequence back for the next generation, its history cleared.
    await sequence.dispose();
  }
}

function current(): NonNullable<typeof loaded> {
  if (loaded === undefined) throw new Error('No model is loaded.');
  return loaded;
}

async function unload(): Promise<void> {
  if (loaded === undefined) return;
  const { model, context } = loaded;
  loaded = undefined;
  await context.dispose();
  await model.dispose();
}
