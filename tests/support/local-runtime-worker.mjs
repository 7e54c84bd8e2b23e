// The local runtime's worker from its TypeScript source: tests and benches run the source, and a
// worker thread does not inherit the tsx loader of the thread that starts it (Node 20).
import { register } from 'tsx/esm/api';

register();
await import('../../src/main/models/local-runtime-worker.ts');
