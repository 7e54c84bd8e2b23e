/**
 * The library's folders and files: add a folder (every readable file in it indexed, the others
 * listed with why), keep it in step with the disk (files added, edited, removed), add or remove
 * single files. The original files are only read, never written.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { LanternError } from '../../shared/errors';
import type { Store, UnreadableFile } from '../store';
import { libraryKindOf, readLibraryFile } from './read-file';
import { isSavedPagePath } from '../../shared/library-contract';

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

/** 'gone': the file is not there (what was indexed of it dropped). */
type FileOutcome = 'indexed' | 'unchanged' | 'unreadable' | 'gone';

/** Files larger than this are listed as unreadable rather than read into memory. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

/**
 * While one file is extracted, the next few are looked at (stat, and read when changed): each
 * read is a few trips to the thread pool (open, stat, read, close), each waiting for this
 * thread to be free, so read one after another they left it idle between files.
 */
const READ_AHEAD_FILES = 4;
/** A file larger than this is read when its turn comes, not ahead (what is held stays small). */
const READ_AHEAD_MAX_BYTES = 16 * 1024 * 1024;

/** What the disk says of a file: its facts (none when it is not a file), and its bytes when they are to be read. */
interface LookedAt {
  file: string;
  info?: Stats;
  bytes?: Buffer;
  readError?: Error;
}

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
    return this.syncAll([resolve(folder)], [], options);
  }

  /**
   * Files and folders at once (library.add): each folder kept (so it can be watched and
   * re-indexed) and synced, each file indexed, one count of files for the progress. A path that
   * is neither, or a file of a kind the library does not read, is listed as unreadable with why.
   */
  async addPaths(
    paths: readonly string[],
    options: LibraryCallOptions = {},
  ): Promise<SyncReport & { folders: string[] }> {
    const folders: string[] = [];
    const files: string[] = [];
    const refused: UnreadableFile[] = [];
    for (const path of [...new Set(paths.map((p) => resolve(p)))]) {
      const info = await stat(path).catch(() => undefined);
      if (info?.isDirectory()) folders.push(path);
      else if (info?.isFile() && libraryKindOf(path) !== undefined) files.push(path);
      else {
        const reason =
          info === undefined
            ? 'no such file or folder'
            : info.isFile()
              ? 'not a kind the library reads (.pdf, .docx, .epub, .md, .html, .txt)'
              : 'not a file or folder';
        refused.push({ path, reason, size: info?.size ?? 0, mtimeMs: info?.mtimeMs ?? 0 });
      }
    }
    for (const folder of folders) this.store.library.addFolder(folder);
    const report = await this.syncAll(folders, files, options);
    return { ...report, unreadable: [...refused, ...report.unreadable], folders };
  }

  /**
   * The whole library (or the given paths of it) in step with the disk: its folders synced, the
   * documents added as single files read again when changed and dropped when gone. A folder that
   * is not there is listed as unreadable and its documents kept (a drive not mounted).
   */
  async reindex(paths?: readonly string[], options: LibraryCallOptions = {}): Promise<SyncReport> {
    const folders = this.store.library.folders();
    const wanted = paths?.map((p) => resolve(p));
    const inScope = (path: string): boolean =>
      wanted === undefined || wanted.some((w) => path === w || path.startsWith(w.endsWith(sep) ? w : w + sep));
    const underFolder = (path: string): boolean =>
      folders.some((folder) => path.startsWith(folder.endsWith(sep) ? folder : folder + sep));
    const missing: UnreadableFile[] = [];
    const present: string[] = [];
    for (const folder of folders.filter(inScope)) {
      const info = await stat(folder).catch(() => undefined);
      if (info?.isDirectory()) present.push(folder);
      else
        missing.push({ path: folder, reason: 'the folder is not there (its documents are kept)', size: 0, mtimeMs: 0 });
    }
    const singles = this.store.library
      .list()
      .map((document) => document.path)
      .filter((path) => !isSavedPagePath(path) && !underFolder(path) && inScope(path));
    const report = await this.syncAll(present, singles, options);
    return { ...report, unreadable: [...missing, ...report.unreadable] };
  }

  private async syncAll(
    folders: readonly string[],
    singles: readonly string[],
    options: LibraryCallOptions,
  ): Promise<SyncReport> {
    const listed = new Map<string, string[]>();
    for (const folder of folders)
      listed.set(
        folder,
        (await listFiles(folder)).filter((file) => libraryKindOf(file) !== undefined),
      );
    const files = [...new Set([...[...listed.values()].flat(), ...singles])].sort();
    const report: SyncReport = { indexed: [], unchanged: 0, unreadable: [], removed: [] };
    const ahead = new Map<number, Promise<LookedAt>>();
    for (const [i, file] of files.entries()) {
      options.onProgress?.({ done: i, total: files.length, current: file });
      // Checked after telling the file, so a listener that cancels at a file stops before it is
      // indexed (the few after it may have been read ahead; nothing of them is kept).
      if (options.signal?.aborted)
        throw new LanternError('CANCELLED', `Indexing was cancelled after ${i} of ${files.length} files.`);
      for (let next = i; next <= i + READ_AHEAD_FILES && next < files.length; next++)
        if (!ahead.has(next)) ahead.set(next, this.look(files[next] as string, next > i));
      const looked = (await ahead.get(i)) as LookedAt;
      ahead.delete(i);
      const outcome = await this.settle(looked);
      if (outcome === 'indexed') report.indexed.push(file);
      if (outcome === 'unchanged') report.unchanged++;
      if (outcome === 'gone') report.removed.push(file);
    }
    options.onProgress?.({ done: files.length, total: files.length, current: '' });
    for (const file of singles) {
      if (!report.removed.includes(file) && this.store.library.get(file) === undefined) {
        const bad = this.store.library.unreadable(file).find((f) => f.path === file);
        if (bad) report.unreadable.push(bad);
      }
    }
    for (const [folder, inFolder] of listed) {
      const present = new Set(inFolder);
      const under = folder.endsWith(sep) ? folder : folder + sep;
      for (const document of this.store.library.list(under)) {
        if (present.has(document.path)) continue;
        this.store.library.remove(document.path);
        report.removed.push(document.path);
      }
      for (const file of this.store.library.unreadable(under)) {
        if (present.has(file.path)) report.unreadable.push(file);
        else this.store.library.remove(file.path);
      }
    }
    return report;
  }

  /**
   * Reads one file into the index unless it is indexed as it is: the same size and mtime, or
   * (when only those changed) the same bytes.
   */
  async indexFile(file: string): Promise<FileOutcome> {
    return this.settle(await this.look(file, false));
  }

  /**
   * The file's facts, and its bytes unless it is indexed (or known unreadable) as it is, is too
   * large, or is read ahead and larger than READ_AHEAD_MAX_BYTES. Never rejects: what it could
   * not learn, settle() learns again.
   */
  private async look(file: string, readingAhead: boolean): Promise<LookedAt> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return { file };
    try {
      if (this.unchanged(file, info) || info.size > (readingAhead ? READ_AHEAD_MAX_BYTES : MAX_FILE_BYTES))
        return { file, info };
    } catch {
      return { file, info };
    }
    try {
      return { file, info, bytes: await readFile(file) };
    } catch (error) {
      return { file, info, readError: error as Error };
    }
  }

  /** Indexed (or found unreadable) with this size and mtime. */
  private unchanged(file: string, info: Stats): boolean {
    const same = (facts: { size: number; mtimeMs: number } | undefined): boolean =>
      facts !== undefined && facts.size === info.size && facts.mtimeMs === Math.round(info.mtimeMs);
    return same(this.store.library.get(file)) || same(this.store.library.unreadable(file).find((f) => f.path === file));
  }

  /** What a file looked at comes to in the index. */
  private async settle({ file, info, bytes: readAlready, readError }: LookedAt): Promise<FileOutcome> {
    if (!info?.isFile()) {
      this.store.library.remove(file);
      return 'gone';
    }
    if (this.unchanged(file, info)) return 'unchanged';
    const known = this.store.library.get(file);
    const unreadable = (reason: string): FileOutcome => {
      this.store.library.putUnreadable({ path: file, reason, size: info.size, mtimeMs: info.mtimeMs });
      return 'unreadable';
    };
    if (info.size > MAX_FILE_BYTES) return unreadable(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
    if (readError) return unreadable(`cannot be opened: ${readError.message}`);
    let bytes: Buffer;
    try {
      bytes = readAlready ?? (await readFile(file));
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
