/**
 * Child process for the durability test: writes to the store in a loop until killed, printing
 * each transaction's id only after it returned (committed). The test bundles it once and runs
 * `node store-writer.cjs <db path>` (`node --import tsx tests/support/store-writer.ts <db path>`
 * by hand).
 */
import { writeSync } from 'node:fs';
import { openStore } from '../../src/main/store';

const path = process.argv[2];
if (!path) throw new Error('usage: store-writer.ts <db path>');

/**
 * Writes `line` whole before returning. The pipe to the test is non-blocking (Node sets
 * O_NONBLOCK on a child's stdio pipes), so when the test falls behind reading it (a busy
 * machine) a write fails with EAGAIN: wait a moment and write the rest, never lose a line.
 */
function report(line: string): void {
  const bytes = Buffer.from(line);
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(1, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

const store = openStore({ path, purgeIntervalMs: 0 });
const thread = store.history.createThread(`writer ${process.pid}`);
for (let i = 0; ; i += 1) {
  const turn = store.history.appendTurn(thread.id, {
    question: `question ${process.pid}-${i}`,
    mode: 'answer',
    // Varying sizes so that some transactions span several pages.
    answer: `answer ${i} `.repeat(1 + ((i * 37) % 400)),
    sources: [{ url: `https://example.com/${i}`, title: `source ${i}` }],
  });
  // Synchronous: the line is in the pipe before the next transaction starts.
  report(`turn ${turn.id}\n`);
  const searchId = `${process.pid}-${i}`;
  // One session per search keeps the per-session cap out of this test.
  store.searches.recordSearch(`durability-${searchId}`, {
    searchId,
    query: `query ${i}`,
    engine: 'google',
    tookMs: 1,
    results: Array.from({ length: 10 }, (_, index) => ({
      index,
      title: `r${index}`,
      url: `https://example.com/${i}/${index}`,
      snippet: '',
      source: 'example.com',
    })),
  });
  report(`search ${searchId}\n`);
}
