// Aggregates the queries share, written once so that each reads as what it counts.
import { type SQL, sql } from "drizzle-orm";

/** How many of the group's rows meet `condition` (`count(*) filter (where …)`), read as a number. */
export const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * Runs an aggregate without `group by`, which answers exactly one row even over no rows (its counts
 * are 0 then): that row, so callers need no default for a row that cannot be missing.
 */
export async function aggregateRow<T>(query: PromiseLike<T[]>): Promise<T> {
  const [row] = await query;
  if (!row) throw new Error("An aggregate without group by answered no row.");
  return row;
}
