// The public profile's figures (issue 17), kept on the company row so that the directory reads one
// table: requests quoted, hires, median response time, and the visible reviews' count and rating sum.
// One SQL function computes them all from the rows that make them (migration 0017); each change that
// moves a figure calls it in its own transaction, so the figures are never a commit behind.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** Recomputes every figure of one company. */
export async function refreshProviderStats(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`select refresh_provider_stats(${companyId}::integer)`);
}

/**
 * After a provider's message: only its first in the thread can move the response time, so the
 * figures are recomputed then and not on every later message (one round trip either way).
 */
export async function refreshAfterProviderMessage(
  db: Db,
  companyId: number,
  message: { id: number; leadId: number },
): Promise<void> {
  await db.execute(sql`
    select refresh_provider_stats(${companyId}::integer)
    where not exists (
      select 1 from lead_messages
      where lead_id = ${message.leadId} and side = 'provider' and id < ${message.id}
    )`);
}

/** Recomputes every company's figures: the demo seed, once its history has moved every row to its day. */
export async function refreshAllProviderStats(db: Db): Promise<void> {
  await db.execute(sql`select refresh_provider_stats(id) from companies`);
}
