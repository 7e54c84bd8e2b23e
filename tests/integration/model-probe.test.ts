/**
 * The local-server probe against loopback servers shaped as each server's docs say:
 * - Ollama, https://docs.ollama.com/api/tags and /api/version (the examples there);
 * - LM Studio, https://lmstudio.ai/docs/developer/rest/endpoints (GET /api/v0/models);
 * - llama-server, ggml-org/llama.cpp tools/server/README.md (GET /health, GET /v1/models);
 * - Jan, jan.ai/docs/local-api (a key on every request but its docs, GET /openapi.json:
 *   tests/support/model-servers.ts's fakeJan);
 * - vLLM, docs.vllm.ai serving/openai_compatible_server (GET /version outside the key's guard;
 *   GET /v1/models, each a ModelCard with owned_by "vllm", root, max_model_len, permission);
 * - LocalAI, localai.io/features/api-discovery (GET /.well-known/localai.json, open even with a key).
 * And ports that answer something else, which must not be taken for a model server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { probeLocalServers, soleChatModel, type FoundServer } from '../../src/main/models/probe';
import { LocalServerKindSchema } from '../../src/shared/models-contract';
import { listenOnLoopback } from '../support/loopback-http';
import { fakeJan } from '../support/model-servers';

type Routes = Record<string, (res: ServerResponse, req: IncomingMessage) => void>;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

function json(body: unknown, status = 200): (res: ServerResponse) => void {
  return (res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function serve(
  routes: Routes,
  fallback: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
    res.writeHead(404).end('404 page not found'),
): Promise<string> {
  const server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(res, req);
    else fallback(req, res);
  });
  servers.push(server);
  return listenOnLoopback(server);
}

const OLLAMA_ROUTES: Routes = {
  '/api/version': json({ version: '0.12.3' }),
  '/api/tags': json({
    models: [
      {
        name: 'qwen3:4b',
        model: 'qwen3:4b',
        modified_at: '2025-10-03T23:34:03.409490317-07:00',
        size: 2497293918,
        digest: 'a2af6cc3eb7fa8be8504abaf9b04e88f17a119ec3f04a3addf55f92841195f5a',
        details: {
          format: 'gguf',
          family: 'qwen3',
          families: ['qwen3'],
          parameter_size: '4.0B',
          quantization_level: 'Q4_K_M',
        },
      },
      {
        name: 'nomic-embed-text:latest',
        model: 'nomic-embed-text:latest',
        modified_at: '2025-09-01T10:00:00Z',
        size: 274302450,
        digest: '0a109f422b47e3a30ba2b10eca18548e944e8a23073ee3f3e947efcf3c45e59f',
        details: {
          format: 'gguf',
          family: 'nomic-bert',
          families: ['nomic-bert'],
          parameter_size: '137M',
          quantization_level: 'F16',
        },
      },
    ],
  }),
};

const LM_STUDIO_ROUTES: Routes = {
  '/api/v0/models': json({
    object: 'list',
    data: [
      {
        id: 'meta-llama-3.1-8b-instruct',
        object: 'model',
        type: 'llm',
        publisher: 'lmstudio-community',
        arch: 'llama',
        compatibility_type: 'gguf',
        quantization: 'Q4_K_M',
        state: 'not-loaded',
        max_context_length: 131072,
      },
      {
        id: 'text-embedding-nomic-embed-text-v1.5',
        object: 'model',
        type: 'embeddings',
        publisher: 'nomic-ai',
        arch: 'nomic-bert',
        compatibility_type: 'gguf',
        quantization: 'Q4_0',
        state: 'not-loaded',
        max_context_length: 2048,
      },
    ],
  }),
  '/v1/models': json({
    object: 'list',
    data: [{ id: 'meta-llama-3.1-8b-instruct', object: 'model', owned_by: 'organization_owner' }],
  }),
};

const LLAMA_SERVER_ROUTES: Routes = {
  '/health': json({ status: 'ok' }),
  '/v1/models': json({
    object: 'list',
    data: [
      {
        id: 'Qwen3-0.6B-Q4_K_M.gguf',
        object: 'model',
        created: 1735142223,
        owned_by: 'llamacpp',
        meta: {
          vocab_type: 2,
          n_vocab: 151936,
          n_ctx_train: 40960,
          n_embd: 1024,
          n_params: 596049920,
          size: 484219904,
        },
      },
    ],
  }),
  '/props': json({
    default_generation_settings: { n_ctx: 4096 },
    total_slots: 1,
    model_path: '/models/Qwen3-0.6B-Q4_K_M.gguf',
    chat_template: '',
  }),
};

/** vLLM serving one model; with `apiKey`, its /v1 routes want it (`vllm serve --api-key`), /version does not. */
function vllmRoutes(apiKey?: string, seen: (string | undefined)[] = []): Routes {
  return {
    '/version': json({ version: '0.11.0' }),
    '/health': (res) => res.writeHead(200).end(),
    '/v1/models': (res, req) => {
      seen.push(req.headers.authorization);
      if (apiKey !== undefined && req.headers.authorization !== `Bearer ${apiKey}`) {
        json({ error: 'Unauthorized' }, 401)(res);
        return;
      }
      json({
        object: 'list',
        data: [
          {
            id: 'Qwen/Qwen3-4B',
            object: 'model',
            created: 1764806400,
            owned_by: 'vllm',
            root: 'Qwen/Qwen3-4B',
            parent: null,
            max_model_len: 40960,
            permission: [{ id: 'modelperm-1', object: 'model_permission', allow_sampling: true }],
          },
        ],
      })(res);
    },
  };
}

