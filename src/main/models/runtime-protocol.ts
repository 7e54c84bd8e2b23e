/**
 * The messages between the local runtime (local-runtime.ts, on the caller's thread) and its worker
 * (local-runtime-worker.ts, where node-llama-cpp runs). Each request carries an id; its answers
 * carry the same id.
 */
export interface LoadRequest {
  type: 'load';
  id: number;
  modelPath: string;
  /** The context window asked for, capped by what the model was trained with. */
  contextSize: number;
  /** Threads for evaluation; llama.cpp's spinning barriers crawl when its threads outnumber the free cores. */
  threads: number;
  /** Let node-llama-cpp use a GPU when its prebuilt binary for one loads (`false` keeps to the CPU). */
  gpu: 'auto' | false;
}

export interface GenerateRequest {
  type: 'generate';
  id: number;
  messages: { role: 'system' | 'user'; content: string }[];
  maxTokens: number;
}

export interface CountTokensRequest {
  type: 'count-tokens';
  id: number;
  text: string;
}

export interface CancelRequest {
  type: 'cancel';
  /** The generate request to stop. */
  id: number;
}

export interface UnloadRequest {
  type: 'unload';
  id: number;
}

export type RuntimeRequest = LoadRequest | GenerateRequest | CountTokensRequest | CancelRequest | UnloadRequest;

export interface LoadedModelInfo {
  modelPath: string;
  contextSize: number;
  trainContextSize: number;
  /** Bytes of weights (node-llama-cpp's model.size). */
  sizeBytes: number;
  gpu: string | false;
}

export type RuntimeReply =
  | { type: 'loaded'; id: number; info: LoadedModelInfo }
  | { type: 'text'; id: number; delta: string }
  | { type: 'generated'; id: number; text: string; tokens: number; stopReason: string }
  | { type: 'counted'; id: number; tokens: number }
  | { type: 'unloaded'; id: number }
  | { type: 'failed'; id: number; message: string };
