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
  // writeSync: the line is in the pipe before the next transaction starts.
  writeSync(1, `turn ${turn.id}\n`);
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
  writeSync(1, `search ${searchId}\n`);
}
