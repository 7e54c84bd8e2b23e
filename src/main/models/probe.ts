/**
 * Finds the local model servers a person already runs: Ollama, LM Studio and llama.cpp's
 * llama-server, each on its default loopback port and recognised by its own documented
 * endpoints, so a port that answers something else (another web server, another program's JSON)
 * is not taken for one. Never off the machine: only loopback origins are asked, and a redirect is
 * an answer that does not match, never followed.
 */
import { z } from 'zod';

export type LocalServerKind = 'ollama' | 'lmstudio' | 'llamacpp';

export interface FoundModel {
  /** The name to send as `model` in a chat completion. */
  id: string;
  /** What the model is for: only a chat model can write answers. */
  use: 'chat' | 'embedding';
  /** Bytes on disk, when the server says. */
  sizeBytes?: number;
}

export interface FoundServer {
  kind: LocalServerKind;
  /** The server's name for people: "Ollama", "LM Studio", "llama.cpp". */
  name: string;
  /** The OpenAI-compatible base URL (…/v1): what llm.baseUrl takes. */
  baseUrl: string;
  version?: string;
  models: FoundModel[];
}

export interface ProbeTarget {
  kind: LocalServerKind;
  /** http://127.0.0.1:PORT or another loopback origin. */
  origin: string;
}

/** The ports each server listens on unless told otherwise (their docs, cited in each probe below). */
export const DEFAULT_PROBE_TARGETS: readonly ProbeTarget[] = [
  { kind: 'ollama', origin: 'http://127.0.0.1:11434' },
  { kind: 'lmstudio', origin: 'http://127.0.0.1:1234' },
  { kind: 'llamacpp', origin: 'http://127.0.0.1:8080' },
];

/**
 * A closed port refuses at once; one that accepts and never answers gets this long. Generous,
 * because a model server answers late on a busy machine (often busy with the model itself: 1.5 s
 * missed a loopback server under load in CI), and a silent port is rare: waiting on it costs the
 * first run's background look or one "Look again", which shows its progress.
 */
export const DEFAULT_PROBE_TIMEOUT_MS = 5000;

export interface ProbeOptions {
  targets?: readonly ProbeTarget[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Every server found among the targets, in the targets' order; asked all at once. */
export async function probeLocalServers(options: ProbeOptions = {}): Promise<FoundServer[]> {
  const { targets = DEFAULT_PROBE_TARGETS, timeoutMs = DEFAULT_PROBE_TIMEOUT_MS, signal } = options;
  for (const target of targets) {
    if (!isLoopbackOrigin(target.origin))
      throw new Error(`The probe asks loopback only; ${target.origin} is not a loopback origin.`);
  }
  const budget = AbortSignal.timeout(timeoutMs);
  const aborted = signal === undefined ? budget : AbortSignal.any([signal, budget]);
  const found = await Promise.all(
    targets.map((target) => PROBES[target.kind](target.origin, aborted).catch(() => undefined)),
  );
  return found.filter((server): server is FoundServer => server !== undefined);
}

type Probe = (origin: string, signal: AbortSignal) => Promise<FoundServer | undefined>;

const OllamaVersion = z.object({ version: z.string() });
const OllamaTags = z.object({
  models: z.array(
    z.object({
      name: z.string(),
      size: z.number().optional(),
      details: z.object({ family: z.string().optional(), families: z.array(z.string()).nullish() }).optional(),
    }),
  ),
});

/**
 * Ollama (https://docs.ollama.com/api, default port 11434): GET /api/version answers
 * {"version":"0.5.1"}; GET /api/tags lists the pulled models, each with name, size and details
 * (format, family, families, parameter_size, quantization_level).
 */
const probeOllama: Probe = async (origin, signal) => {
  const version = OllamaVersion.safeParse(await getJson(`${origin}/api/version`, signal));
  if (!version.success) return undefined;
  const tags = OllamaTags.safeParse(await getJson(`${origin}/api/tags`, signal));
  if (!tags.success) return undefined;
  const models = tags.data.models.map((model) => ({
    id: model.name,
    // /api/tags says nothing of capabilities; embedding models are BERT-family or named so.
    use: looksLikeEmbedding([model.name, model.details?.family ?? '', ...(model.details?.families ?? [])])
      ? ('embedding' as const)
      : ('chat' as const),
    ...(model.size === undefined ? {} : { sizeBytes: model.size }),
  }));
  return { kind: 'ollama', name: 'Ollama', baseUrl: `${origin}/v1`, version: version.data.version, models };
};

const OpenAiModelList = z.object({
  object: z.literal('list'),
  data: z.array(z.object({ id: z.string(), object: z.literal('model'), owned_by: z.string().optional() })),
});

const LmStudioModelList = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({ id: z.string(), object: z.literal('model'), type: z.string(), state: z.string().optional() }),
  ),
});