const LOCALAI_ROUTES: Routes = {
  '/.well-known/localai.json': json({
    version: 'v3.7.0',
    endpoints: {
      chat_completions: '/v1/chat/completions',
      models: '/v1/models',
      config_metadata: '/api/models/config-metadata',
      instructions: '/api/instructions',
      swagger: '/swagger/index.html',
    },
    endpoint_groups: { openai_compatible: { chat_completions: '/v1/chat/completions' } },
    capabilities: {
      config_metadata: true,
      config_patch: true,
      vram_estimate: true,
      mcp: false,
      agents: false,
      p2p: false,
    },
  }),
  '/v1/models': json({
    object: 'list',
    data: [
      { id: 'qwen3-4b', object: 'model' },
      { id: 'granite-embedding-107m-multilingual', object: 'model' },
    ],
  }),
};

describe('probeLocalServers', () => {
  it('finds Ollama, LM Studio and llama-server by their documented endpoints, with their models and what each is for', async () => {
    const [ollama, lmstudio, llamacpp] = await Promise.all([
      serve(OLLAMA_ROUTES),
      serve(LM_STUDIO_ROUTES),
      serve(LLAMA_SERVER_ROUTES),
    ]);
    const found = await probeLocalServers({
      targets: [
        { kind: 'ollama', origin: ollama },
        { kind: 'lmstudio', origin: lmstudio },
        { kind: 'llamacpp', origin: llamacpp },
      ],
    });
    expect(found).toEqual<FoundServer[]>([
      {
        kind: 'ollama',
        name: 'Ollama',
        baseUrl: `${ollama}/v1`,
        version: '0.12.3',
        models: [
          { id: 'qwen3:4b', use: 'chat', sizeBytes: 2497293918 },
          { id: 'nomic-embed-text:latest', use: 'embedding', sizeBytes: 274302450 },
        ],
      },
      {
        kind: 'lmstudio',
        name: 'LM Studio',
        baseUrl: `${lmstudio}/v1`,
        models: [
          { id: 'meta-llama-3.1-8b-instruct', use: 'chat' },
          { id: 'text-embedding-nomic-embed-text-v1.5', use: 'embedding' },
        ],
      },
      {
        kind: 'llamacpp',
        name: 'llama.cpp',
        baseUrl: `${llamacpp}/v1`,
        models: [{ id: 'Qwen3-0.6B-Q4_K_M.gguf', use: 'chat' }],
      },
    ]);
  });

  it('finds Jan, vLLM and LocalAI by their documented endpoints, Jan’s models with the key stored for it', async () => {
    const [jan, vllm, localai] = await Promise.all([fakeJan('jan-secret'), serve(vllmRoutes()), serve(LOCALAI_ROUTES)]);
    const found = await probeLocalServers({
      targets: [
        { kind: 'jan', origin: jan.origin },
        { kind: 'vllm', origin: vllm },
        { kind: 'localai', origin: localai },
      ],
      key: { baseUrl: `${jan.origin}/v1`, apiKey: 'jan-secret' },
    });
    await jan.close();
    expect(found).toEqual<FoundServer[]>([
      {
        kind: 'jan',
        name: 'Jan',
        baseUrl: `${jan.origin}/v1`,
        models: [{ id: 'Jan-v3-4b-base-instruct-Q4_K_XL', use: 'chat' }],
      },
      {
        kind: 'vllm',
        name: 'vLLM',
        baseUrl: `${vllm}/v1`,
        version: '0.11.0',
        models: [{ id: 'Qwen/Qwen3-4B', use: 'chat' }],
      },
      {
        kind: 'localai',
        name: 'LocalAI',
        baseUrl: `${localai}/v1`,
        version: 'v3.7.0',
        models: [
          { id: 'qwen3-4b', use: 'chat' },
          { id: 'granite-embedding-107m-multilingual', use: 'embedding' },
        ],
      },
    ]);
  });

  it('finds a server that wants a key, without its models, when none or a wrong one is stored; a key goes to its own server only', async () => {
    const jan = await fakeJan('jan-secret');
    const vllmSaw: (string | undefined)[] = [];
    const vllm = await serve(vllmRoutes('vllm-secret', vllmSaw));
    try {
      const targets = [
        { kind: 'jan' as const, origin: jan.origin },
        { kind: 'vllm' as const, origin: vllm },
      ];
      const asksForKey = [
        { kind: 'jan', name: 'Jan', baseUrl: `${jan.origin}/v1`, models: [], keyRequired: true },
        { kind: 'vllm', name: 'vLLM', baseUrl: `${vllm}/v1`, version: '0.11.0', models: [], keyRequired: true },
      ];
      expect(await probeLocalServers({ targets })).toEqual(asksForKey);
      expect(await probeLocalServers({ targets, key: { baseUrl: `${jan.origin}/v1`, apiKey: 'not-it' } })).toEqual(
        asksForKey,
      );
      // Jan's key was stored for Jan: vLLM never hears it, so it still asks for its own.
      expect(vllmSaw).toEqual([undefined, undefined]);
      const withVllmKey = await probeLocalServers({ targets, key: { baseUrl: `${vllm}/v1/`, apiKey: 'vllm-secret' } });
      expect(withVllmKey[1]).toEqual({
        kind: 'vllm',
        name: 'vLLM',
        baseUrl: `${vllm}/v1`,
        version: '0.11.0',
        models: [{ id: 'Qwen/Qwen3-4B', use: 'chat' }],
      });
      expect(withVllmKey[0]?.keyRequired).toBe(true);
    } finally {
      await jan.close();
    }
  });

  it('ignores ports that answer something else: a plain web page, other JSON, a generic OpenAI-compatible list, a server still loading, a redirect', async () => {
    const page = await serve({}, (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>It works</h1>'),
    );
    const otherJson = await serve({}, (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"status":"ok","models":"none","object":"list","data":{}}'),
    );
    // An OpenAI-compatible list alone is nobody's: not llama-server's (owned_by "llamacpp"), LM Studio's (type) nor vLLM's (no /version).
    const openAiShaped = await serve({
      '/health': json({ status: 'ok' }),
      '/v1/models': json({ object: 'list', data: [{ id: 'Qwen/Qwen3-4B', object: 'model', owned_by: 'vllm' }] }),
    });
    // A /version and a model list another server's models fill (a proxy in front of OpenAI).
    const proxy = await serve({
      '/version': json({ version: '1.2.3' }),
      '/v1/models': json({ object: 'list', data: [{ id: 'gpt-4o', object: 'model', owned_by: 'openai' }] }),
    });
    // Another program's API docs beside a model list that wants a key, and a server that refuses every request.
    const otherDocs = await serve({
      '/openapi.json': json({ openapi: '3.0.0', info: { title: 'Some API', version: '1' } }),
      '/v1/models': json({ error: 'Unauthorized' }, 401),
    });
    const refusing = await serve({}, (_req, res) => res.writeHead(401).end('Unauthorized'));
    // Discovery without LocalAI's endpoints.
    const otherWellKnown = await serve({ ...LOCALAI_ROUTES, '/.well-known/localai.json': json({ version: 'v1' }) });
    const loading = await serve({
      ...LLAMA_SERVER_ROUTES,
      '/health': json({ error: { code: 503, message: 'Loading model', type: 'unavailable_error' } }, 503),
    });
    const realOllama = await serve(OLLAMA_ROUTES);
    const redirecting = await serve({}, (req, res) =>
      res.writeHead(302, { location: `${realOllama}${req.url ?? '/'}` }).end(),
    );
    const closed = await serve({});
    servers.at(-1)?.close();

    const found = await probeLocalServers({
      targets: [
        page,
        otherJson,
        openAiShaped,
        proxy,
        otherDocs,
        refusing,
        otherWellKnown,
        loading,
        redirecting,
        closed,
      ].flatMap((origin) => LocalServerKindSchema.options.map((kind) => ({ kind, origin }))),
    });
    expect(found).toEqual([]);
  });

  it('gives up on a port that accepts and never answers once its budget is spent', async () => {
    const silent = await serve({}, () => undefined);
    // The server never answers, so nothing but the budget can end the probe: it takes at least the
    // budget (a probe that gave up early, refused or not asking, would not). Only a lower bound:
    // on a busy machine the request may not even reach the server within 300 ms.
    const started = performance.now();
    expect(await probeLocalServers({ timeoutMs: 300, targets: [{ kind: 'llamacpp', origin: silent }] })).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('refuses to ask anything but loopback', async () => {
    await expect(
      probeLocalServers({ targets: [{ kind: 'ollama', origin: 'http://192.168.1.10:11434' }] }),
    ).rejects.toThrow(/loopback only/);
  });
});

describe('soleChatModel', () => {
  const server = (models: FoundServer['models']): FoundServer => ({
    kind: 'ollama',
    name: 'Ollama',
    baseUrl: 'http://127.0.0.1:11434/v1',
    models,
  });

  it('offers the one chat model when there is exactly one, embedding models aside', () => {
    const found = [
      server([
        { id: 'qwen3:4b', use: 'chat' },
        { id: 'nomic-embed-text', use: 'embedding' },
      ]),
    ];
    expect(soleChatModel(found)?.model.id).toBe('qwen3:4b');
  });

  it('offers none when the person has a choice to make, or nothing to choose', () => {
    expect(soleChatModel([server([{ id: 'a', use: 'chat' }]), server([{ id: 'b', use: 'chat' }])])).toBeUndefined();
    expect(soleChatModel([server([{ id: 'nomic-embed-text', use: 'embedding' }])])).toBeUndefined();
  });
});
