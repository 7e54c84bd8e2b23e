import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/main/store';
import { tempDataDir } from '../support/temp-store';

const ROUNDS = 20;
const REPO = resolve(import.meta.dirname, '../..');
const temp = tempDataDir();
afterAll(() => temp.cleanup());

/**
 * tests/support/store-writer.ts bundled once into plain JavaScript (better-sqlite3 left external,
 * found through NODE_PATH), so each of the rounds starts a bare `node` instead of compiling the
 * store's TypeScript again through tsx.
 */
const WRITER = join(temp.dir, 'store-writer.cjs');
beforeAll(async () => {
  await build({
    entryPoints: [resolve(REPO, 'tests/support/store-writer.ts')],
    outfile: WRITER,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['better-sqlite3'],
    logLevel: 'warning',
  });
});

/** Small seeded generator (mulberry32) so a failing round can be replayed from the seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Round {
  turns: number[];
  searches: string[];
}

/** Runs the writer until it has committed something, waits `delayMs` more, then SIGKILLs it. */
function runAndKill(dbPath: string, delayMs: number): Promise<Round> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [WRITER, dbPath], {
      cwd: REPO,
      env: { ...process.env, NODE_PATH: join(REPO, 'node_modules') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killScheduled = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!killScheduled && out.includes('\n')) {
        killScheduled = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') {
        fail(new Error(`writer ended by itself (code ${code}, signal ${signal}): ${err}`));
        return;
      }
      // Only whole lines count: a line cut by the kill was not fully reported.
      const lines = out.split('\n').slice(0, -1);
      done({
        turns: lines.filter((l) => l.startsWith('turn ')).map((l) => Number(l.slice(5))),
        searches: lines.filter((l) => l.startsWith('search ')).map((l) => l.slice(7)),
      });
    });
  });
}

describe('durability under SIGKILL', () => {
  it(
    `keeps every reported commit across ${ROUNDS} kills at random moments, and stays intact`,
    { timeout: 240_000 },
    async () => {
      const seed = Number(process.env.LANTERN_DURABILITY_SEED ?? Date.now() % 1_000_000);
      const next = random(seed);
      const committedTurns: number[] = [];
      const committedSearches: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const delayMs = Math.floor(next() * 250);
        const { turns, searches } = await runAndKill(temp.dbPath, delayMs);
        committedTurns.push(...turns);
        committedSearches.push(...searches);

        // A plain connection, as a later process would open it (it replays the WAL).
        const db = new Database(temp.dbPath);
        try {
          const context = `seed ${seed}, round ${round}, kill after ${delayMs} ms`;
          expect(db.pragma('integrity_check', { simple: true }), context).toBe('ok');
          const presentTurns = new Set(db.prepare('SELECT id FROM turns').pluck().all() as number[]);
          expect(
            committedTurns.filter((id) => !presentTurns.has(id)),
            context,
          ).toEqual([]);
          const presentSearches = new Set(db.prepare('SELECT search_id FROM searches').pluck().all() as string[]);
          expect(
            committedSearches.filter((id) => !presentSearches.has(id)),
            context,
          ).toEqual([]);
          // Each search is whole: its 10 results or none of it.
          const partial = db
            .prepare(
              'SELECT COUNT(*) FROM searches s WHERE (SELECT COUNT(*) FROM search_results WHERE search_row = s.id) <> 10',
            )
            .pluck()
            .get();
          expect(partial, context).toBe(0);
        } finally {
          db.close();
        }
      }
      expect(committedTurns.length).toBeGreaterThan(ROUNDS);

      // The store opens cleanly afterwards (quick_check passes, nothing moved aside) and finds the turns.
      const store = openStore({ path: temp.dbPath, purgeIntervalMs: 0 });
      try {
        expect(store.recovery).toBeUndefined();
        const last = committedTurns.at(-1)!;
        expect(store.history.getTurn(last)?.question).toMatch(/^question /);
        expect(store.fullText.search('answer', { scope: 'history', limit: 1 })).toHaveLength(1);
      } finally {
        store.close();
      }
    },
  );
});
