/**
 * Downloads a model file of the catalog: into `<file>.part` beside its place, with progress,
 * resumed after a cut with an HTTP Range request (RFC 9110 §14: a 206 whose Content-Range starts
 * where the part ends, or a 200 that starts over), the disk's free space checked first, and the
 * sha256 checked before the file takes its name — a file that does not match is deleted and says
 * so. A cancel or a cut keeps the part to resume from.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { LanternError } from '../../shared/errors';

/** What a download needs of a catalog entry. */
export interface ModelFile {
  /** The file's name in the models folder. */
  file: string;
  url: string;
  sizeBytes: number;
  /** Lower-case hex. */
  sha256: string;
}

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number;
  /** Over this download so far (bytes resumed from an earlier one not counted). */
  bytesPerSecond: number;
  /** At that speed; undefined until something has arrived. */
  secondsLeft: number | undefined;
}

export interface DownloadOptions {
  /** The models folder. */
  dir: string;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Progress is told at most this often, and once at the end. */
  progressIntervalMs?: number;
  /** Bytes free on the disk holding `dir` (statfs by default). */
  freeBytes?: (dir: string) => Promise<number>;
  /** Opens the part for writing, appending or from the start (fs.createWriteStream by default). */
  openWrite?: (path: string, flags: 'a' | 'w') => Writable;
}

const DEFAULT_PROGRESS_INTERVAL_MS = 250;

/** Downloads the model file unless it is there already; its path. */
export async function downloadModelFile(model: ModelFile, options: DownloadOptions): Promise<string> {
  const { dir, signal } = options;
  await mkdir(dir, { recursive: true });
  const target = join(dir, model.file);
  // Only a checked file ever gets the target's name, so one of the right size is the one.
  if ((await sizeOf(target)) === model.sizeBytes) return target;
  const partial = `${target}.part`;

  let have = await sizeOf(partial);
  if (have > model.sizeBytes) {
    await rm(partial, { force: true });
    have = 0;
  }
  const free = await (options.freeBytes ?? freeBytesOf)(dir);
  if (free < model.sizeBytes - have) {
    throw new LanternError(
      'TOO_LARGE',
      `Not enough disk space for ${model.file}: it needs ${formatBytes(model.sizeBytes - have)} more and ${formatBytes(free)} are free in ${dir}. Free some space and download again.`,
    );
  }
  if (signal?.aborted) throw cancelled(model, have);

  let response = await request(model, have, signal);
  if (response.status === 416) {
    // The part does not fit the file the server has now: start over.
    await response.body?.cancel();
    await rm(partial, { force: true });
    have = 0;
    response = await request(model, 0, signal);
  }
  const resumed =
    have > 0 && response.status === 206 && contentRangeStart(response.headers.get('content-range')) === have;
  if (!resumed && response.status !== 200) {
    await response.body?.cancel();
    throw new LanternError(
      'FETCH_FAILED',
      `Downloading ${model.file} from ${model.url} failed: HTTP ${response.status}.`,
    );
  }
  if (response.body === null)
    throw new LanternError('FETCH_FAILED', `Downloading ${model.file}: the server sent no body.`);
  if (!resumed) have = 0;

  const hash = createHash('sha256');
  if (resumed) await hashFile(partial, hash);
  const counter = new ProgressCounter(model.sizeBytes, have, options);
  try {
    const out = (options.openWrite ?? ((path, flags) => createWriteStream(path, { flags })))(
      partial,
      resumed ? 'a' : 'w',
    );
    await writeAll(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), out, (chunk) => {
      hash.update(chunk);
      counter.add(chunk.length);
    });
  } catch (error) {
    const written = await sizeOf(partial);
    if (signal?.aborted) throw cancelled(model, written);
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
      throw new LanternError(
        'TOO_LARGE',
        `The disk is full: ${model.file} stopped after ${formatBytes(written)} of ${formatBytes(model.sizeBytes)} in ${dir}. Free some space and download again; it resumes where it stopped.`,
      );
    }
    throw new LanternError(
      'FETCH_FAILED',
      `Downloading ${model.file} broke after ${formatBytes(written)} of ${formatBytes(model.sizeBytes)} (${(error as Error).message}). Download again to resume where it stopped.`,
      { cause: error },
    );
  }
  counter.end();

  const received = counter.received;
  if (received < model.sizeBytes) {
    throw new LanternError(
      'FETCH_FAILED',
      `Downloading ${model.file} ended after ${formatBytes(received)} of ${formatBytes(model.sizeBytes)}. Download again to resume where it stopped.`,
    );
  }
  const digest = hash.digest('hex');
  if (received !== model.sizeBytes || digest !== model.sha256.toLowerCase()) {
    await rm(partial, { force: true });
    throw new LanternError(
      'FETCH_FAILED',
      `${model.file} is not the file the catalog names (${received} bytes with sha256 ${digest}; expected ${model.sizeBytes} bytes with sha256 ${model.sha256}), so it was deleted. Download it again; if it fails the same way, the source has changed.`,
    );
  }
  await rename(partial, target);
  return target;
}

