/**
 * Finds the local model servers a person already runs: Ollama, LM Studio, llama.cpp's
 * llama-server, Jan, vLLM and LocalAI, each on its default loopback port and recognised by its
 * own documented endpoints, so a port that answers something else (another web server, another
 * program's JSON) is not taken for one. A server recognised by an open endpoint whose model list
 * asks for a key (Jan always; vLLM and LocalAI when started with one) is found with
 * `keyRequired` and no models. Never off the machine: only loopback origins are asked, a key goes
 * only to the endpoint it was stored for, and a redirect is an answer that does not match, never
 * followed.
 */
import { z } from 'zod';
import type { LocalServerKind } from '../../shared/models-contract';

export type { LocalServerKind };

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
  /** It runs, but lists its models only to a caller with its API key (none stored for it, or the stored one refused). */
  keyRequired?: true;
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
  { kind: 'jan', origin: 'http://127.0.0.1:1337' },
  { kind: 'vllm', origin: 'http://127.0.0.1:8000' },
  // LocalAI's default port is llama-server's: each is told apart by its own endpoints.
  { kind: 'localai', origin: 'http://127.0.0.1:8080' },
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
  /** The stored API key and the one base URL it is for: sent to that server's model list, to no other. */
  key?: { baseUrl: string; apiKey: string };
}

/** Every server found among the targets, in the targets' order; asked all at once. */
export async function probeLocalServers(options: ProbeOptions = {}): Promise<FoundServer[]> {
  const { targets = DEFAULT_PROBE_TARGETS, timeoutMs = DEFAULT_PROBE_TIMEOUT_MS, signal, key } = options;
  for (const target of targets) {
    if (!isLoopbackOrigin(target.origin))
      throw new Error(`The probe asks loopback only; ${target.origin} is not a loopback origin.`);
  }
  const budget = AbortSignal.timeout(timeoutMs);
  const aborted = signal === undefined ? budget : AbortSignal.any([signal, budget]);
  const found = await Promise.all(
    targets.map((target) => {
      const apiKey = key !== undefined && sameBaseUrl(key.baseUrl, `${target.origin}/v1`) ? key.apiKey : undefined;
      return PROBES[target.kind]({ origin: target.origin, signal: aborted, apiKey }).catch(() => undefined);
    }),
  );
  return found.filter((server): server is FoundServer => server !== undefined);
}

interface Asking {
  origin: string;
  signal: AbortSignal;
  /** Sent as a Bearer token to this server's model list only. */
  apiKey: string | undefined;
}

