import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { subscriptions } from "../../db/schema/subscriptions";

/** The provider's company and subscription, in one query. */
export async function findProviderContext(db: Db, userId: number) {
  const [row] = await db
    .select({
      companyId: companies.id,
      companyStatus: companies.status,
      rejectionReason: companies.rejectionReason,
      subscriptionStatus: subscriptions.status,
    })
    .from(companies)
    .leftJoin(subscriptions, eq(subscriptions.userId, companies.userId))
    .where(eq(companies.userId, userId))
    .limit(1);
  if (row) return row;
  const [sub] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return { companyId: null, companyStatus: null, rejectionReason: null, subscriptionStatus: sub?.status ?? null };
}

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

export async function hasLiveQuote(db: Db, leadId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.leadId, leadId), ne(quotes.status, "withdrawn")))
    .limit(1);
  return !!row;
}

/** The provider's lead for a request, if its company has one: what lets a provider read the request. */
export async function findProviderLeadForRequest(db: Db, userId: number, quoteRequestId: number) {
  const [row] = await db
    .select({ id: leads.id, status: leads.status })
    .from(leads)
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .where(and(eq(leads.quoteRequestId, quoteRequestId), eq(companies.userId, userId)))
    .limit(1);
  return row;
}

export type LeadRowWithTitle = NonNullable<Awaited<ReturnType<typeof findLeadForCompany>>>;
