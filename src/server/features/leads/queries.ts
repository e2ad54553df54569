import { and, asc, desc, eq, inArray, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { DeclineLeadInput } from "@/shared/leads";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { preparedPerDatabase } from "../../db/prepared";
import { wroteAny } from "../../db/row-count";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { users } from "../../db/schema/users";
import { createdBefore } from "../../http/paging";

/** The provider's company, as a subquery. */
const companyOf = (db: Db, userId: number | SQLWrapper) =>
  db.select({ id: companies.id }).from(companies).where(eq(companies.userId, userId));

/** What a list shows of a lead: not its score's parts (a JSON document per row). */
const summaryColumns = {
  lead: {
    id: leads.id,
    status: leads.status,
    matchScore: leads.matchScore,
    createdAt: leads.createdAt,
    quoteRequestId: leads.quoteRequestId,
    invited: leads.invited,
  },
  title: quoteRequests.title,
};

/** The first page, what the Leads tab opens on: prepared (decision 123). */
const firstPageForProvider = preparedPerDatabase((db) =>
  db
    .select(summaryColumns)
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(eq(leads.companyId, sql`(${companyOf(db, sql.placeholder("userId"))})`))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(sql.placeholder("limit"))
    .prepare("first_leads_for_provider"),
);

/**
 * A page of the provider's company's leads, newest first (limit + 1 rows: see toPage), found by the
 * provider's user id so that it can be read beside the access check rather than after it (decision 123).
 */
export async function listLeadsForProvider(db: Db, userId: number, page: { after: number | null; limit: number }) {
  if (page.after === null) return firstPageForProvider(db).execute({ userId, limit: page.limit + 1 });
  return db
    .select(summaryColumns)
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(and(eq(leads.companyId, sql`(${companyOf(db, userId)})`), createdBefore(leads, leads, page.after)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(page.limit + 1);
}

export async function findLeadForCompany(db: Db, leadId: number, companyId: number) {
  return firstRow(
    db
      .select({ lead: leads, title: quoteRequests.title })
      .from(leads)
      .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
      .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId))),
  );
}

/** new → viewed, once; a lead further along keeps its status. */
export async function markLeadViewed(db: Db, leadId: number, companyId: number): Promise<void> {
  await db
    .update(leads)
    .set({ status: "viewed", viewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId), eq(leads.status, "new")));
}

export type LeadRowWithTitle = NonNullable<Awaited<ReturnType<typeof findLeadForCompany>>>;

/** The request's status, its row locked until the transaction ends (the lock order of quotes: request, then lead). */
export async function lockRequestStatus(tx: Db, id: number) {
  return firstRow(
    tx
      .select({ status: quoteRequests.status, clientId: quoteRequests.clientId })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, id))
      .for("update"),
  );
}

/** The status of the lead's quote that is still in play (pending or accepted), if it has one. */
export async function liveQuoteStatus(db: Db, leadId: number) {
  const [row] = await db
    .select({ status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.leadId, leadId), inArray(quotes.status, ["submitted", "accepted"])))
    .limit(1);
  return row?.status;
}

/** new or viewed → declined, with the reason; false when the lead is past that (quoted, closed, declined). */
export async function markLeadDeclined(
  tx: Db,
  leadId: number,
  companyId: number,
  input: DeclineLeadInput,
): Promise<boolean> {
  return wroteAny(
    tx
      .update(leads)
      .set({
        status: "declined",
        declineReason: input.reason,
        declineNote: input.note ? input.note : null,
        declinedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId), inArray(leads.status, ["new", "viewed"])))
      .returning({ id: leads.id }),
  );
}

/**
 * The company's leads still in play (new, viewed or quoted, not taken back) on requests still open or
 * matched, each with its request's title, client and whether the lead has a pending quote. The
 * requests are locked, in id order, before anything changes (the lock order of quotes and declines:
 * request, then lead), so that a client accepting a quote meanwhile either comes first or waits.
 */
export async function lockOpenLeadsOfCompany(tx: Db, companyId: number) {
  return tx
    .select({
      leadId: leads.id,
      quoteRequestId: leads.quoteRequestId,
      title: quoteRequests.title,
      clientId: quoteRequests.clientId,
    })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(
      and(
        eq(leads.companyId, companyId),
        inArray(leads.status, ["new", "viewed", "quoted"]),
        isNull(leads.withdrawnAt),
        inArray(quoteRequests.status, ["open", "matched"]),
      ),
    )
    .orderBy(asc(quoteRequests.id))
    .for("update", { of: quoteRequests });
}

/** The leads' pending quotes withdrawn (they leave the client's list); answers the leads that had one. */
export async function withdrawPendingQuotesOfLeads(tx: Db, leadIds: number[]): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await tx
    .update(quotes)
    .set({ status: "withdrawn", declineReason: null, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(quotes.leadId, leadIds), eq(quotes.status, "submitted")))
    .returning({ leadId: quotes.leadId });
  return rows.map((r) => r.leadId);
}

/** The leads taken back: closed, and marked so that no reopening or matching counts them again. */
export async function markLeadsWithdrawn(tx: Db, leadIds: number[]): Promise<void> {
  if (leadIds.length === 0) return;
  await tx
    .update(leads)
    .set({ status: "closed", withdrawnAt: sql`now()`, updatedAt: sql`now()` })
    .where(inArray(leads.id, leadIds));
}

/** Whom a client notice goes to: id, first name and address. */
export async function findRecipients(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
}
