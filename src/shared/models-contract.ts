/**
 * ModelsApi's schemas (src/shared/api.ts): the model servers found on this machine, the catalog
 * of models Lantern can download with each one's fit for this machine, a download with its
 * progress, a removal, the choice of a model for answers, and a test of the model in force.
 * The logic is in src/main/models/models-operations.ts.
 */
import * as z from 'zod';

// The settings' own checks (no credentials in the URL, …) apply again when the choice is saved.
const LlmBaseUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'the model endpoint must be an http(s) URL such as http://127.0.0.1:11434/v1',
});
const LlmModelSchema = z
  .string({ error: 'name a model, e.g. qwen3:4b' })
  .trim()
  .min(1, 'name a model, e.g. qwen3:4b')
  .max(500);

export const LocalServerKindSchema = z.enum(['ollama', 'lmstudio', 'llamacpp', 'jan', 'vllm', 'localai']);
export type LocalServerKind = z.infer<typeof LocalServerKindSchema>;

export const FoundChatModelSchema = z.object({
  /** The name to send as `model` in a chat completion. */
  id: z.string(),
  sizeBytes: z.number().optional(),
});

export const FoundServerSchema = z.object({
  kind: LocalServerKindSchema,
  /** "Ollama", "LM Studio", "llama.cpp", "Jan", "vLLM", "LocalAI". */
  name: z.string(),
  /** The OpenAI-compatible base URL (…/v1): what llm.baseUrl takes. */
  baseUrl: z.string(),
  version: z.string().optional(),
  /** Its chat models only: embedding models cannot write answers and are left out. */
  models: z.array(FoundChatModelSchema),
  /** It runs but lists its models only with its API key: none is stored for this address, or the stored one was refused. */
  keyRequired: z.literal(true).optional(),
});
export type FoundServerInfo = z.infer<typeof FoundServerSchema>;

export const ModelsFindResponseSchema = z.object({
  servers: z.array(FoundServerSchema),
  /** The one chat model across every server found, when there is exactly one: the good choice to offer. */
  sole: z.object({ serverName: z.string(), baseUrl: z.string(), model: z.string() }).optional(),
});
export type ModelsFindResponse = z.infer<typeof ModelsFindResponseSchema>;

export const ModelFitSchema = z.enum(['fits', 'tight', 'too-big']);
export type ModelFit = z.infer<typeof ModelFitSchema>;

export const CatalogModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  parameters: z.string(),
  licence: z.string(),
  sizeBytes: z.number(),
  ramBytes: z.number(),
  contextLength: z.number(),
  url: z.string(),
  fit: ModelFitSchema,
  /** "about 20 s per answer on this machine's 4 CPU cores (an estimate from the file's size, not measured)". */
  estimate: z.string(),
  /** Where the file is, once downloaded and checked. */
  path: z.string().optional(),
});
export type CatalogModelInfo = z.infer<typeof CatalogModelSchema>;

export const ModelsCatalogResponseSchema = z.object({
  /** This machine's memory as the fit was judged. */
  memory: z.object({ totalBytes: z.number(), freeBytes: z.number() }),
  /** The folder downloads go to. */
  modelsDir: z.string(),
  models: z.array(CatalogModelSchema),
});
export type ModelsCatalogResponse = z.infer<typeof ModelsCatalogResponseSchema>;

const CatalogIdSchema = z
  .string({ error: 'a catalog model id such as "qwen3-4b" is needed' })
  .trim()
  .min(1, 'a catalog model id such as "qwen3-4b" is needed')
  .max(200);

export const ModelIdRequestSchema = z.object({ id: CatalogIdSchema }).strict();
export type ModelIdRequest = z.infer<typeof ModelIdRequestSchema>;

/** One step of a download: what has arrived, the speed over this download, the time left at that speed. */
export const ModelDownloadEventSchema = z.object({
  type: z.literal('progress'),
  id: z.string(),
  receivedBytes: z.number(),
  totalBytes: z.number(),
  bytesPerSecond: z.number(),
  secondsLeft: z.number().optional(),
});
export type ModelDownloadEvent = z.infer<typeof ModelDownloadEventSchema>;

export const ModelDownloadResponseSchema = z.object({ id: z.string(), path: z.string() });
export type ModelDownloadResponse = z.infer<typeof ModelDownloadResponseSchema>;

export const ModelRemoveResponseSchema = z.object({ id: z.string(), removed: z.literal(true) });
export type ModelRemoveResponse = z.infer<typeof ModelRemoveResponseSchema>;

/**
 * The model answers are written with from now on: a model of a server (its OpenAI-compatible
 * base URL, as models.find gives it), or a model Lantern runs itself (a catalog id, a file in the
 * models folder, or an absolute GGUF path). Only a person's UI may choose: it names where the
 * pages' text is sent.
 */
export const ModelChooseRequestSchema = z.discriminatedUnion(
  'source',
  [
    z.object({ source: z.literal('server'), baseUrl: LlmBaseUrlSchema, model: LlmModelSchema }).strict(),
    z.object({ source: z.literal('local'), model: LlmModelSchema }).strict(),
  ],
  { error: '"server" (with baseUrl and model) or "local" (with model)' },
);
export type ModelChooseRequest = z.infer<typeof ModelChooseRequestSchema>;

/** Tests a model without choosing it; `{}` tests the one in force. */
export const ModelTestRequestSchema = z
  .object({ baseUrl: LlmBaseUrlSchema.optional(), model: LlmModelSchema.optional() })
  .strict();
export type ModelTestRequest = z.infer<typeof ModelTestRequestSchema>;

export const ModelTestResponseSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), model: z.string(), where: z.string() }),
  z.object({ ok: z.literal(false), error: z.string(), model: z.string().optional(), where: z.string().optional() }),
]);
export type ModelTestResponse = z.infer<typeof ModelTestResponseSchema>;
