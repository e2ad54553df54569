import type { LeadDetail, LeadSummary } from "@/shared/leads";
import type { PageQuery } from "@/shared/paging";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { NotFoundError } from "../../errors";
import { idCursor, pageLimit, toPage } from "../../http/paging";
import { requireAccess } from "../companies/access";
import { findQuoteRequestById } from "../quote-requests/queries";
import { providerSeesContact, toDetail } from "../quote-requests/service";
import * as q from "./queries";

const LEAD_NOT_FOUND = "No lead of yours has this id.";

type SummaryRow = {
  lead: Pick<q.LeadRowWithTitle["lead"], "id" | "status" | "matchScore" | "createdAt" | "quoteRequestId">;
  title: string;
};

const toSummary = (row: SummaryRow): LeadSummary => ({
  id: row.lead.id,
  status: row.lead.status,
  matchScore: row.lead.matchScore,
  createdAt: row.lead.createdAt.toISOString(),
  quoteRequestId: row.lead.quoteRequestId,
  title: row.title,
});

/** A page of the provider's leads, newest first (decision 104). */
export async function listMyLeads(db: Db, user: UserRow, query: PageQuery = {}) {
  const limit = pageLimit(query.limit);
  const after = idCursor(query.cursor);
  // Both at once: the rows are read only to be dropped when the provider has no access.
  const [, rows] = await Promise.all([requireAccess(db, user), q.listLeadsForProvider(db, user.id, { after, limit })]);
  return toPage(rows, limit, toSummary, (row) => row.lead.id);
}

/** The lead with its request; the client's contact details only once the provider has quoted. */
export async function getMyLead(db: Db, user: UserRow, leadId: number): Promise<LeadDetail> {
  const companyId = await requireAccess(db, user);
  const row = await q.findLeadForCompany(db, leadId, companyId);
  if (!row) throw new NotFoundError(LEAD_NOT_FOUND);
  const request = await findQuoteRequestById(db, row.lead.quoteRequestId);
  if (!request) throw new NotFoundError(LEAD_NOT_FOUND);
  const contact = await providerSeesContact(db, row.lead, request.request.clientId);
  return {
    ...toSummary(row),
    scoreParts: row.lead.scoreParts,
    viewedAt: row.lead.viewedAt?.toISOString() ?? null,
    request: toDetail(request, { contact }),
  };
}

/** Opening the lead's page marks it viewed. */
export async function viewMyLead(db: Db, user: UserRow, leadId: number): Promise<LeadDetail> {
  const companyId = await requireAccess(db, user);
  await q.markLeadViewed(db, leadId, companyId);
  return getMyLead(db, user, leadId);
}
