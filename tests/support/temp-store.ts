import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { ResultCache } from '../../src/main/search/result-cache';
import { openStore, type OpenStoreOptions, type Store } from '../../src/main/store';

/** A clock tests move by hand. */
export interface FakeClock {
  now: () => number;
  advance(ms: number): void;
}

export function fakeClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)): FakeClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
  };
}

/** A fresh data dir under the OS temp dir; `cleanup` removes it. */
export function tempDataDir(): { dir: string; dbPath: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-store-'));
  return { dir, dbPath: join(dir, 'lantern.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A store on a real file in its own temp dir, without the hourly timer. */
export function tempStore(options: Partial<OpenStoreOptions> = {}): {
  store: Store;
  dbPath: string;
  dir: string;
  cleanup: () => void;
} {
  const { dir, dbPath, cleanup } = tempDataDir();
  const store = openStore({ path: dbPath, purgeIntervalMs: 0, ...options });
  return {
    store,
    dbPath,
    dir,
    cleanup: () => {
      store.close();
      cleanup();
    },
  };
}

/**
 * The result cache production uses (SQLite), on a store of its own that is closed and removed
 * when the current test finishes. Call it inside a test.
 */
export function tempResultCache(options: Partial<OpenStoreOptions> = {}): ResultCache {
  const { store, cleanup } = tempStore(options);
  onTestFinished(cleanup);
  return store.resultCache;
}
