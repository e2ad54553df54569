import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { createdBefore } from "../../http/paging";

/** A page of the company's leads, newest first (limit + 1 rows: see toPage). */
export async function listLeadsForCompany(db: Db, companyId: number, page: { after: number | null; limit: number }) {
  return db
    .select({ lead: leads, title: quoteRequests.title })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(and(eq(leads.companyId, companyId), createdBefore(leads, leads, page.after)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(page.limit + 1);
}

export async function findLeadForCompany(db: Db, leadId: number, companyId: number) {
  const [row] = await db
    .select({ lead: leads, title: quoteRequests.title })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)))
    .limit(1);
  return row;
}

/** new → viewed, once; a lead further along keeps its status. */
export async function markLeadViewed(db: Db, leadId: number, companyId: number): Promise<void> {
  await db
    .update(leads)
    .set({ status: "viewed", viewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId), eq(leads.status, "new")));
}

export type LeadRowWithTitle = NonNullable<Awaited<ReturnType<typeof findLeadForCompany>>>;
