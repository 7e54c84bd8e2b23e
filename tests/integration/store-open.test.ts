import { copyFileSync, existsSync, mkdirSync, openSync, readFileSync, closeSync, writeSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LanternError } from '../../src/shared/errors';
import { describeRecovery, openStore, type Store } from '../../src/main/store';
import { MIGRATIONS } from '../../src/main/store/migrations';
import { openDatabase } from '../../src/main/store/open-database';
import { tempDataDir } from '../support/temp-store';

const LATEST = MIGRATIONS.at(-1)!.version;

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
});

function dataDir(): { dir: string; dbPath: string } {
  const temp = tempDataDir();
  cleanups.push(temp.cleanup);
  return temp;
}

function open(path: string, extra: Partial<Parameters<typeof openStore>[0]> = {}): Store {
  const store = openStore({ path, purgeIntervalMs: 0, ...extra });
  cleanups.push(() => store.close());
  return store;
}

function overwrite(path: string, offset: number, bytes: Buffer): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
}

describe('opening the store', () => {
  it('creates and migrates an empty file, in WAL mode with foreign keys on', () => {
    const { dbPath } = dataDir();
    const store = open(dbPath);
    expect(store.migration).toEqual({ from: 0, to: LATEST, backups: [] });
    expect(store.recovery).toBeUndefined();
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5_000);
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST);
    const thread = store.history.createThread('first');
    store.history.appendTurn(thread.id, { question: 'does it work?', mode: 'answer', answer: 'yes' });
    expect(store.fullText.search('work').map((hit) => hit.kind)).toEqual(['turn']);
  });

  it('migrates a database of the first schema, keeping and indexing its rows, after a backup', () => {
    const { dbPath } = dataDir();
    // The first app version: the same open path with its one migration.
    const previous = openDatabase({ path: dbPath, migrations: MIGRATIONS.slice(0, 1), now: Date.now }).db;
    expect(previous.pragma('user_version', { simple: true })).toBe(1);
    // Rows written the way the first version wrote them (it had no FTS tables to fill).
    previous.prepare("INSERT INTO threads (title, created_at, updated_at) VALUES ('old thread', 1, 1)").run();
    previous
      .prepare(
        "INSERT INTO turns (thread_id, position, question, mode, answer, created_at) VALUES (1, 0, ?, 'answer', ?, 1)",
      )
      .run('量子计算是什么?', 'Quantum computers use qubits.');
    previous
      .prepare(
        `INSERT INTO pages (url, final_url, status, content_type, title, markdown, fetched_at)
         VALUES ('https://old.example/', 'https://old.example/', 200, 'text/html', 'Old page', 'Photosynthesis in leaves', ?)`,
      )
      .run(Date.now());
    previous.close();

    const store = open(dbPath);
    expect(store.migration.from).toBe(1);
    expect(store.migration.to).toBe(LATEST);
    expect(store.migration.backups[0]).toBe(`${dbPath}.v1.bak`);
    expect(store.history.getThread(1)?.turns[0]?.question).toBe('量子计算是什么?');
    expect(store.fullText.search('计算').map((hit) => hit.kind === 'turn' && hit.turnId)).toEqual([1]);
    expect(store.fullText.search('photosynthesis').map((hit) => hit.kind === 'page' && hit.url)).toEqual([
      'https://old.example/',
    ]);

    const backup = new Database(`${dbPath}.v1.bak`, { readonly: true });
    try {
      expect(backup.pragma('user_version', { simple: true })).toBe(1);
      expect(backup.prepare('SELECT question FROM turns').pluck().all()).toEqual(['量子计算是什么?']);
    } finally {
      backup.close();
    }
  });

  it('reads a turn written before turns had a standalone query and an error as one without them', () => {
    const { dbPath } = dataDir();
    const previous = openDatabase({ path: dbPath, migrations: MIGRATIONS.slice(0, 2), now: Date.now }).db;
    previous.prepare("INSERT INTO threads (title, created_at, updated_at) VALUES ('old thread', 1, 1)").run();
    previous
      .prepare(
        "INSERT INTO turns (thread_id, position, question, mode, answer, created_at) VALUES (1, 0, 'Who directed it?', 'answer', 'Bong Joon-ho.', 1)",
      )
      .run();
    previous.close();

    const store = open(dbPath);
    expect(store.migration.from).toBe(2);
    const [old] = store.history.getThread(1)?.turns ?? [];
    expect(old).toMatchObject({ question: 'Who directed it?', answer: 'Bong Joon-ho.' });
    expect(old).not.toHaveProperty('searchedFor');
    expect(old).not.toHaveProperty('error');
    const failed = store.history.appendTurn(1, {
      question: 'When?',
      mode: 'answer',
      searchedFor: 'When Parasite?',
      error: { code: 'TIMEOUT', message: 'too slow' },
    });
    expect(store.history.getTurn(failed.id)).toMatchObject({
      answer: '',
      searchedFor: 'When Parasite?',
      error: { code: 'TIMEOUT', message: 'too slow' },
    });
  });

  it("reads a search turn written before turns kept their results page's suggestions as one without them", () => {
    const { dbPath } = dataDir();
    const previous = openDatabase({ path: dbPath, migrations: MIGRATIONS.slice(0, 3), now: Date.now }).db;
    previous.prepare("INSERT INTO threads (title, created_at, updated_at) VALUES ('coffee', 1, 1)").run();
    previous
      .prepare(
        "INSERT INTO turns (thread_id, position, question, mode, answer, created_at) VALUES (1, 0, 'coffee', 'search', '1. Coffee', 1)",
      )
      .run();
    previous.close();

    const store = open(dbPath);
    expect(store.migration.from).toBe(3);
    expect(store.history.getThread(1)?.turns[0]).not.toHaveProperty('suggestions');
    const suggestions = { peopleAlsoAsk: ['Is coffee good for you?'], relatedSearches: ['coffee beans'] };
    const later = store.history.appendTurn(1, { question: 'coffee', mode: 'search', suggestions });
    expect(store.history.getTurn(later.id)?.suggestions).toEqual(suggestions);
  });

  it('loads the native addon from nativeBinding when given (the Electron build ships its own copy)', () => {
    const { dbPath } = dataDir();
    const addon = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
    const store = open(dbPath, { nativeBinding: addon, busyTimeoutMs: 1_234 });
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(1_234);
    expect(() => openStore({ path: `${dbPath}.other`, nativeBinding: `${addon}.missing` })).toThrowError();
  });

  it('refuses a database written by a newer Lantern, with the versions, and leaves it in place', () => {
    const { dbPath } = dataDir();
    open(dbPath).close();
    const raw = new Database(dbPath);
    raw.pragma(`user_version = ${LATEST + 5}`);
    raw.close();
    const before = readFileSync(dbPath);

    let error: unknown;
    try {
      open(dbPath);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LanternError);
    expect((error as LanternError).message).toContain(`schema version ${LATEST + 5}`);
    expect((error as LanternError).message).toContain(`up to ${LATEST}`);
    expect((error as LanternError).message).toContain('newer Lantern');
    expect(readFileSync(dbPath).equals(before)).toBe(true);
  });

  it('detects an overwritten header: the file is moved aside and a fresh store starts', () => {
    const { dbPath } = dataDir();
    const store = open(dbPath);
    store.history.createThread('before the damage');
    store.close();
    overwrite(dbPath, 0, Buffer.from('this is not an SQLite header at all, sorry'));

    const reopened = open(dbPath, { now: () => Date.UTC(2026, 0, 15, 12, 0, 0) });
    expect(reopened.recovery?.reason).toMatch(/SQLITE_NOTADB/);
    expect(reopened.recovery?.movedTo).toEqual([`${dbPath}.corrupt-2026-01-15T12-00-00-000Z`]);
    expect(reopened.history.listThreads()).toEqual([]);
  });

  it('moves a damaged file aside together with its live -wal and -shm, and the fresh store works', () => {
    const { dir, dbPath } = dataDir();
    const live = open(dbPath);
    const thread = live.history.createThread('before the damage');
    for (let i = 0; i < 30; i += 1)
      live.history.appendTurn(thread.id, { question: `checkpointed ${i}`, mode: 'answer' });
    live.db.pragma('wal_checkpoint(TRUNCATE)');
    live.history.appendTurn(thread.id, { question: 'only in the WAL', mode: 'answer' });
    // Copy the file set while the connection is open, so the copy has a live -wal and -shm.
    const damagedDir = join(dir, 'damaged');
    mkdirSync(damagedDir);
    const damaged = join(damagedDir, 'lantern.db');
    for (const suffix of ['', '-wal', '-shm']) copyFileSync(dbPath + suffix, damaged + suffix);
    expect(statSync(`${damaged}-wal`).size).toBeGreaterThan(0);
    // Every byte of the main file overwritten: the pages the WAL does not hold are garbage.
    overwrite(damaged, 0, Buffer.alloc(statSync(damaged).size, 0xa5));
    const files = ['', '-wal', '-shm'].map((suffix) => readFileSync(damaged + suffix));

    const store = open(damaged, { now: () => Date.UTC(2026, 0, 15, 12, 0, 0) });
    expect(store.recovery?.reason).toMatch(/SQLITE_NOTADB|SQLITE_CORRUPT|quick_check/);
    const aside = `${damaged}.corrupt-2026-01-15T12-00-00-000Z`;
    expect(store.recovery?.movedTo).toEqual([aside, `${aside}-wal`, `${aside}-shm`]);
    expect(readFileSync(aside).equals(files[0]!)).toBe(true);
    expect(readFileSync(`${aside}-wal`).equals(files[1]!)).toBe(true);
    expect(describeRecovery(store.recovery!)).toContain(`moved to ${aside}, ${aside}-wal, ${aside}-shm`);

    // The fresh store is empty and fully usable.
    expect(store.history.listThreads()).toEqual([]);
    const fresh = store.history.createThread('after');
    store.history.appendTurn(fresh.id, { question: 'a new beginning', mode: 'answer' });
    expect(store.fullText.search('beginning')).toHaveLength(1);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('detects a damaged b-tree page with quick_check at open', () => {
    const { dbPath } = dataDir();
    const store = open(dbPath);
    const thread = store.history.createThread('t');
    for (let i = 0; i < 50; i += 1) {
      store.history.appendTurn(thread.id, { question: `question ${i}`, mode: 'answer', answer: 'x'.repeat(500) });
    }
    const pageSize = store.db.pragma('page_size', { simple: true }) as number;
    const turnsRoot = store.db
      .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'turns'")
      .pluck()
      .get() as number;
    store.close();
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
    // Garbage over the root page of the turns table: its page type and cell pointers.
    overwrite(dbPath, (turnsRoot - 1) * pageSize, Buffer.alloc(64, 0xa5));

    const reopened = open(dbPath);
    expect(reopened.recovery?.reason).toMatch(/quick_check|SQLITE_CORRUPT/);
    // The read-only check may have created an empty -wal/-shm beside it; they go along.
    expect(reopened.recovery?.movedTo[0]).toMatch(/lantern\.db\.corrupt-[\dTZ-]+$/);
    expect(reopened.history.listThreads()).toEqual([]);
    reopened.history.createThread('works again');
    expect(reopened.history.listThreads()).toHaveLength(1);
  });
});
