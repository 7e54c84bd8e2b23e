/**
 * Writes a tiny valid GGUF model for tests and the mechanics bench: the llama architecture with a
 * few small layers of seeded random F32 weights and a byte-level vocabulary (SentencePiece-style:
 * <unk>, <s>, </s> and one token per byte, <0x00>…<0xFF>, so any text tokenizes). The real
 * node-llama-cpp loads it and generates from it; what it writes is gibberish, so tests assert
 * mechanics (tokens stream, cancel stops, unload frees), never content.
 *
 * The layout follows the GGUF spec (ggml-org/ggml docs/gguf.md, version 3): header, metadata
 * key/values, tensor infos, padding to `general.alignment`, tensor data each aligned; the llama
 * keys and tensor names are those llama.cpp reads (src/llama-arch.cpp: LLM_ARCH_LLAMA).
 */
import { writeFile } from 'node:fs/promises';

export interface TinyGgufShape {
  layers: number;
  embedding: number;
  heads: number;
  feedForward: number;
  contextLength: number;
}

export const TINY_GGUF_SHAPE: TinyGgufShape = {
  layers: 2,
  embedding: 64,
  heads: 4,
  feedForward: 128,
  contextLength: 512,
};

const ALIGNMENT = 32;
// gguf_type
const UINT32 = 4;
const INT32 = 5;
const FLOAT32 = 6;
const STRING = 8;
const ARRAY = 9;
// ggml_type
const GGML_F32 = 0;
// llama_token_type (llama.cpp's vocab: normal, unknown, control, byte)
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

type Value =
  | { type: typeof UINT32 | typeof INT32 | typeof FLOAT32; value: number }
  | { type: typeof STRING; value: string }
  | { type: typeof ARRAY; of: typeof INT32 | typeof FLOAT32 | typeof STRING; values: (number | string)[] };

interface Tensor {
  name: string;
  /** ggml order: the fastest-varying dimension first. */
  dims: number[];
  data: Float32Array;
}

const SPECIAL_TOKENS = 3;

/** The vocabulary: three special tokens, then the 256 byte tokens. */
function vocabulary(): { tokens: string[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_BYTE);
  }
  // A space token so llama.cpp's SentencePiece path has the "▁" it prefixes words with.
  tokens.push('▁');
  types.push(TOKEN_NORMAL);
  return { tokens, types };
}

/** mulberry32: the same weights for the same seed, so a test's model is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tensors(shape: TinyGgufShape, vocabSize: number, seed: number): Tensor[] {
  const next = random(seed);
  const weights = (dims: number[]): Tensor['data'] =>
    Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => (next() - 0.5) * 0.2);
  const ones = (length: number): Tensor['data'] => new Float32Array(length).fill(1);
  const { embedding: e, feedForward: ff } = shape;
  const list: Tensor[] = [
    { name: 'token_embd.weight', dims: [e, vocabSize], data: weights([e, vocabSize]) },
    { name: 'output_norm.weight', dims: [e], data: ones(e) },
    { name: 'output.weight', dims: [e, vocabSize], data: outputWeights(weights([e, vocabSize]), e) },
  ];
  for (let layer = 0; layer < shape.layers; layer++) {
    const blk = `blk.${layer}`;
    list.push(
      { name: `${blk}.attn_norm.weight`, dims: [e], data: ones(e) },
      { name: `${blk}.attn_q.weight`, dims: [e, e], data: weights([e, e]) },
      { name: `${blk}.attn_k.weight`, dims: [e, e], data: weights([e, e]) },
      { name: `${blk}.attn_v.weight`, dims: [e, e], data: weights([e, e]) },
      { name: `${blk}.attn_output.weight`, dims: [e, e], data: weights([e, e]) },
      { name: `${blk}.ffn_norm.weight`, dims: [e], data: ones(e) },
      { name: `${blk}.ffn_gate.weight`, dims: [e, ff], data: weights([e, ff]) },
      { name: `${blk}.ffn_up.weight`, dims: [e, ff], data: weights([e, ff]) },
      { name: `${blk}.ffn_down.weight`, dims: [ff, e], data: weights([ff, e]) },
    );
  }
  return list;
}

/**
 * The output projection with every row zeroed but the printable ASCII bytes': the other tokens'
 * logit is 0 while some printable byte's is above it, so the model never picks </s> (it runs until
 * stopped, by maxTokens or a cancel, as the tests of streaming and cancelling need) and what it
 * writes is whole characters, never a broken UTF-8 sequence.
 */
