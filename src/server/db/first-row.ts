// The one row a lookup finds, or undefined: a select (or a locking select) limited to one row, its
// first element taken, in place of the same three steps written out in each query.

/** A select that can still be limited, such as `db.select().from(t).where(c)` or one with `.for("update")`. */
type Limitable<T> = { limit: (n: number) => PromiseLike<T[]> };

/** Runs the select limited to one row: that row, or undefined when none matches. */
export async function firstRow<T>(query: Limitable<T>): Promise<T | undefined> {
  const [row] = await query.limit(1);
  return row;
}
