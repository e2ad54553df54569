import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { createdBefore } from "../../http/paging";

/**
 * A batch of the company's leads in the order of the Leads list (newest first, `createdBefore` the
 * cursor's lead), with what the provider may read of each request before quoting: never the client's
 * contact details. limit + 1 rows: see toPage.
 */
export async function leadBatchOfCompany(db: Db, companyId: number, page: { after: number | null; limit: number }) {
  return db
    .select({
      id: leads.id,
      quoteRequestId: leads.quoteRequestId,
      title: quoteRequests.title,
      industry: quoteRequests.industry,
      budgetRange: quoteRequests.budgetRange,
      status: leads.status,
      matchScore: leads.matchScore,
      invited: leads.invited,
      createdAt: leads.createdAt,
      viewedAt: leads.viewedAt,
      declinedAt: leads.declinedAt,
      declineReason: leads.declineReason,
    })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(and(eq(leads.companyId, companyId), createdBefore(leads, leads, page.after)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(page.limit + 1);
}

export type LeadExportRow = Awaited<ReturnType<typeof leadBatchOfCompany>>[number];
