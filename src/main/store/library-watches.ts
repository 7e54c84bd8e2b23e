import type Database from 'better-sqlite3';
import type { Clock } from './clock';
import { statementCache } from './statements';

/**
 * The library's watched folders (migration v6): a folder of library_folders that Lantern follows
 * whenever it runs, from the add that asked for it until it is stopped.
 */
export class LibraryWatches {
  private readonly sql: (sql: string) => Database.Statement;

  constructor(
    db: Database.Database,
    private readonly now: Clock,
  ) {
    this.sql = statementCache(db);
  }

  /** Follows a folder of the library (one added: library_folders holds it). */
  add(path: string): void {
    this.sql('INSERT OR IGNORE INTO library_watches (path, since) VALUES (?, ?)').run(path, this.now());
  }

  /** False when the folder was not watched. */
  remove(path: string): boolean {
    return this.sql('DELETE FROM library_watches WHERE path = ?').run(path).changes > 0;
  }

  list(): string[] {
    return (this.sql('SELECT path FROM library_watches ORDER BY path').all() as { path: string }[]).map(
      (row) => row.path,
    );
  }
}
