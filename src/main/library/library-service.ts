/**
 * The library's operations (ResearchApi's `library`): each request validated by its schema, then
 * handed to the Library (library.ts) and the store's index. Folders added with `watch` are
 * kept as watched (the store's library_watches) and followed while this runtime lives
 * (watch.ts); a runtime that starts again follows them again (resumeWatching, after a sync that
 * picks up what changed while no Lantern ran) until library.unwatch stops one. library.save
 * keeps a page Lantern read (saved-pages.ts).
 */
import type * as z from 'zod';
import type { LibraryApi, LibraryCallOptions } from '../../shared/api';
import {
  LibraryAddRequestSchema,
  isSavedPagePath,
  LibraryImportRequestSchema,
  LibraryListRequestSchema,
  LibraryReadRequestSchema,
  LibraryReindexRequestSchema,
  LibraryRemoveRequestSchema,
  LibrarySaveRequestSchema,
  LibrarySearchRequestSchema,
  LibraryUnwatchRequestSchema,
  MAX_PASSAGE_CHARS,
  type LibraryAddRequestInput,
  type LibraryAddResponse,
  type LibraryDocumentInfo,
  type LibraryListRequestInput,
  type LibraryImportRequestInput,
  type LibraryListResponse,
  type LibraryReadRequestInput,
  type LibraryReindexRequestInput,
  type LibraryRemoveRequestInput,
  type LibraryRemoveResponse,
  type LibrarySearchRequestInput,
  type LibrarySaveRequestInput,
  type LibrarySaveResponse,
  type LibrarySearchResponse,
  type LibraryUnwatchRequestInput,
  type LibraryUnwatchResponse,
  type LibraryType,
} from '../../shared/library-contract';
import type { Store } from '../store';
import type { LibraryDocumentRecord, LibraryHit } from '../store/library-index';
import { validationError } from '../common/validation';
import type { Library, SyncReport } from './library';
import { dropImport, keepImports } from './imports';
import { watchFolder, type FolderWatch } from './watch';
import { savePage } from './saved-pages';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { LanternError } from '../../shared/errors';
import type { FetchPage } from '../../shared/fetch-contract';

/** A watched folder synced after a change on disk: the files indexed and the documents dropped. */
export interface WatchSynced {
  folder: string;
  indexed: string[];
  removed: string[];
}

export interface LibraryServiceOptions {
  /** Where files sent by their bytes are kept (imports.ts); without it, library.import is refused. */
  importDir?: string;
  /** Quiet time after a change in a watched folder before it is synced (watch.ts; default 300 ms). */
  watchDebounceMs?: number;
  /** Told when a watched folder could not be synced. */
  onWarning?: (message: string) => void;
  now?: () => number;
}

