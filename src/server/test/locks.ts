// What the race tests on PostgreSQL wait for: a transaction of the app blocked on another's lock.
import { sql } from "drizzle-orm";
import { executedRows } from "../db/client";
import type { TestContext } from "./test-app";

/** Sessions of this test's database waiting for a lock (pg_stat_activity); PostgreSQL only. */
export async function waitingForLocks(ctx: Pick<TestContext, "database">): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(executedRows<{ n: number }>(result)[0]?.n ?? 0);
}
