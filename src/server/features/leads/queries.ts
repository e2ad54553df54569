import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";

export async function listLeadsForCompany(db: Db, companyId: number) {
  return db
    .select({ lead: leads, title: quoteRequests.title })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(eq(leads.companyId, companyId))
    .orderBy(desc(leads.createdAt), desc(leads.id));
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