export class LibraryService implements LibraryApi {
  private library: Promise<Library> | undefined;
  private readonly watches = new Map<string, FolderWatch>();
  private readonly syncListeners = new Set<(synced: WatchSynced) => void>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly options: LibraryServiceOptions = {},
  ) {}

  /** Loaded on first use: the readers (pdf.js, mammoth, the web extractor) cost a short command's start-up. */
  private reader(): Promise<Library> {
    return (this.library ??= import('./library').then(({ Library }) => new Library(this.store)));
  }

  async add(input: LibraryAddRequestInput, options: LibraryCallOptions = {}): Promise<LibraryAddResponse> {
    const { paths, watch } = parse(LibraryAddRequestSchema, input, 'library.add');
    const started = this.now();
    const library = await this.reader();
    const report = await library.addPaths(paths, this.callOptions(options));
    if (watch)
      for (const folder of report.folders) {
        this.store.libraryWatches.add(folder);
        this.watch(library, folder);
      }
    options.onEvent?.({ type: 'done', tookMs: this.now() - started });
    return this.response(report, watch ? report.folders : []);
  }

  async import(input: LibraryImportRequestInput, options: LibraryCallOptions = {}): Promise<LibraryAddResponse> {
    const { files } = parse(LibraryImportRequestSchema, input, 'library.import');
    const dir = this.options.importDir;
    if (dir === undefined)
      throw new LanternError(
        'INVALID_INPUT',
        'files: this Lantern keeps no files sent by their bytes; add them by path.',
      );
    const started = this.now();
    const paths = await keepImports(
      dir,
      files.map((file) => ({ name: file.name, bytes: Buffer.from(file.data, 'base64') })),
    );
    const report = await (await this.reader()).addPaths(paths, this.callOptions(options));
    options.onEvent?.({ type: 'done', tookMs: this.now() - started });
    return this.response(report, []);
  }

  async reindex(input: LibraryReindexRequestInput = {}, options: LibraryCallOptions = {}): Promise<LibraryAddResponse> {
    const { paths } = parse(LibraryReindexRequestSchema, input ?? {}, 'library.reindex');
    const started = this.now();
    const report = await (await this.reader()).reindex(paths, this.callOptions(options));
    options.onEvent?.({ type: 'done', tookMs: this.now() - started });
    return this.response(report, []);
  }

  async list(input: LibraryListRequestInput = {}): Promise<LibraryListResponse> {
    const { type, query, limit } = parse(LibraryListRequestSchema, input ?? {}, 'library.list');
    const needle = query?.trim().toLocaleLowerCase();
    const { shown, total } =
      type === undefined && !needle && limit !== undefined
        ? // Unfiltered and bounded (the question box asks whether the library holds anything before each answer): no row read past `limit`.
          { shown: this.store.library.first(limit), total: this.store.library.count() }
        : this.matching(type, needle, limit);
    return {
      documents: shown.map(documentInfo),
      total,
      unreadable: this.store.library.unreadable().map(({ path, reason }) => ({ path, reason })),
      folders: this.store.library.folders(),
      watching: this.store.libraryWatches.list(),
    };
  }

  /** The documents of this type whose title or path holds the text, the first `limit` of them and how many. */
  private matching(
    type: LibraryType | undefined,
    needle: string | undefined,
    limit: number | undefined,
  ): { shown: LibraryDocumentRecord[]; total: number } {
    const matching = this.store.library
      .list()
      .filter((document) => type === undefined || document.kind === type)
      .filter(
        (document) =>
          !needle ||
          document.title.toLocaleLowerCase().includes(needle) ||
          document.path.toLocaleLowerCase().includes(needle),
      );
    return { shown: matching.slice(0, limit), total: matching.length };
  }

  async search(input: LibrarySearchRequestInput): Promise<LibrarySearchResponse> {
    const { query, limit, type } = parse(LibrarySearchRequestSchema, input, 'library.search');
    // A type filter is applied to the ranked hits, so more are asked for first.
    const asked = type === undefined ? limit : Math.min(500, limit * 10);
    const ofType = (hits: LibraryHit[]): LibraryHit[] =>
      (type === undefined ? hits : hits.filter((hit) => hit.kind === type)).slice(0, limit);
    let matched: 'all' | 'any' = 'all';
    let hits = ofType(this.store.library.search({ all: query }, { limit: asked }));
    if (hits.length === 0) {
      // A question rather than keywords: any of its words, ranked by bm25.
      matched = 'any';
      hits = ofType(this.store.library.search({ anyOf: query.split(/\s+/) }, { limit: asked }));
    }
    return {
      query,
      matched,
      passages: hits.map((hit, i) => ({
        n: i + 1,
        documentId: hit.documentId,
        title: hit.title,
        path: hit.path,
        type: hit.kind as LibraryType,
        ...(hit.page === undefined ? {} : { page: hit.page }),
        ...(hit.heading === undefined ? {} : { heading: hit.heading }),
        snippet: hit.snippet,
        text: hit.text.slice(0, MAX_PASSAGE_CHARS),
        truncated: hit.text.length > MAX_PASSAGE_CHARS,
      })),
    };
  }

  async remove(input: LibraryRemoveRequestInput): Promise<LibraryRemoveResponse> {
    const { ids } = parse(LibraryRemoveRequestSchema, input, 'library.remove');
    const response: LibraryRemoveResponse = { removed: [], notFound: [] };
    for (const id of [...new Set(ids)]) {
      const document = this.store.library.byId(id);
      if (!document) {
        response.notFound.push(id);
        continue;
      }
      this.store.library.remove(document.path);
      if (this.options.importDir !== undefined) await dropImport(this.options.importDir, document.path);
      response.removed.push({ id, path: document.path, title: document.title });
    }
    return response;
  }

  async read(input: LibraryReadRequestInput): Promise<FetchPage> {
    const { url } = parse(LibraryReadRequestSchema, input, 'library.read');
    // As the readers are (reader() above): the extractor's word count is not loaded before it is needed.
    const { documentPage, libraryPathOf } = await import('./document-page');
    const path = libraryPathOf(url);
    return documentPage(url, this.store.library.get(path), this.store.library.sections(path));
  }

  async save(input: LibrarySaveRequestInput): Promise<LibrarySaveResponse> {
    const { url } = parse(LibrarySaveRequestSchema, input, 'library.save');
    const { outcome, document } = savePage(this.store, url);
    return { outcome, document: documentInfo(document), documents: this.store.library.count() };
  }

  async unwatch(input: LibraryUnwatchRequestInput): Promise<LibraryUnwatchResponse> {
    const path = resolve(parse(LibraryUnwatchRequestSchema, input, 'library.unwatch').path);
    const following = this.watches.get(path);
    if (!this.store.libraryWatches.remove(path) && !following)
      throw new LanternError(
        'NOT_FOUND',
        `path: ${path} is not a watched folder (library.list's watching names them).`,
        { details: { reason: 'not-watched' } },
      );
    following?.close();
    this.watches.delete(path);
    return { stopped: path, watching: this.store.libraryWatches.list() };
  }

  /**
   * Follows again the folders kept as watched (a runtime that runs for long calls it at its
   * start: the desktop app, `lantern serve`): each synced first, so what changed while no
   * Lantern ran is indexed, then watched. A folder not there (a drive not mounted) is said and
   * stays watched for the next start. Resolves once every folder is synced; never rejects (what
   * fails is told to onWarning).
   */
  async resumeWatching(): Promise<{ following: string[]; missing: string[] }> {
    const following: string[] = [];
    const missing: string[] = [];
    const folders = this.store.libraryWatches.list().filter((folder) => !this.watches.has(folder));
    if (folders.length === 0) return { following, missing };
    const library = await this.reader().catch((error: unknown) => {
      this.options.onWarning?.(`The library's watched folders are not followed: ${String(error)}`);
      return undefined;
    });
    if (!library) return { following, missing };
    for (const folder of folders) {
      const info = await stat(folder).catch(() => undefined);
      if (!info?.isDirectory()) {
        missing.push(folder);
        this.options.onWarning?.(`The watched library folder ${folder} is not there; it is followed again once it is.`);
        continue;
      }
      try {
        await library.sync(folder);
      } catch (error) {
        this.options.onWarning?.(
          `The library folder ${folder} could not be synced: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (this.closed) break;
      this.watch(library, folder);
      following.push(folder);
    }
    return { following, missing };
  }

  /**
   * Told each time a watched folder is synced after a change on disk (what `lantern serve` logs,
   * and what a test waits for instead of polling); the returned function stops telling.
   */
  onWatchSync(listener: (synced: WatchSynced) => void): () => void {
    this.syncListeners.add(listener);
    return () => void this.syncListeners.delete(listener);
  }

  /** Stops following every watched folder (they stay watched for the next start). */
  close(): void {
    this.closed = true;
    for (const watch of this.watches.values()) watch.close();
    this.watches.clear();
  }

  private watch(library: Library, folder: string): void {
    if (this.watches.has(folder)) return;
    const { watchDebounceMs, onWarning } = this.options;
    this.watches.set(
      folder,
      watchFolder(library, folder, {
        ...(watchDebounceMs === undefined ? {} : { debounceMs: watchDebounceMs }),
        onSync: ({ indexed, removed }) => {
          for (const listener of this.syncListeners) listener({ folder, indexed, removed });
        },
        onError: (error) =>
          onWarning?.(
            `The library folder ${folder} could not be synced: ${error instanceof Error ? error.message : String(error)}`,
          ),
      }),
    );
  }

  private callOptions(options: LibraryCallOptions): {
    signal?: AbortSignal;
    onProgress?: (progress: { done: number; total: number; current: string }) => void;
  } {
    const { onEvent, signal } = options;
    return {
      ...(signal ? { signal } : {}),
      ...(onEvent ? { onProgress: (progress) => onEvent({ type: 'progress', ...progress }) } : {}),
    };
  }

  private response(report: SyncReport, watching: string[]): LibraryAddResponse {
    return {
      indexed: report.indexed,
      unchanged: report.unchanged,
      removed: report.removed,
      unreadable: report.unreadable.map(({ path, reason }) => ({ path, reason })),
      watching,
      documents: this.store.library.count(),
    };
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

function documentInfo(document: LibraryDocumentRecord): LibraryDocumentInfo {
  return {
    id: document.id,
    path: document.path,
    type: document.kind as LibraryType,
    title: document.title,
    ...(document.lang === undefined ? {} : { lang: document.lang }),
    ...(document.pageCount === undefined ? {} : { pages: document.pageCount }),
    sections: document.sections,
    size: document.size,
    indexedAt: document.indexedAt,
    ...(isSavedPagePath(document.path) ? { origin: document.path } : {}),
  };
}

function parse<T extends z.ZodType>(schema: T, input: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(`${what} request`, parsed.error, input);
  return parsed.data;
}
