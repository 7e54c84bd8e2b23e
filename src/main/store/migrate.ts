import { existsSync, rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { LanternError } from '../../shared/errors';
import type { Migration } from './migrations';

export interface MigrationReport {
  from: number;
  to: number;
  /** Copies taken before each migration of a database that had a schema (none for a new file). */
  backups: string[];
}

/**
 * Brings the schema to the last migration's version. Each migration runs in its own IMMEDIATE
 * transaction together with the `user_version` bump, so a crash leaves the previous version
 * intact; the version is re-read inside the lock because another process (the app and the CLI
 * share the file) may have migrated meanwhile. Before each migration of a non-empty database, a
 * consistent copy is written beside it with VACUUM INTO.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[], path: string): MigrationReport {
  checkSequence(migrations);
  const latest = migrations.at(-1)?.version ?? 0;
  const from = userVersion(db);
  refuseNewer(from, latest, path);
  const backups: string[] = [];
  for (const migration of migrations) {
    if (userVersion(db) >= migration.version) continue;
    const current = userVersion(db);
    // A file that started this call empty has nothing worth copying.
    if (from > 0 && path !== ':memory:') backups.push(backup(db, path, current));
    db.transaction(() => {
      // Another process may have run this step since we looked.
      if (userVersion(db) >= migration.version) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return { from, to: userVersion(db), backups };
}

export function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function refuseNewer(fileVersion: number, appVersion: number, path: string): void {
  if (fileVersion <= appVersion) return;
  throw new LanternError(
    'INTERNAL',
    `The store ${path} has schema version ${fileVersion}, but this Lantern knows versions up to ${appVersion}: ` +
      `it was written by a newer Lantern. Update Lantern, or move the file aside to start with an empty history.`,
    { details: { path, fileVersion, appVersion } },
  );
}

/** `<path>.v<version>.bak`: one copy per schema version left behind, replaced if it exists. */
function backup(db: Database.Database, path: string, version: number): string {
  const target = `${path}.v${version}.bak`;
  if (existsSync(target)) rmSync(target);
  db.prepare('VACUUM INTO ?').run(target);
  return target;
}

function checkSequence(migrations: readonly Migration[]): void {
  migrations.forEach((migration, position) => {
    if (migration.version !== position + 1) {
      throw new Error(
        `Migration "${migration.name}" has version ${migration.version}; expected ${position + 1} (versions are 1, 2, 3… in order).`,
      );
    }
  });
}
