// Statements of the hottest reads, prepared once per database (decision 123): drizzle builds their SQL
// once, and PostgreSQL parses each once per connection and then only binds and runs it.
import type { Db } from "./client";

/** `prepare(db)` once for each database (or transaction) it is asked for, then the same statement. */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/** A time for a placeholder: placeholders skip the column's conversion, so it goes as the ISO string that would write. */
export const placeholderTime = (at: Date) => at.toISOString();
