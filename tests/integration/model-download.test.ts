/**
 * Model downloads from a loopback server that answers Range requests as RFC 9110 §14 says (206
 * with Content-Range; 416 for a range past the end), and that can cut a response, hold one, or
 * ignore ranges (a 200 with the whole file, which is also allowed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadModelFile, type DownloadProgress, type ModelFile } from '../../src/main/models/download';
import { errorOf } from '../support/error-of';
import { listenOnLoopback } from '../support/loopback-http';

const BODY = randomBytes(300_000);
const SHA256 = createHash('sha256').update(BODY).digest('hex');

type Behaviour = 'whole' | 'cut-first' | 'hold' | 'ignore-range';

interface Site {
  origin: string;
  requests: { range: string | undefined }[];
  /** Resolves when a held response has sent its first part. */
  held: Promise<void>;
}

let server: Server | undefined;
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lantern-download-'));
});

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function site(behaviour: Behaviour): Promise<Site> {
  const requests: Site['requests'] = [];
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const range = req.headers.range;
    requests.push({ range });
    const match = /^bytes=(\d+)-$/.exec(range ?? '');
    if (match && behaviour !== 'ignore-range') {
      const start = Number(match[1]);
      if (start >= BODY.length) {
        res.writeHead(416, { 'content-range': `bytes */${BODY.length}` }).end();
        return;
      }
      res.writeHead(206, {
        'content-range': `bytes ${start}-${BODY.length - 1}/${BODY.length}`,
        'content-length': BODY.length - start,
        'accept-ranges': 'bytes',
      });
      res.end(BODY.subarray(start));
      return;
    }
    res.writeHead(200, {
      'content-length': BODY.length,
      'accept-ranges': 'bytes',
      'content-type': 'application/octet-stream',
    });
    if (behaviour === 'cut-first' && requests.length === 1) {
      // Half the file, then the connection drops.
      res.write(BODY.subarray(0, 120_000), () => res.destroy());
      return;
    }
    if (behaviour === 'hold') {
      res.write(BODY.subarray(0, 50_000), () => markHeld());
      return;
    }
    res.end(BODY);
  });
  const origin = await listenOnLoopback(server);
  return { origin, requests, held };
}

const model = (origin: string, overrides: Partial<ModelFile> = {}): ModelFile => ({
  file: 'tiny.gguf',
  url: `${origin}/tiny.gguf`,
  sizeBytes: BODY.length,
  sha256: SHA256,
  ...overrides,
});

describe('downloadModelFile', () => {
  it('downloads, checks the sha256 and tells progress up to the whole file', async () => {
    const { origin } = await site('whole');
    const progress: DownloadProgress[] = [];
    const path = await downloadModelFile(model(origin), {
      dir,
      progressIntervalMs: 0,
      onProgress: (p) => progress.push(p),
    });
    expect(path).toBe(join(dir, 'tiny.gguf'));
    expect((await readFile(path)).equals(BODY)).toBe(true);
    expect(progress.length).toBeGreaterThan(1);
    const received = progress.map((p) => p.receivedBytes);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ receivedBytes: BODY.length, totalBytes: BODY.length, secondsLeft: 0 });
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  it('resumes after a cut with a Range request from where the part ends', async () => {
    const served = await site('cut-first');
    const first = await errorOf(downloadModelFile(model(served.origin), { dir }));
    expect(first.code).toBe('FETCH_FAILED');
    expect(first.message).toMatch(/Download again to resume/);
    const partSize = (await stat(join(dir, 'tiny.gguf.part'))).size;
    expect(partSize).toBeGreaterThan(0);

    const path = await downloadModelFile(model(served.origin), { dir });
    expect(served.requests.map((r) => r.range)).toEqual([undefined, `bytes=${partSize}-`]);
    expect((await readFile(path)).equals(BODY)).toBe(true);
  });

  it('starts over when the server ignores the range and sends the whole file', async () => {
    const served = await site('ignore-range');
    await writeFile(join(dir, 'tiny.gguf.part'), BODY.subarray(0, 1000));
    const path = await downloadModelFile(model(served.origin), { dir });
    expect(served.requests.map((r) => r.range)).toEqual(['bytes=1000-']);
    expect((await readFile(path)).equals(BODY)).toBe(true);
  });

  it('starts over when the part is no prefix the server can continue (416)', async () => {
    const served = await site('whole');
    await writeFile(join(dir, 'tiny.gguf.part'), BODY);
    // A part as long as the file but never checked: the server answers its range with 416.
    const path = await downloadModelFile(model(served.origin), { dir });
    expect(served.requests.map((r) => r.range)).toEqual([`bytes=${BODY.length}-`, undefined]);
    expect((await readFile(path)).equals(BODY)).toBe(true);
  });

  it('rejects a file whose sha256 is not the catalog’s and deletes it', async () => {
    const { origin } = await site('whole');
    const error = await errorOf(downloadModelFile(model(origin, { sha256: '0'.repeat(64) }), { dir }));
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toContain(`sha256 ${SHA256}`);
    expect(error.message).toMatch(/so it was deleted/);
    expect(existsSync(join(dir, 'tiny.gguf'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.gguf.part'))).toBe(false);
  });

  it('checks the disk space first: too little free is a clear error before anything is asked', async () => {
    const served = await site('whole');
    const error = await errorOf(downloadModelFile(model(served.origin), { dir, freeBytes: async () => 100_000 }));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toBe(
      `Not enough disk space for tiny.gguf: it needs 300 kB more and 100 kB are free in ${dir}. Free some space and download again.`,
    );
    expect(served.requests).toEqual([]);
  });

  it('says the disk is full when a write fails with ENOSPC, and that the download resumes', async () => {
    const { origin } = await site('whole');
    let written = 0;
    // fs.WriteStream reports a full disk as an error whose code is ENOSPC (Node's fs docs, "Common system errors").
    const fullDisk = (): Writable =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          if (written + chunk.length > 100_000) {
            done(
              Object.assign(new Error('ENOSPC: no space left on device, write'), {
                code: 'ENOSPC',
                errno: -28,
                syscall: 'write',
              }),
            );
            return;
          }
          written += chunk.length;
          done();
        },
      });
    const error = await errorOf(downloadModelFile(model(origin), { dir, openWrite: fullDisk }));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toMatch(
      /^The disk is full: tiny\.gguf stopped after .* of 300 kB in .*Free some space and download again; it resumes where it stopped\.$/,
    );
  });

  it('cancels: CANCELLED, the part kept to resume from', async () => {
    const served = await site('hold');
    const abort = new AbortController();
    const download = downloadModelFile(model(served.origin), { dir, signal: abort.signal });
    await served.held;
    // The first 50 kB are on their way; cancel once they are written.
    for (;;) {
      if ((await stat(join(dir, 'tiny.gguf.part')).catch(() => undefined))?.size === 50_000) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    abort.abort();
    const error = await errorOf(download);
    expect(error.code).toBe('CANCELLED');
    expect(error.message).toBe(
      'The download of tiny.gguf was cancelled. The 50 kB downloaded are kept; downloading again resumes there.',
    );
    expect((await stat(join(dir, 'tiny.gguf.part'))).size).toBe(50_000);
  });

  it('leaves a file already downloaded alone', async () => {
    const served = await site('whole');
    await downloadModelFile(model(served.origin), { dir });
    await downloadModelFile(model(served.origin), { dir });
    expect(served.requests).toHaveLength(1);
  });
});
