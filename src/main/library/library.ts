/**
 * The library's folders and files: add a folder (every readable file in it indexed, the others
 * listed with why), keep it in step with the disk (files added, edited, removed), add or remove
 * single files. The original files are only read, never written.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { LanternError } from '../../shared/errors';
import type { Store, UnreadableFile } from '../store';
import { libraryKindOf, readLibraryFile } from './read-file';

export interface LibraryProgress {
  done: number;
  total: number;
  /** The file being read. */
  current: string;
}

export interface LibraryCallOptions {
  onProgress?: (progress: LibraryProgress) => void;
  signal?: AbortSignal;
}

export interface SyncReport {
  /** Files read and indexed by this call (new or changed). */
  indexed: string[];
  /** Files already indexed as they are. */
  unchanged: number;
  /** Files that could not be read, with why (including ones found so before and unchanged since). */
  unreadable: UnreadableFile[];
  /** Documents dropped because their file is gone. */
  removed: string[];
}

type FileOutcome = 'indexed' | 'unchanged' | 'unreadable';

/** Files larger than this are listed as unreadable rather than read into memory. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export class Library {
  constructor(private readonly store: Store) {}

  /** Adds a folder (kept, so it can be watched again) and indexes what it holds. */
  async addFolder(folder: string, options: LibraryCallOptions = {}): Promise<SyncReport> {
    const path = resolve(folder);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isDirectory())
      throw new LanternError('INVALID_INPUT', `folder: ${path} is not a folder that can be read.`);
    this.store.library.addFolder(path);
    return this.sync(path, options);
  }

  /** Brings a folder's documents in step with its files: new and changed ones read, removed ones dropped. */
  async sync(folder: string, options: LibraryCallOptions = {}): Promise<SyncReport> {
    const root = resolve(folder);
    const files = (await listFiles(root)).filter((file) => libraryKindOf(file) !== undefined).sort();
    const report: SyncReport = { indexed: [], unchanged: 0, unreadable: [], removed: [] };
    for (const [i, file] of files.entries()) {
      if (options.signal?.aborted)
        throw new LanternError('CANCELLED', `Adding ${root} was cancelled after ${i} of ${files.length} files.`);
      options.onProgress?.({ done: i, total: files.length, current: file });
      const outcome = await this.indexFile(file);
      if (outcome === 'indexed') report.indexed.push(file);
      if (outcome === 'unchanged') report.unchanged++;
    }
    options.onProgress?.({ done: files.length, total: files.length, current: '' });
    const present = new Set(files);
    const under = root.endsWith(sep) ? root : root + sep;
    for (const document of this.store.library.list(under)) {
      if (present.has(document.path)) continue;
      this.store.library.remove(document.path);
      report.removed.push(document.path);
    }
    for (const file of this.store.library.unreadable(under)) {
      if (present.has(file.path)) report.unreadable.push(file);
      else this.store.library.remove(file.path);
    }
    return report;
  }

  /**
   * Reads one file into the index unless it is indexed as it is: the same size and mtime, or
   * (when only those changed) the same bytes.
   */
  async indexFile(file: string): Promise<FileOutcome> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) {
      this.store.library.remove(file);
      return 'unreadable';
    }
    const known = this.store.library.get(file);
    if (known && known.size === info.size && known.mtimeMs === Math.round(info.mtimeMs)) return 'unchanged';
    const knownBad = this.store.library.unreadable(file).find((f) => f.path === file);
    if (knownBad && knownBad.size === info.size && knownBad.mtimeMs === Math.round(info.mtimeMs)) return 'unchanged';
    const unreadable = (reason: string): FileOutcome => {
      this.store.library.putUnreadable({ path: file, reason, size: info.size, mtimeMs: info.mtimeMs });
      return 'unreadable';
    };
    if (info.size > MAX_FILE_BYTES) return unreadable(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      return unreadable(`cannot be opened: ${(error as Error).message}`);
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (known && known.sha256 === sha256) {
      this.store.library.touch(file, info.mtimeMs);
      return 'unchanged';
    }
    const outcome = await readLibraryFile(file, bytes);
    if (!outcome.ok) return unreadable(outcome.reason);
    const { document } = outcome;
    this.store.library.put({ path: file, size: info.size, mtimeMs: info.mtimeMs, sha256, ...document });
    return 'indexed';
  }

  /** Takes a file or folder out of the library; the files themselves stay where they are. */
  remove(path: string): boolean {
    return this.store.library.remove(resolve(path));
  }
}

/** Every file under a folder, at any depth (hidden files and folders left out). */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => resolve(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !path
          .slice(root.length)
          .split(sep)
          .some((part) => part.startsWith('.')),
    );
}
