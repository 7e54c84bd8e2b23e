/**
 * ModelService over a loopback file server (a whole 200 answer, as any static server gives) and a
 * loopback Ollama shaped as https://docs.ollama.com/api/tags says.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../src/main/models/catalog';
import type { DownloadProgress } from '../../src/main/models/download';
import { ModelService } from '../../src/main/models/model-service';
import { errorOf } from '../support/error-of';
import { listenOnLoopback } from '../support/loopback-http';

const BODY = randomBytes(64_000);
const GB = 1e9;

let dir: string;
let servers: Server[];
let fileRequests: number;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lantern-models-'));
  servers = [];
  fileRequests = 0;
});

afterEach(async () => {
  // closeAllConnections: a download still held at its half would keep close() waiting.
  await Promise.all(
    servers.map((server) => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    }),
  );
  await rm(dir, { recursive: true, force: true });
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return listenOnLoopback(server);
}

/** Sends the rest of each download held at its half (when `holding`). */
let holding: boolean;
let releases: (() => void)[];

/** A progress listener, and a promise that resolves once it has heard the held half. */
function halfArrived(): { onProgress: (progress: DownloadProgress) => void; arrived: Promise<void> } {
  let arrived!: () => void;
  return {
    arrived: new Promise((resolve) => (arrived = resolve)),
    onProgress: (progress) => {
      if (progress.receivedBytes >= BODY.length / 2) arrived();
    },
  };
}

async function catalogOn(): Promise<CatalogEntry[]> {
  holding = false;
  releases = [];
  const origin = await serve((_req, res) => {
    fileRequests++;
    res.writeHead(200, { 'content-length': BODY.length });
    if (!holding) return void res.end(BODY);
    res.write(BODY.subarray(0, BODY.length / 2));
    releases.push(() => res.end(BODY.subarray(BODY.length / 2)));
  });
  const entry = (id: string, ramBytes: number): CatalogEntry => ({
    id,
    name: `Model ${id}`,
    parameters: '1B',
    licence: 'Apache-2.0',
    file: `${id}.gguf`,
    url: `${origin}/${id}.gguf`,
    sizeBytes: BODY.length,
    sha256: createHash('sha256').update(BODY).digest('hex'),
    ramBytes,
    contextLength: 4096,
  });
  return [entry('small', 2 * GB), entry('large', 12 * GB)];
}

describe('ModelService', () => {
  it('lists the catalog with each model’s fit, downloads one (once, however often asked) and removes it', async () => {
    const service = new ModelService({
      dataDir: dir,
      catalog: await catalogOn(),
      memory: () => ({ totalBytes: 8 * GB, freeBytes: 4 * GB }),
    });
    expect((await service.list()).map(({ id, fit, path }) => ({ id, fit, path }))).toEqual([
      { id: 'small', fit: 'fits', path: undefined },
      { id: 'large', fit: 'too-big', path: undefined },
    ]);

    const [first, second] = await Promise.all([service.download('small'), service.download('small')]);
    expect(first).toBe(join(dir, 'models', 'small.gguf'));
    expect(second).toBe(first);
    expect(fileRequests).toBe(1);
    expect((await service.list())[0]?.path).toBe(first);

    await service.remove('small');
    expect(existsSync(first)).toBe(false);
    expect((await service.list())[0]?.path).toBeUndefined();
  });

  it('a second caller joins the download under way: it hears the progress, and the first leaving does not stop it', async () => {
    const service = new ModelService({ dataDir: dir, catalog: await catalogOn(), download: { progressIntervalMs: 0 } });
    holding = true;
    const firstLeaves = new AbortController();
    const firstHalf = halfArrived();
    const first = errorOf(service.download('small', { signal: firstLeaves.signal, onProgress: firstHalf.onProgress }));
    await firstHalf.arrived;
    const heard: number[] = [];
    const second = service.download('small', { onProgress: (progress) => heard.push(progress.receivedBytes) });
    // The latest progress is told at once, not when the next bytes come.
    expect(heard).toEqual([BODY.length / 2]);

    firstLeaves.abort();
    expect(await first).toMatchObject({ code: 'CANCELLED', message: 'The download of small.gguf was cancelled.' });
    for (const release of releases) release();
    expect(await second).toBe(join(dir, 'models', 'small.gguf'));
    expect(heard.at(-1)).toBe(BODY.length);
    expect(fileRequests).toBe(1);
  });

  it('a download everyone has left is not handed to the next caller: that one starts again and finishes', async () => {
    const service = new ModelService({ dataDir: dir, catalog: await catalogOn(), download: { progressIntervalMs: 0 } });
    holding = true;
    const leaves = new AbortController();
    const half = halfArrived();
    const cancelled = errorOf(service.download('small', { signal: leaves.signal, onProgress: half.onProgress }));
    await half.arrived;
    leaves.abort();
    // Asked again before the cancel has settled (the part is still being closed).
    holding = false;
    const again = service.download('small');
    expect(await cancelled).toMatchObject({
      code: 'CANCELLED',
      message: expect.stringMatching(/kept; downloading again resumes there/),
    });
    expect(await again).toBe(join(dir, 'models', 'small.gguf'));
    expect(fileRequests).toBe(2);
  });

  it('refuses a model the catalog does not have, naming the field and the choices', async () => {
    const service = new ModelService({ dataDir: dir, catalog: await catalogOn() });
    const error = await errorOf(service.download('nope'));
    expect(error).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'id: no model "nope" in the catalog; the catalog has small, large.',
    });
  });

  it('finds the model servers running on loopback', async () => {
    const ollama = await serve((req, res) => {
      const body =
        req.url === '/api/version'
          ? { version: '0.12.3' }
          : {
              models: [
                {
                  name: 'qwen3:4b',
                  model: 'qwen3:4b',
                  size: 2497293918,
                  details: { family: 'qwen3', families: ['qwen3'] },
                },
              ],
            };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const service = new ModelService({ dataDir: dir, probe: { targets: [{ kind: 'ollama', origin: ollama }] } });
    const found = await service.find();
    expect(found.map((server) => [server.name, server.models.map((model) => model.id)])).toEqual([
      ['Ollama', ['qwen3:4b']],
    ]);
  });
});
