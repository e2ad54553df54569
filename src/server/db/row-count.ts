// How many rows a writing statement touched, counted from what it returns (`returning` a key): the
// drivers (PGlite, node-postgres) report affected rows differently, the returned rows the same way.

/** Runs the statement (an update or delete with `.returning(...)`) and answers how many rows it returned. */
export async function rowCount(statement: PromiseLike<readonly unknown[]>): Promise<number> {
  const rows = await statement;
  return rows.length;
}

/**
 * Whether the statement (a write with `.returning(...)`) touched any row: an insert its conflict did not
 * skip, an update or delete whose condition matched.
 */
export async function wroteAny(statement: PromiseLike<readonly unknown[]>): Promise<boolean> {
  return (await rowCount(statement)) > 0;
}
