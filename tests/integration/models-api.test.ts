/**
 * The models operations through HTTP on loopback, as the web UI calls them (its own client,
 * signed in with the session cookie), against stand-ins of Ollama and LM Studio shaped as their
 * docs say (tests/support/model-servers.ts cites them), a port that answers something else, and
 * a test catalog whose one small file comes from a loopback file server the test holds and
 * releases. Bad input is INVALID_INPUT naming the field; agents with the token are refused.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLanternServer, type LanternServer } from '../../src/main/doors/http/lantern-server';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import { createHttpClient } from '../../src/renderer/src/client/http-client';
import type { ModelDownloadEvent } from '../../src/shared/models-contract';
import { rawRequest } from '../support/api-server';
import { errorOf } from '../support/error-of';
import { SOURCE_WORKER_ENTRY } from '../support/local-runtime-worker-entry';
import { listenOnLoopback } from '../support/loopback-http';
import {
  fakeJan,
  fakeLmStudio,
  fakeOllama,
  serveModelFile,
  writeTestCatalog,
  type ModelFileServer,
  type Served,
} from '../support/model-servers';

let dataDir: string;
let ollama: Served;
let lmStudio: Served;
let other: Served;
let file: ModelFileServer;
let runtime: ResearchService;
let running: LanternServer;
let client: ReturnType<typeof createHttpClient>;

/** A runtime whose probe asks the given servers, and whose catalog is the test's. */
async function start(servers: string): Promise<void> {
  runtime = createNodeRuntime({
    env: {
      ...process.env,
      LANTERN_DATA_DIR: dataDir,
      LANTERN_ENGINE_URL_GOOGLE: 'http://127.0.0.1:9',
      LANTERN_MODEL_SERVERS: servers,
      LANTERN_MODEL_CATALOG: join(dataDir, 'test-catalog.json'),
    },
    modelWorker: SOURCE_WORKER_ENTRY,
  });
  running = await startLanternServer({ api: runtime, dataDir, port: 0, version: 'test', log: () => undefined });
  const origin = running.server.url;
  const login = await fetch(running.webUi!.loginUrl(origin), { redirect: 'manual' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  client = createHttpClient((path, init) =>
    fetch(new URL(path, origin), { ...init, headers: { ...(init.headers as Record<string, string>), cookie } }),
  );
}

async function stop(): Promise<void> {
  await running.close(500);
  await runtime.close();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lantern-models-api-'));
  [ollama, lmStudio, file] = await Promise.all([fakeOllama(), fakeLmStudio(), serveModelFile()]);
  // A web server that is neither: it answers every path with a page.
  const page = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>It works</h1>'),
  );
  other = { origin: await listenOnLoopback(page), close: () => new Promise((resolve) => page.close(() => resolve())) };
  writeTestCatalog(dataDir, file);
  await start(`ollama=${ollama.origin},lmstudio=${lmStudio.origin},llamacpp=${other.origin},ollama=${other.origin}`);
});

