// The 5xx answers kept for the admin's System tab (decision 163): one row each, by route pattern.
import { count, desc, gte, lt, sql } from "drizzle-orm";
import { type Db, executedRows } from "../../db/client";
import { rowCount } from "../../db/row-count";
import { serverErrors } from "../../db/schema/server-errors";

export type ServerErrorEntry = { method: string; route: string; status: number; requestId: string };

export async function recordServerError(db: Db, entry: ServerErrorEntry): Promise<void> {
  await db.insert(serverErrors).values(entry);
}

/** The 5xx answers since `since`, by method and route, most first. */
export async function serverErrorsSince(db: Db, since: Date) {
  const n = count();
  return db
    .select({ method: serverErrors.method, route: serverErrors.route, count: n })
    .from(serverErrors)
    .where(gte(serverErrors.createdAt, since))
    .groupBy(serverErrors.method, serverErrors.route)
    .orderBy(desc(n), serverErrors.route)
    .limit(50);
}

/** Forgets the rows older than `before` (the hourly sweep, a week back); answers how many. */
export async function purgeServerErrors(db: Db, before: Date): Promise<number> {
  return rowCount(db.delete(serverErrors).where(lt(serverErrors.createdAt, before)).returning({ id: serverErrors.id }));
}

/** The database's size in bytes, as PostgreSQL (or the embedded one) counts its files. */
export async function databaseSize(db: Db): Promise<number> {
  const [row] = executedRows<{ size: string | number }>(
    await db.execute(sql`select pg_database_size(current_database()) as size`),
  );
  return Number(row?.size ?? 0);
}