/**
 * LM Studio (https://lmstudio.ai/docs/developer/rest/endpoints, default port 1234): its own
 * GET /api/v0/models lists every downloaded model with `type` (llm, vlm, embeddings) and `state`
 * (loaded, not-loaded) — the shape no other server has, so it is what recognises LM Studio.
 */
const probeLmStudio: Probe = async (origin, signal) => {
  const list = LmStudioModelList.safeParse(await getJson(`${origin}/api/v0/models`, signal));
  if (!list.success) return undefined;
  const models = list.data.data.map((model) => ({
    id: model.id,
    use: model.type === 'embeddings' ? ('embedding' as const) : ('chat' as const),
  }));
  return { kind: 'lmstudio', name: 'LM Studio', baseUrl: `${origin}/v1`, models };
};

const LlamaServerHealth = z.object({ status: z.literal('ok') });

/**
 * llama.cpp's llama-server (tools/server/README.md in ggml-org/llama.cpp, default port 8080):
 * GET /health answers {"status":"ok"} once the model is loaded (503 while loading); GET /v1/models
 * lists the one model it serves, `owned_by: "llamacpp"`.
 */
const probeLlamaServer: Probe = async (origin, signal) => {
  if (!LlamaServerHealth.safeParse(await getJson(`${origin}/health`, signal)).success) return undefined;
  const list = OpenAiModelList.safeParse(await getJson(`${origin}/v1/models`, signal));
  if (!list.success || !list.data.data.some((model) => model.owned_by === 'llamacpp')) return undefined;
  const models = list.data.data.map((model) => ({ id: model.id, use: 'chat' as const }));
  return { kind: 'llamacpp', name: 'llama.cpp', baseUrl: `${origin}/v1`, models };
};

const PROBES: Record<LocalServerKind, Probe> = {
  ollama: probeOllama,
  lmstudio: probeLmStudio,
  llamacpp: probeLlamaServer,
};

/** The JSON of a 200 answer, or undefined for anything else (another status, a redirect, not JSON). */
async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'application/json' } });
  if (response.status !== 200) {
    await response.body?.cancel();
    return undefined;
  }
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

function looksLikeEmbedding(names: string[]): boolean {
  return names.some((name) => /embed|bert|bge|minilm|e5-/i.test(name));
}

function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const { protocol, hostname } = new URL(origin);
  return (
    protocol === 'http:' && (hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname))
  );
}

/**
 * The one chat model to offer without asking, when there is exactly one across every server
 * found ("A model was found: answers will be written by qwen3:4b (Ollama)"); otherwise the person
 * chooses.
 */
export function soleChatModel(servers: readonly FoundServer[]): { server: FoundServer; model: FoundModel } | undefined {
  const choices = servers.flatMap((server) =>
    server.models.filter((model) => model.use === 'chat').map((model) => ({ server, model })),
  );
  return choices.length === 1 ? choices[0] : undefined;
}
