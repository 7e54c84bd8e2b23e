import type { WorkerEntry } from '../../src/main/models/local-runtime';

/** The runtime's worker from its TypeScript source, through tsx (tests and benches run the source, not a bundle). */
export const SOURCE_WORKER_ENTRY: WorkerEntry = { url: new URL('./local-runtime-worker.mjs', import.meta.url) };
