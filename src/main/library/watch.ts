/**
 * Follows a library folder on disk: fs.watch (recursive) tells that something under it changed,
 * and once the changes have paused for `debounceMs` the folder is synced (a burst of writes, as
 * an editor's save or a copy makes, is one sync). The sync compares every file with the index,
 * so no event's file name has to be trusted (rename events name either side, or none).
 */
import { watch, type FSWatcher } from 'node:fs';
import type { Library, SyncReport } from './library';

export interface FolderWatch {
  close(): void;
}

export interface WatchOptions {
  /** Quiet time after the last change before the folder is synced (default 300 ms). */
  debounceMs?: number;
  onSync?: (report: SyncReport) => void;
  onError?: (error: unknown) => void;
}

export function watchFolder(library: Library, folder: string, options: WatchOptions = {}): FolderWatch {
  const debounceMs = options.debounceMs ?? 300;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const sync = (): void => {
    timer = undefined;
    if (closed) return;
    // One sync at a time: changes seen during one make it run once more when it ends.
    if (running) {
      again = true;
      return;
    }
    running = library
      .sync(folder)
      .then((report) => {
        if (!closed) options.onSync?.(report);
      }, options.onError)
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          sync();
        }
      });
  };
  const changed = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(sync, debounceMs);
  };

  const watcher: FSWatcher = watch(folder, { recursive: true, persistent: false }, changed);
  watcher.on('error', (error) => options.onError?.(error));
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}