function outputWeights(data: Float32Array, embedding: number): Float32Array {
  for (let token = 0; token < data.length / embedding; token++) {
    const byte = token - SPECIAL_TOKENS;
    if (byte < 0x20 || byte > 0x7e) data.fill(0, token * embedding, (token + 1) * embedding);
  }
  return data;
}

/** Little-endian bytes in the GGUF encodings. */
class Writer {
  private readonly parts: Buffer[] = [];
  private length = 0;

  get size(): number {
    return this.length;
  }

  bytes(buffer: Buffer): void {
    this.parts.push(buffer);
    this.length += buffer.length;
  }

  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.bytes(b);
  }

  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.bytes(b);
  }

  f32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.bytes(b);
  }

  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.bytes(b);
  }

  /** gguf_string_t: a uint64 length and UTF-8 bytes, no terminator. */
  string(value: string): void {
    const b = Buffer.from(value, 'utf8');
    this.u64(b.length);
    this.bytes(b);
  }

  padTo(alignment: number): void {
    const pad = (alignment - (this.length % alignment)) % alignment;
    if (pad > 0) this.bytes(Buffer.alloc(pad));
  }

  value(v: Value): void {
    this.u32(v.type);
    if (v.type === STRING) this.string(v.value);
    else if (v.type === ARRAY) {
      this.u32(v.of);
      this.u64(v.values.length);
      for (const item of v.values) this.scalar(v.of, item);
    } else this.scalar(v.type, v.value);
  }

  private scalar(type: number, item: number | string): void {
    if (type === STRING) this.string(String(item));
    else if (type === UINT32) this.u32(Number(item));
    else if (type === INT32) this.i32(Number(item));
    else this.f32(Number(item));
  }

  buffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** The GGUF file's bytes. */
export function tinyGguf(shape: TinyGgufShape = TINY_GGUF_SHAPE, seed = 1): Buffer {
  const { tokens, types } = vocabulary();
  const u32 = (value: number): Value => ({ type: UINT32, value });
  const metadata: [string, Value][] = [
    ['general.architecture', { type: STRING, value: 'llama' }],
    ['general.name', { type: STRING, value: 'lantern-tiny-test' }],
    ['general.alignment', u32(ALIGNMENT)],
    ['general.file_type', u32(0)], // all F32
    ['llama.context_length', u32(shape.contextLength)],
    ['llama.embedding_length', u32(shape.embedding)],
    ['llama.block_count', u32(shape.layers)],
    ['llama.feed_forward_length', u32(shape.feedForward)],
    ['llama.attention.head_count', u32(shape.heads)],
    ['llama.attention.head_count_kv', u32(shape.heads)],
    ['llama.attention.layer_norm_rms_epsilon', { type: FLOAT32, value: 1e-5 }],
    ['llama.rope.dimension_count', u32(shape.embedding / shape.heads)],
    ['llama.vocab_size', u32(tokens.length)],
    ['tokenizer.ggml.model', { type: STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ARRAY, of: STRING, values: tokens }],
    ['tokenizer.ggml.scores', { type: ARRAY, of: FLOAT32, values: tokens.map(() => 0) }],
    ['tokenizer.ggml.token_type', { type: ARRAY, of: INT32, values: types }],
    ['tokenizer.ggml.unknown_token_id', u32(0)],
    ['tokenizer.ggml.bos_token_id', u32(1)],
    ['tokenizer.ggml.eos_token_id', u32(2)],
  ];
  const list = tensors(shape, tokens.length, seed);

  const out = new Writer();
  out.bytes(Buffer.from('GGUF', 'ascii'));
  out.u32(3);
  out.u64(list.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    out.value(value);
  }
  let offset = 0;
  for (const tensor of list) {
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(GGML_F32);
    out.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  out.padTo(ALIGNMENT);
  for (const tensor of list) {
    out.bytes(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    out.padTo(ALIGNMENT);
  }
  return out.buffer();
}

/** Writes the tiny model to `path`; its size in bytes. */
export async function writeTinyGguf(path: string, shape?: TinyGgufShape, seed?: number): Promise<number> {
  const bytes = tinyGguf(shape, seed);
  await writeFile(path, bytes);
  return bytes.length;
}
