/**
 * Waiting for a watched library folder's sync as the runtime tells it (LibraryService's
 * onWatchSync), instead of polling the index on a clock.
 */
import type { ResearchService } from '../../src/main/app/service';
import type { WatchSynced } from '../../src/main/library/library-service';

/** The first sync after a change on disk that indexes `path`. */
export function watchSyncIndexing(runtime: Pick<ResearchService, 'library'>, path: string): Promise<WatchSynced> {
  return new Promise((resolve) => {
    const stop = runtime.library.onWatchSync((synced) => {
      if (!synced.indexed.includes(path)) return;
      stop();
      resolve(synced);
    });
  });
}

/** A path as a literal part of a RegExp. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
