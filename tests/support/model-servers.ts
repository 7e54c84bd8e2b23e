/**
 * Stand-ins for the model servers a person runs, on loopback, shaped as their docs say, and a
 * file server for a test catalog's download whose stage the test controls:
 * - Ollama: GET /api/version answers {"version":"0.12.6"} (docs.ollama.com/api-reference/get-version);
 *   GET /api/tags lists the pulled models with name, model, modified_at, size, digest and details
 *   (format, family, families, parameter_size, quantization_level; docs.ollama.com/api/tags);
 *   its OpenAI-compatible GET /v1/models lists them as OpenAI does.
 * - LM Studio: GET /api/v0/models lists every model with type (llm, vlm, embeddings) and state
 *   (lmstudio.ai/docs/developer/rest/endpoints); GET /v1/models as OpenAI does.
 * - Jan (jan.ai/docs/local-api; its proxy, janhq/jan src-tauri/src/core/server/proxy.rs): every
 *   path needs `Authorization: Bearer <key>` (401 "Invalid or missing authorization token"
 *   otherwise) except the docs, GET /openapi.json (src-tauri/static/openapi.json, info.title "Jan
 *   API Server Endpoints"); GET /v1/models lists the running models with `owned_by: "user"`.
 * - OpenAI's "List models" (developers.openai.com/api/reference, models list): GET /models answers
 *   {"object":"list","data":[{"id","created","object":"model","owned_by"}]}.
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { listenOnLoopback } from './loopback-http';

type Routes = Record<string, (res: ServerResponse, req: IncomingMessage) => void>;

export function json(body: unknown, status = 200): (res: ServerResponse) => void {
  return (res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export interface Served {
  origin: string;
  close(): Promise<void>;
}

export async function serveRoutes(routes: Routes): Promise<Served> {
  const server: Server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(res, req);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found');
  });
  const origin = await listenOnLoopback(server);
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const openAiList = (ids: string[], ownedBy: string): unknown => ({
  object: 'list',
  data: ids.map((id) => ({ id, object: 'model', created: 1735142223, owned_by: ownedBy })),
});

/** Jan's local API server asking for `key`, with one model running. */
export function fakeJan(key: string, running = ['Jan-v3-4b-base-instruct-Q4_K_XL']): Promise<Served> {
  const keyed =
    (answer: (res: ServerResponse) => void) =>
    (res: ServerResponse, req: IncomingMessage): void => {
      if (req.headers.authorization === `Bearer ${key}`) answer(res);
      else res.writeHead(401).end('Invalid or missing authorization token');
    };
  return serveRoutes({
    '/openapi.json': json({
      openapi: '3.0.0',
      info: { title: 'Jan API Server Endpoints', description: 'Jan API server provides a REST API…', version: '1.0' },
      servers: [{ url: 'http://localhost:1337/v1', description: 'Jan API server' }],
      paths: {},
    }),
    '/v1/models': keyed(
      json({ object: 'list', data: running.map((id) => ({ id, object: 'model', created: 1, owned_by: 'user' })) }),
    ),
  });
}

/** Ollama with a chat model and an embedding model (or the models given). */
export function fakeOllama(models: { name: string; family: string; size: number }[] = OLLAMA_MODELS): Promise<Served> {
  return serveRoutes({
    '/api/version': json({ version: '0.12.6' }),
    '/api/tags': json({
      models: models.map((model) => ({
        name: model.name,
        model: model.name,
        modified_at: '2025-10-03T23:34:03.409490317-07:00',
        size: model.size,
        digest: createHash('sha256').update(model.name).digest('hex'),
        details: {
          format: 'gguf',
          family: model.family,
          families: [model.family],
          parameter_size: '4.0B',
          quantization_level: 'Q4_K_M',
        },
      })),
    }),
    '/v1/models': json(
      openAiList(
        models.map((model) => model.name),
        'library',
      ),
    ),
  });
}

export const OLLAMA_MODELS = [
  { name: 'qwen3:4b', family: 'qwen3', size: 2497293918 },
  { name: 'nomic-embed-text:latest', family: 'nomic-bert', size: 274302450 },
];

/** LM Studio with a chat model and an embedding model. */
export function fakeLmStudio(): Promise<Served> {
  return serveRoutes({
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
    '/v1/models': json(
      openAiList(['meta-llama-3.1-8b-instruct', 'text-embedding-nomic-embed-text-v1.5'], 'organization_owner'),
    ),
  });
}

/**
 * A model file served whole (a 200, as any static server gives), or held after its first half
 * until the test releases it, so a test sees the download under way without racing it.
 */
export interface ModelFileServer extends Served {
  url: string;
  body: Buffer;
  sha256: string;
  /** Hold each download after its first half (until release). */
  hold(): void;
  /** Sends the rest of every held download. */
  release(): void;
  /** Resolves once a download is held at its half. */
  held(): Promise<void>;
  requests: number;
}

export async function serveModelFile(bytes = 200_000): Promise<ModelFileServer> {
  const body = randomBytes(bytes);
  let holding = false;
  let waiting: (() => void)[] = [];
  let onHeld: (() => void)[] = [];
  let requests = 0;
  const half = Math.floor(body.length / 2);
  const served = await serveRoutes({
    '/tiny-model.gguf': (res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      if (!holding) {
        res.end(body);
        return;
      }
      res.write(body.subarray(0, half));
      waiting.push(() => res.end(body.subarray(half)));
      for (const told of onHeld.splice(0)) told();
    },
  });
  return {
    ...served,
    url: `${served.origin}/tiny-model.gguf`,
    body,
    sha256: createHash('sha256').update(body).digest('hex'),
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const send of waiting.splice(0)) send();
    },
    held: () => new Promise<void>((resolve) => (waiting.length > 0 ? resolve() : onHeld.push(resolve))),
    get requests() {
      return requests;
    },
    close: () => {
      waiting = [];
      onHeld = [];
      return served.close();
    },
  };
}

/** A catalog file shaped as catalog.json with one tiny model served by `file` (LANTERN_MODEL_CATALOG). */
export function writeTestCatalog(dir: string, file: ModelFileServer, ramBytes = 1_000_000_000): string {
  const path = join(dir, 'test-catalog.json');
  const entry = {
    id: 'tiny-chat',
    name: 'Tiny Chat 1B (test)',
    parameters: '1B',
    licence: 'Apache-2.0',
    file: 'tiny-chat.gguf',
    url: file.url,
    sizeBytes: file.body.length,
    sha256: file.sha256,
    ramBytes,
    contextLength: 4096,
  };
  writeFileSync(
    path,
    JSON.stringify({
      models: [
        entry,
        {
          ...entry,
          id: 'huge-chat',
          name: 'Huge Chat 70B (test)',
          parameters: '70B',
          file: 'huge-chat.gguf',
          ramBytes: 4e12,
        },
      ],
    }),
  );
  return path;
}