/**
 * Writes the body into the part. Unlike stream.pipeline, a broken source (a cut, a cancel) still
 * lets the part finish writing what arrived, so the next download resumes from all of it.
 */
async function writeAll(
  source: AsyncIterable<Uint8Array>,
  out: Writable,
  onChunk: (chunk: Uint8Array) => void,
): Promise<void> {
  let failure: Error | undefined;
  out.on('error', (error) => {
    failure ??= error;
  });
  const settled = (): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        for (const event of ['drain', 'error', 'close']) out.off(event, done);
        resolve();
      };
      for (const event of ['drain', 'error', 'close']) out.on(event, done);
    });
  try {
    for await (const chunk of source) {
      if (failure) break;
      onChunk(chunk);
      if (!out.write(chunk)) await settled();
    }
  } finally {
    if (!out.destroyed) await new Promise<void>((resolve) => out.end(() => resolve()));
  }
  if (failure) throw failure;
}

function request(model: ModelFile, from: number, signal: AbortSignal | undefined): Promise<Response> {
  const headers: Record<string, string> = from > 0 ? { range: `bytes=${from}-` } : {};
  return fetch(model.url, { headers, ...(signal ? { signal } : {}) }).catch((error: unknown) => {
    if (signal?.aborted) throw cancelled(model, from);
    throw new LanternError(
      'FETCH_FAILED',
      `Downloading ${model.file}: ${model.url} could not be reached (${(error as Error).message}).`,
      { cause: error },
    );
  });
}

/** Tells progress at most every interval, and at the end. */
class ProgressCounter {
  private readonly started = Date.now();
  private lastTold = 0;
  private sessionBytes = 0;

  constructor(
    private readonly total: number,
    public received: number,
    private readonly options: DownloadOptions,
  ) {}

  add(bytes: number): void {
    this.received += bytes;
    this.sessionBytes += bytes;
    const now = Date.now();
    if (now - this.lastTold >= (this.options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS)) {
      this.lastTold = now;
      this.tell(now);
    }
  }

  end(): void {
    this.tell(Date.now());
  }

  private tell(now: number): void {
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const bytesPerSecond = this.sessionBytes / seconds;
    this.options.onProgress?.({
      receivedBytes: this.received,
      totalBytes: this.total,
      bytesPerSecond,
      secondsLeft: bytesPerSecond > 0 ? Math.max(0, this.total - this.received) / bytesPerSecond : undefined,
    });
  }
}

function cancelled(model: ModelFile, kept: number): LanternError {
  const keptNote = kept > 0 ? ` The ${formatBytes(kept)} downloaded are kept; downloading again resumes there.` : '';
  return new LanternError('CANCELLED', `The download of ${model.file} was cancelled.${keptNote}`);
}

/** The first byte of a `Content-Range: bytes first-last/total`, or undefined. */
function contentRangeStart(header: string | null): number | undefined {
  const match = /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(header?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function hashFile(path: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

async function freeBytesOf(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(0)} kB`;
  return `${bytes} bytes`;
}