afterAll(async () => {
  await stop();
  await Promise.all([ollama.close(), lmStudio.close(), other.close(), file.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => file.release());

describe('models.find', () => {
  it('lists the servers found with their chat models, embedding models left out, and a port answering something else not at all', async () => {
    const found = await client.models.find();
    expect(found).toEqual({
      servers: [
        {
          kind: 'ollama',
          name: 'Ollama',
          baseUrl: `${ollama.origin}/v1`,
          version: '0.12.6',
          models: [{ id: 'qwen3:4b', sizeBytes: 2497293918 }],
        },
        {
          kind: 'lmstudio',
          name: 'LM Studio',
          baseUrl: `${lmStudio.origin}/v1`,
          models: [{ id: 'meta-llama-3.1-8b-instruct' }],
        },
      ],
    });
  });

  it('names the one good choice when there is exactly one chat model', async () => {
    await stop();
    await start(`ollama=${ollama.origin},llamacpp=${other.origin}`);
    try {
      expect((await client.models.find()).sole).toEqual({
        serverName: 'Ollama',
        baseUrl: `${ollama.origin}/v1`,
        model: 'qwen3:4b',
      });
    } finally {
      await stop();
      await start(`ollama=${ollama.origin},lmstudio=${lmStudio.origin}`);
    }
  });

  it('finds Jan asking for its key, then lists its models once the key is stored for Jan’s address', async () => {
    const jan = await fakeJan('jan-secret');
    await stop();
    await start(`jan=${jan.origin}`);
    try {
      const janServer = { kind: 'jan', name: 'Jan', baseUrl: `${jan.origin}/v1` };
      expect(await client.models.find()).toEqual({ servers: [{ ...janServer, models: [], keyRequired: true }] });
      await client.access!.setLlmKey({ key: 'jan-secret' });
      // The key is for the endpoint the settings name: not yet Jan's, so Jan does not hear it.
      expect((await client.models.find()).servers[0]?.keyRequired).toBe(true);
      await client.settings.update({ llm: { preset: 'custom', baseUrl: `${jan.origin}/v1`, model: null } });
      expect(await client.models.find()).toEqual({
        servers: [{ ...janServer, models: [{ id: 'Jan-v3-4b-base-instruct-Q4_K_XL' }] }],
        sole: { serverName: 'Jan', baseUrl: `${jan.origin}/v1`, model: 'Jan-v3-4b-base-instruct-Q4_K_XL' },
      });
    } finally {
      await client.access!.setLlmKey({ key: null });
      await client.settings.update({ llm: { preset: 'ollama', baseUrl: null, model: null } });
      await stop();
      await start(`ollama=${ollama.origin},lmstudio=${lmStudio.origin}`);
      await jan.close();
    }
  });
});

describe('models.choose and models.test', () => {
  it('chooses a found server’s model, which the test then finds there', async () => {
    const settings = await client.models.choose({
      source: 'server',
      baseUrl: `${ollama.origin}/v1`,
      model: 'qwen3:4b',
    });
    expect(settings.llm).toMatchObject({ preset: 'custom', baseUrl: `${ollama.origin}/v1`, model: 'qwen3:4b' });
    expect((await client.settings.get()).llm.model).toBe('qwen3:4b');
    expect(await client.models.test({})).toEqual({ ok: true, model: 'qwen3:4b', where: `${ollama.origin}/v1` });
  });

  it('takes a preset’s own URL as that preset', async () => {
    // Nothing need answer there: choosing saves, it does not ask.
    const settings = await client.models.choose({
      source: 'server',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen3:4b',
    });
    expect(settings.llm).toMatchObject({ preset: 'ollama', model: 'qwen3:4b' });
    expect(settings.llm.baseUrl).toBeUndefined();
  });

  it('tells what is wrong: a model the server does not have, a server that is not there, an address that is no model server', async () => {
    expect(await client.models.test({ baseUrl: `${lmStudio.origin}/v1`, model: 'qwen3:4b' })).toEqual({
      ok: false,
      model: 'qwen3:4b',
      where: `${lmStudio.origin}/v1`,
      error: `${lmStudio.origin}/v1 has no model "qwen3:4b": it has meta-llama-3.1-8b-instruct, text-embedding-nomic-embed-text-v1.5.`,
    });
    const closed = await client.models.test({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    expect(closed).toMatchObject({ ok: false });
    expect(closed.ok ? '' : closed.error).toMatch(
      /^Nothing answers at http:\/\/127\.0\.0\.1:9\/v1 \(.+\)\. Is the server running\?$/,
    );
    const page = await client.models.test({ baseUrl: `${other.origin}/v1`, model: 'm' });
    expect(page.ok ? '' : page.error).toContain('does not look like an OpenAI-compatible endpoint');
  });
});

describe('models.catalog, download, remove', () => {
  it('lists the catalog with each model’s fit and an estimate, the huge one too big for any machine', async () => {
    const catalog = await client.models.catalog();
    expect(catalog.modelsDir).toBe(join(dataDir, 'models'));
    expect(catalog.memory.totalBytes).toBeGreaterThan(0);
    expect(catalog.models.map(({ id, fit, path }) => ({ id, fit, path }))).toEqual([
      { id: 'tiny-chat', fit: catalog.memory.freeBytes >= 1e9 ? 'fits' : 'tight', path: undefined },
      { id: 'huge-chat', fit: 'too-big', path: undefined },
    ]);
    expect(catalog.models[0]?.estimate).toMatch(
      /^about \d+ (s|min) per answer on this machine's CPU \(\d+ cores?; an estimate from the model's size, not measured\)$/,
    );
  });

  it('downloads with progress events, the file checked; then it can be chosen, tested and removed', async () => {
    file.hold();
    const events: ModelDownloadEvent[] = [];
    const download = client.models.download(
      { id: 'tiny-chat' },
      { onEvent: (event) => events.push(event as ModelDownloadEvent) },
    );
    await file.held();
    // The first half has arrived and been told before the rest is sent.
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ type: 'progress', id: 'tiny-chat', totalBytes: file.body.length });
    expect(events[0]!.receivedBytes).toBeLessThan(file.body.length);
    file.release();
    const done = await download;
    expect(done).toEqual({ id: 'tiny-chat', path: join(dataDir, 'models', 'tiny-chat.gguf') });
    expect(events.at(-1)).toMatchObject({ receivedBytes: file.body.length, totalBytes: file.body.length });
    expect((await client.models.catalog()).models[0]?.path).toBe(done.path);

    const settings = await client.models.choose({ source: 'local', model: 'tiny-chat' });
    expect(settings.llm).toMatchObject({ preset: 'local', model: 'tiny-chat' });
    expect(await client.models.test({})).toEqual({
      ok: true,
      model: 'tiny-chat',
      where: 'this computer (Lantern runs it)',
    });

    expect(await client.models.remove({ id: 'tiny-chat' })).toEqual({ id: 'tiny-chat', removed: true });
    expect(existsSync(done.path)).toBe(false);
    expect((await client.models.test({})).ok).toBe(false);
  });

  it('cancels a download when the caller stops it, keeping the part', async () => {
    await client.models.remove({ id: 'tiny-chat' });
    file.hold();
    const stop = new AbortController();
    const download = client.models.download({ id: 'tiny-chat' }, { signal: stop.signal });
    await file.held();
    stop.abort();
    expect(await errorOf(download)).toMatchObject({ code: 'CANCELLED' });
    await expect.poll(() => existsSync(join(dataDir, 'models', 'tiny-chat.gguf.part'))).toBe(true);
    expect((await client.models.catalog()).models[0]?.path).toBeUndefined();
  });

  it('refuses to choose a catalog model that is not downloaded', async () => {
    const error = await errorOf(client.models.choose({ source: 'local', model: 'huge-chat' }));
    expect(error).toMatchObject({
      code: 'INVALID_INPUT',
      message:
        'model: Huge Chat 70B (test) is not downloaded yet; download it first (lantern model download huge-chat).',
    });
  });
});

describe('bad input', () => {
  it('is INVALID_INPUT naming the field', async () => {
    // Each call starts only when its turn comes: started together, a rejection would wait
    // unhandled while an earlier call is awaited (an unhandled rejection fails the test).
    const cases: [() => Promise<unknown>, RegExp][] = [
      [() => client.models.download({} as never), /\bid\b/],
      [
        () => client.models.download({ id: 'nope' }),
        /^id: no model "nope" in the catalog; the catalog has tiny-chat, huge-chat\.$/,
      ],
      [() => client.models.remove({ id: '' }), /\bid\b/],
      [() => client.models.choose({ source: 'server', baseUrl: 'ftp://127.0.0.1/v1', model: 'm' }), /baseUrl/],
      [() => client.models.choose({ source: 'server', baseUrl: 'http://127.0.0.1:1/v1', model: ' ' }), /model/],
      [() => client.models.choose({ source: 'cloud' } as never), /source/],
      [() => client.models.test({ model: 'm', extra: 1 } as never), /extra/],
    ];
    for (const [call, message] of cases) {
      const error = await errorOf(call());
      expect(error).toMatchObject({ code: 'INVALID_INPUT' });
      expect((error as Error).message).toMatch(message);
    }
  });

  it('is refused to an agent with the bearer token: only a person chooses where pages go', async () => {
    const token = (await runtime.access.token()).token;
    for (const [method, path] of [
      ['GET', '/v1/models/servers'],
      ['POST', '/v1/models/choose'],
      ['POST', '/v1/models/download'],
    ] as const) {
      const response = await rawRequest(running.server.port, {
        method,
        path,
        headers: {
          host: `127.0.0.1:${running.server.port}`,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(response.status, path).toBe(403);
    }
  });
});
