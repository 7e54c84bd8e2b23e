/**
 * The local-server probe against loopback servers shaped as each server's docs say:
 * - Ollama, https://docs.ollama.com/api/tags and /api/version (the examples there);
 * - LM Studio, https://lmstudio.ai/docs/developer/rest/endpoints (GET /api/v0/models);
 * - llama-server, ggml-org/llama.cpp tools/server/README.md (GET /health, GET /v1/models).
 * And ports that answer something else, which must not be taken for a model server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { probeLocalServers, soleChatModel, type FoundServer } from '../../src/main/models/probe';
import { listenOnLoopback } from '../support/loopback-http';

type Routes = Record<string, (res: ServerResponse) => void>;

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
    if (route) route(res);
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

  it('ignores ports that answer something else: a plain web page, other JSON, a generic OpenAI-compatible list, a server still loading, a redirect', async () => {
    const page = await serve({}, (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>It works</h1>'),
    );
    const otherJson = await serve({}, (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"status":"ok","models":"none","object":"list","data":{}}'),
    );
    // vLLM's /v1/models is OpenAI's shape, not llama-server's (owned_by "vllm") nor LM Studio's (no type).
    const vllm = await serve({
      '/health': json({ status: 'ok' }),
      '/v1/models': json({ object: 'list', data: [{ id: 'Qwen/Qwen3-4B', object: 'model', owned_by: 'vllm' }] }),
    });
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
      targets: [page, otherJson, vllm, loading, redirecting, closed].flatMap((origin) => [
        { kind: 'ollama' as const, origin },
        { kind: 'lmstudio' as const, origin },
        { kind: 'llamacpp' as const, origin },
      ]),
    });
    expect(found).toEqual([]);
  });

  it('gives up on a port that accepts and never answers once its budget is spent', async () => {
    let asked = false;
    const silent = await serve({}, () => {
      asked = true;
    });
    // The server never answers, so nothing but the budget can end the probe, whatever its length.
    expect(await probeLocalServers({ timeoutMs: 300, targets: [{ kind: 'llamacpp', origin: silent }] })).toEqual([]);
    expect(asked).toBe(true);
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
