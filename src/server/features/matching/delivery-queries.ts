// The SQL around a match besides the candidate query (queries.ts): the request it locks and the leads it
// reads and writes, whom it tells, and the sweeps' reads of requests still owed providers or past their
// match deadline.
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alerts } from "../../db/schema/alerts";
import { companies } from "../../db/schema/companies";
import { type LeadRow, leads } from "../../db/schema/leads";
import { type QuoteRequestRow, quoteRequests } from "../../db/schema/quote-requests";
import { users } from "../../db/schema/users";

/** The request, locked until the transaction ends: two matchers of one request take turns. */
export async function lockQuoteRequest(tx: Db, id: number): Promise<QuoteRequestRow | undefined> {
  const [row] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for("update");
  return row;
}

/**
 * When the request's invitation waits for its first match, holds its client's account row (FOR KEY SHARE,
 * what the note to the client needs anyway) before the request is locked; otherwise nothing.
 */
export async function holdClientOfPendingInvite(tx: Db, quoteRequestId: number): Promise<void> {
  await tx.execute(
    sql`select 1 from ${users} where ${users.id} = (select ${quoteRequests.clientId} from ${quoteRequests}
        where ${quoteRequests.id} = ${quoteRequestId} and ${quoteRequests.inviteStatus} = 'pending') for key share`,
  );
}

/** Whether the account's address is confirmed: only then do its requests go to providers (decision 150). */
export async function ownerConfirmed(tx: Db, clientId: number): Promise<boolean> {
  const [row] = await tx
    .select({ confirmed: sql<boolean>`${users.emailVerifiedAt} is not null` })
    .from(users)
    .where(eq(users.id, clientId));
  return row?.confirmed === true;
}

/**
 * The request's leads: which companies hold one, and whether it holds no place among the request's
 * providers: declined by its provider (decision 132) or taken back by the marketplace (decision 151).
 */
export async function requestLeads(tx: Db, quoteRequestId: number) {
  return tx
    .select({
      companyId: leads.companyId,
      released: sql<boolean>`(${leads.status} = 'declined' or ${leads.withdrawnAt} is not null)`,
    })
    .from(leads)
    .where(eq(leads.quoteRequestId, quoteRequestId));
}

/** The invitation's outcome, once its first match has run (decision 172). */
export async function settleInvite(tx: Db, id: number, status: "delivered" | "unavailable"): Promise<void> {
  await tx
    .update(quoteRequests)
    .set({ inviteStatus: status })
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.inviteStatus, "pending")));
}

export async function insertLeads(tx: Db, values: (typeof leads.$inferInsert)[]): Promise<LeadRow[]> {
  if (values.length === 0) return [];
  return tx.insert(leads).values(values).onConflictDoNothing().returning();
}

/** A matched request left without a provider (its only leads declined) waits for one again (decision 132). */
export async function markUnmatched(tx: Db, id: number): Promise<void> {
  await tx
    .update(quoteRequests)
    .set({ status: "open", updatedAt: sql`now()` })
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.status, "matched")));
}

export async function markMatched(tx: Db, id: number): Promise<void> {
  await tx
    .update(quoteRequests)
    .set({ status: "matched", updatedAt: sql`now()` })
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.status, "open")));
}

/** Whom to tell about the request: its client. */
export async function requestClient(tx: Db, clientId: number) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, clientId));
  return row;
}

export async function companyOwners(tx: Db, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return tx
    .select({
      companyId: companies.id,
      companyName: companies.name,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .where(inArray(companies.id, companyIds));
}

/**
 * Open or matched requests that still have fewer leads than wanted, after `afterId`, oldest first. A
 * declined or withdrawn lead does not count: the request is owed another provider in its place
 * (decisions 132, 151).
 */
export async function underMatchedRequestIds(
  db: Db,
  wanted: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    // An unconfirmed client's requests wait for the confirmation, which sweeps them (decision 150).
    .innerJoin(users, and(eq(users.id, quoteRequests.clientId), isNotNull(users.emailVerifiedAt)))
    .leftJoin(
      leads,
      and(eq(leads.quoteRequestId, quoteRequests.id), ne(leads.status, "declined"), isNull(leads.withdrawnAt)),
    )
    .where(and(inArray(quoteRequests.status, ["open", "matched"]), gt(quoteRequests.id, afterId)))
    .groupBy(quoteRequests.id)
    .having(lt(count(leads.id), wanted))
    .orderBy(asc(quoteRequests.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Requests still waiting for a match past their due time at `now` that have no alert for it yet. */
export async function overdueRequests(db: Db, causeOf: (id: number) => string, now: Date) {
  const rows = await db
    .select({ id: quoteRequests.id, title: quoteRequests.title, matchDueAt: quoteRequests.matchDueAt })
    .from(quoteRequests)
    // A request held until its client confirms the address is the client's to release, not a missed match.
    .innerJoin(users, and(eq(users.id, quoteRequests.clientId), isNotNull(users.emailVerifiedAt)))
    .where(and(eq(quoteRequests.status, "open"), lt(quoteRequests.matchDueAt, now)))
    .orderBy(asc(quoteRequests.matchDueAt));
  if (rows.length === 0) return [];
  const raised = await db
    .select({ cause: alerts.cause })
    .from(alerts)
    .where(
      inArray(
        alerts.cause,
        rows.map((r) => causeOf(r.id)),
      ),
    );
  const seen = new Set(raised.map((r) => r.cause));
  return rows.filter((r) => !seen.has(causeOf(r.id)));
}
