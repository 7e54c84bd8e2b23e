/**
 * What the doors will adapt for models (Settings' "Look again" and catalog, `lantern model
 * list|download|remove`): the servers found on loopback, the catalog with each model's fit for
 * this machine and whether it is downloaded, a download (one at a time per model, shared by whoever asks), a removal.
 * The models live in `<dataDir>/models`.
 */
import { freemem, totalmem } from 'node:os';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LanternError } from '../../shared/errors';
import { CATALOG, fitOf, type CatalogEntry, type Fit } from './catalog';
import { downloadModelFile, type DownloadOptions } from './download';
import { modelsDirOf } from './local-model';
import { probeLocalServers, type FoundServer, type ProbeOptions } from './probe';
import { SharedDownload, type JoinOptions } from './shared-download';

export interface CatalogModel extends CatalogEntry {
  fit: Fit;
  /** The file's path once downloaded and checked. */
  path?: string;
}

export interface ModelServiceOptions {
  dataDir: string;
  catalog?: readonly CatalogEntry[];
  memory?: () => { totalBytes: number; freeBytes: number };
  probe?: ProbeOptions;
  /** Passed to every download (tests: the free-space and write-stream doubles). */
  download?: Pick<DownloadOptions, 'freeBytes' | 'openWrite' | 'progressIntervalMs'>;
}

export class ModelService {
  private readonly catalog: readonly CatalogEntry[];
  private readonly downloads = new Map<string, SharedDownload>();

  constructor(private readonly options: ModelServiceOptions) {
    this.catalog = options.catalog ?? CATALOG;
  }

  /** The catalog this service offers (catalog.json, or a test's). */
  get entries(): readonly CatalogEntry[] {
    return this.catalog;
  }

  /** This machine's memory now, as the fit is judged. */
  memory(): { totalBytes: number; freeBytes: number } {
    return (this.options.memory ?? (() => ({ totalBytes: totalmem(), freeBytes: freemem() })))();
  }

  get modelsDir(): string {
    return modelsDirOf(this.options.dataDir);
  }

  /** The model servers running on this machine, with their models; `key` goes to its own server's model list only. */
  find(asking: Pick<ProbeOptions, 'signal' | 'key'> = {}): Promise<FoundServer[]> {
    return probeLocalServers({ ...this.options.probe, ...asking });
  }

  async list(): Promise<CatalogModel[]> {
    const memory = this.memory();
    return Promise.all(
      this.catalog.map(async (entry) => {
        const path = join(this.modelsDir, entry.file);
        // Only a checked download takes the file's name (download.ts), so the right size is it.
        const downloaded = (await stat(path).catch(() => undefined))?.size === entry.sizeBytes;
        return { ...entry, fit: fitOf(entry, memory), ...(downloaded ? { path } : {}) };
      }),
    );
  }

  /**
   * Downloads a catalog model; its path. A second call for the same model joins the download under
   * way (shared-download.ts): it hears the progress too, and leaving on its signal stops the download
   * only when no one else waits on it. A call that finds a download everyone has left waits for
   * its cancel to settle and starts again, from what the part kept.
   */
  async download(id: string, options: JoinOptions = {}): Promise<string> {
    const entry = this.entry(id);
    for (;;) {
      const running = this.downloads.get(id);
      if (running === undefined) break;
      if (!running.abandoned) return running.join(options);
      await running.settled;
    }
    const download = new SharedDownload(entry.file, ({ signal, onProgress }) =>
      downloadModelFile(entry, { ...this.options.download, dir: this.modelsDir, signal, onProgress }),
    );
    this.downloads.set(id, download);
    void download.settled.then(() => {
      if (this.downloads.get(id) === download) this.downloads.delete(id);
    });
    return download.join(options);
  }

  /** Deletes a model's file and any part of it. */
  async remove(id: string): Promise<void> {
    const entry = this.entry(id);
    if (this.downloads.has(id))
      throw new LanternError('INVALID_INPUT', `${entry.name} is downloading; cancel the download first.`);
    const path = join(this.modelsDir, entry.file);
    await rm(path, { force: true });
    await rm(`${path}.part`, { force: true });
  }

  private entry(id: string): CatalogEntry {
    const entry = this.catalog.find((candidate) => candidate.id === id);
    if (entry === undefined) {
      throw new LanternError(
        'INVALID_INPUT',
        `id: no model "${id}" in the catalog; the catalog has ${this.catalog.map((e) => e.id).join(', ')}.`,
      );
    }
    return entry;
  }
}
