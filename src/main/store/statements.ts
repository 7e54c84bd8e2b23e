import type Database from 'better-sqlite3';

/** Prepares each SQL text once per connection: compiling a statement costs more than running it. */
export function statementCache(db: Database.Database): (sql: string) => Database.Statement {
  const prepared = new Map<string, Database.Statement>();
  return (sql) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
}