type Probe = (asking: Asking) => Promise<FoundServer | undefined>;

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
const probeOllama: Probe = async ({ origin, signal }) => {
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
const probeLmStudio: Probe = async ({ origin, signal }) => {
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
const probeLlamaServer: Probe = async ({ origin, signal }) => {
  if (!LlamaServerHealth.safeParse(await getJson(`${origin}/health`, signal)).success) return undefined;
  const list = OpenAiModelList.safeParse(await getJson(`${origin}/v1/models`, signal));
  if (!list.success || !list.data.data.some((model) => model.owned_by === 'llamacpp')) return undefined;
  const models = list.data.data.map((model) => ({ id: model.id, use: 'chat' as const }));
  return { kind: 'llamacpp', name: 'llama.cpp', baseUrl: `${origin}/v1`, models };
};

const JanOpenApi = z.object({ info: z.object({ title: z.string().startsWith('Jan API'), version: z.string() }) });

/**
 * Jan (https://jan.ai/docs/local-api, default http://127.0.0.1:1337, prefix /v1): every request
 * needs the API key set in Jan's Settings › Local API Server, except its docs — GET /openapi.json,
 * whose info.title is "Jan API Server Endpoints" (src-tauri/static/openapi.json, served past the
 * key check by src-tauri/src/core/server/proxy.rs) — which is what recognises Jan. GET /v1/models
 * lists the models Jan has running (`owned_by: "user"`).
 */
const probeJan: Probe = async (asking) => {
  const docs = JanOpenApi.safeParse(await getJson(`${asking.origin}/openapi.json`, asking.signal));
  if (!docs.success) return undefined;
  return withModelList({ kind: 'jan', name: 'Jan', baseUrl: `${asking.origin}/v1` }, asking);
};

const VllmVersion = z.object({ version: z.string() });

/**
 * vLLM (https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html; `vllm serve`
 * listens on port 8000): GET /version answers {"version": "…"}, outside the /v1 routes that
 * `--api-key` guards; GET /v1/models lists the served model with `owned_by: "vllm"` (its
 * ModelCard's default in vllm/entrypoints/openai/protocol.py). Without a key where one is
 * required, the version alone says a vLLM-shaped server asks for one.
 */
const probeVllm: Probe = async (asking) => {
  const version = VllmVersion.safeParse(await getJson(`${asking.origin}/version`, asking.signal));
  if (!version.success) return undefined;
  return withModelList(
    { kind: 'vllm', name: 'vLLM', baseUrl: `${asking.origin}/v1`, version: version.data.version },
    asking,
    'vllm',
  );
};

const LocalAiDiscovery = z.object({
  version: z.string(),
  endpoints: z.object({ chat_completions: z.string(), models: z.string() }),
});

/**
 * LocalAI (https://localai.io/features/api-discovery/, default port 8080): GET
 * /.well-known/localai.json answers, without a key even when LocalAI asks for one elsewhere, its
 * version and its endpoints ({"version": "v2.28.0", "endpoints": {"chat_completions":
 * "/v1/chat/completions", "models": "/v1/models", …}, "capabilities": {…}}); GET /v1/models
 * lists the installed models.
 */
const probeLocalAi: Probe = async (asking) => {
  const discovery = LocalAiDiscovery.safeParse(
    await getJson(`${asking.origin}/.well-known/localai.json`, asking.signal),
  );
  if (!discovery.success) return undefined;
  return withModelList(
    { kind: 'localai', name: 'LocalAI', baseUrl: `${asking.origin}/v1`, version: discovery.data.version },
    asking,
  );
};

const OwnedModelList = z.object({
  object: z.literal('list'),
  data: z.array(z.object({ id: z.string(), owned_by: z.string().optional() })),
});

/**
 * A recognised server's OpenAI-compatible model list (GET /v1/models), asked with the key stored
 * for it if any: its models (embedding models told by their names, as the list says nothing of
 * their use), `keyRequired` when it answers 401 or 403, or nothing when it answers something else
 * or, given `owner`, lists a model the server would not have named so.
 */
async function withModelList(
  server: Omit<FoundServer, 'models'>,
  { origin, signal, apiKey }: Asking,
  owner?: string,
): Promise<FoundServer | undefined> {
  const answer = await ask(`${origin}/v1/models`, signal, apiKey);
  if (answer.status === 401 || answer.status === 403) return { ...server, models: [], keyRequired: true };
  const list = OwnedModelList.safeParse(answer.json);
  if (!list.success) return undefined;
  const models = list.data.data;
  if (owner !== undefined && (models.length === 0 || models.some((model) => model.owned_by !== owner)))
    return undefined;
  return {
    ...server,
    models: models.map((model) => ({ id: model.id, use: looksLikeEmbedding([model.id]) ? 'embedding' : 'chat' })),
  };
}

const PROBES: Record<LocalServerKind, Probe> = {
  ollama: probeOllama,
  lmstudio: probeLmStudio,
  llamacpp: probeLlamaServer,
  jan: probeJan,
  vllm: probeVllm,
  localai: probeLocalAi,
};

/** The JSON of a 200 answer, or undefined for anything else (another status, a redirect, not JSON). */
async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  return (await ask(url, signal, undefined)).json;
}

/** The status and, for a 200, the JSON (undefined when it is not JSON). */
async function ask(
  url: string,
  signal: AbortSignal,
  apiKey: string | undefined,
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
  const response = await fetch(url, { signal, redirect: 'manual', headers });
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, json: undefined };
  }
  try {
    return { status: 200, json: JSON.parse(await response.text()) };
  } catch {
    return { status: 200, json: undefined };
  }
}

function sameBaseUrl(a: string, b: string): boolean {
  const trimmed = (url: string): string => url.replace(/\/+$/, '');
  return URL.canParse(a) && URL.canParse(b) && trimmed(new URL(a).href) === trimmed(new URL(b).href);
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
