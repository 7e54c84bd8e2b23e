import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Clock } from './clock';
import { migrate, type MigrationReport } from './migrate';
import type { Migration } from './migrations';

export interface OpenDatabaseOptions {
  /** File path (`<dataDir>/lantern.db`), or ':memory:' for throwaway stores. */
  path: string;
  migrations: readonly Migration[];
  /** Path of a separately compiled better_sqlite3.node (the Electron build ships its own). */
  nativeBinding?: string;
  /** How long a write waits for another process's lock before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  now: Clock;
}

/** What happened when the file was found damaged: where it went. */
export interface RecoveryReport {
  reason: string;
  /** The damaged database and its -wal/-shm, at their new paths. */
  movedTo: string[];
  at: number;
}

export interface OpenedDatabase {
  db: Database.Database;
  migration: MigrationReport;
  recovery?: RecoveryReport;
}

/**
 * Opens, checks and migrates the store. A damaged file (SQLite says corrupt / not a database, or
 * quick_check fails) is moved aside with its -wal and -shm — together, since a WAL belongs to its
 * database — and a fresh store is started; the caller reports `recovery`. A file from a newer
 * Lantern is refused (LanternError), never moved: it is not damaged.
 */
export function openDatabase(options: OpenDatabaseOptions): OpenedDatabase {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const damage = options.path === ':memory:' ? undefined : findDamage(options);
  const recovery = damage === undefined ? undefined : moveAside(options.path, damage, options.now());
  const db = connect(options);
  try {
    return { db, migration: migrate(db, options.migrations, options.path), ...(recovery ? { recovery } : {}) };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Runs quick_check on a read-only connection. Read-only matters: the last read-write connection
 * to close checkpoints the WAL into the main file and deletes it, which would alter the damaged
 * set before it is moved aside.
 */
function findDamage(options: OpenDatabaseOptions): string | undefined {
  if (!existsSync(options.path)) return undefined;
  let db: Database.Database | undefined;
  try {
    db = new Database(options.path, { readonly: true, ...driverOptions(options) });
    const rows = db.pragma('quick_check') as { quick_check: string }[];
    const problems = rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
    return problems.length > 0 ? `quick_check: ${problems.slice(0, 3).join('; ')}` : undefined;
  } catch (error) {
    const reason = damageReason(error);
    if (reason === undefined) throw error;
    return reason;
  } finally {
    db?.close();
  }
}

function driverOptions(options: OpenDatabaseOptions): Database.Options {
  return {
    timeout: options.busyTimeoutMs ?? 5_000,
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
  };
}

function connect(options: OpenDatabaseOptions): Database.Database {
  const db = new Database(options.path, driverOptions(options));
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL, SQLite's advice for WAL: a commit survives the app crashing or being killed (the
    // durability test kills writers with SIGKILL) and the file is never corrupted; only a power
    // cut can undo the last commits. FULL adds an fsync per commit: 4× slower on a quiet disk,
    // and milliseconds under load (docs/lab/benchmarks-history.md, "Store"), for every search recorded.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Why the error means a damaged file, or undefined when it means something else. */
function damageReason(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')) {
    return `${code}: ${(error as Error).message}`;
  }
  return undefined;
}

function moveAside(path: string, reason: string, at: number): RecoveryReport {
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-');
  const aside = `${path}.corrupt-${stamp}`;
  const movedTo: string[] = [];
  // Same suffixes on the new name, so SQLite would pair them again if someone opens the copy.
  for (const suffix of ['', '-wal', '-shm']) {
    if (!existsSync(path + suffix)) continue;
    renameSync(path + suffix, aside + suffix);
    movedTo.push(aside + suffix);
  }
  return { reason, movedTo, at };
}

/** One line for the log or the person: what was found and where the damaged files went. */
export function describeRecovery(report: RecoveryReport): string {
  return (
    `The Lantern store was damaged (${report.reason}); it was moved to ${report.movedTo.join(', ')} ` +
    `and an empty store was started. History from before ${new Date(report.at).toISOString()} is in the moved file.`
  );
}
