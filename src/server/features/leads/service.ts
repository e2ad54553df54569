import type { DeclineLeadInput, LeadDetail, LeadSummary } from "@/shared/leads";
import type { PageQuery } from "@/shared/paging";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { ConflictError, NotFoundError } from "../../errors";
import { idCursor, pageLimit, toPage } from "../../http/paging";
import type { PageKeeper } from "../../http/session";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue";
import { publishLiveEvent } from "../../live/publish";
import { requireAccess } from "../companies/access";
import { refreshProviderStats } from "../companies/stats";
import { requestFilesFor } from "../files/service";
import { type MessagingDeps, notifyUser } from "../notifications/service";
import { findQuoteRequestById } from "../quote-requests/queries";
import { providerSeesContact, toDetail } from "../quote-requests/service";
import { providerWithdrawnMessage } from "./messages";
import * as q from "./queries";

const LEAD_NOT_FOUND = "No lead of yours has this id.";

type SummaryRow = {
  lead: Pick<q.LeadRowWithTitle["lead"], "id" | "status" | "matchScore" | "createdAt" | "quoteRequestId" | "invited">;
  title: string;
};

const toSummary = (row: SummaryRow): LeadSummary => ({
  id: row.lead.id,
  status: row.lead.status,
  matchScore: row.lead.matchScore,
  createdAt: row.lead.createdAt.toISOString(),
  quoteRequestId: row.lead.quoteRequestId,
  title: row.title,
  invited: row.lead.invited,
});

/** A page of the provider's leads, newest first (decision 104). */
export async function listMyLeads(db: Db, user: UserRow, query: PageQuery = {}, keeper?: PageKeeper) {
  const limit = pageLimit(query.limit);
  const after = idCursor(query.cursor);
  const read = async () => {
    // Both at once: the rows are read only to be dropped when the provider has no access.
    const [, rows] = await Promise.all([
      requireAccess(db, user),
      q.listLeadsForProvider(db, user.id, { after, limit }),
    ]);
    return toPage(rows, limit, toSummary, (row) => row.lead.id);
  };
  // The leads page's first read is kept while the process hears every change to it (decision 192); a
  // refusal (no access) is never kept.
  if (!keeper || after !== null) return read();
  return keeper.userRead(user.id, JSON.stringify(["leads", limit]), keeper.now(), read);
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
    request: { ...toDetail(request, { contact }), files: await requestFilesFor(db, user, request.request.id) },
    declineReason: row.lead.declineReason,
    declineNote: row.lead.declineNote,
    declinedAt: row.lead.declinedAt?.toISOString() ?? null,
  };
}

/** Opening the lead's page marks it viewed. */
export async function viewMyLead(db: Db, user: UserRow, leadId: number): Promise<LeadDetail> {
  const companyId = await requireAccess(db, user);
  await q.markLeadViewed(db, leadId, companyId);
  return getMyLead(db, user, leadId);
}

/**
 * The provider turns the lead down (decision 132): the lead is declined with its reason, and the
 * request is matched again in the same transaction, so that the client is offered another provider
 * in its place. The client is not told. A lead with a quote in play must have it withdrawn first.
 */
export async function declineMyLead(
  deps: { db: Db; jobs: Pick<JobQueue, "send"> },
  user: UserRow,
  leadId: number,
  input: DeclineLeadInput,
): Promise<LeadDetail> {
  const companyId = await requireAccess(deps.db, user);
  await deps.db.transaction(async (tx) => {
    const found = await q.findLeadForCompany(tx, leadId, companyId);
    if (!found) throw new NotFoundError(LEAD_NOT_FOUND);
    const request = await q.lockRequestStatus(tx, found.lead.quoteRequestId);
    // Read again under the request's lock: a quote sent meanwhile is seen.
    const lead = (await q.findLeadForCompany(tx, leadId, companyId))?.lead;
    if (!lead || !request) throw new NotFoundError(LEAD_NOT_FOUND);
    const requestStatus = request.status;
    if (lead.status === "declined") throw new ConflictError("You already declined this lead.");
    const quote = await q.liveQuoteStatus(tx, lead.id);
    if (quote === "submitted") {
      throw new ConflictError(
        "You sent a quote for this lead: withdraw your quote first if you no longer want the project.",
      );
    }
    if (quote === "accepted")
      throw new ConflictError("The client accepted your quote: this lead can no longer be declined.");
    if (lead.status === "closed" || (requestStatus !== "open" && requestStatus !== "matched")) {
      throw new ConflictError("This request is closed: there is nothing left to decline.");
    }
    if (!(await q.markLeadDeclined(tx, lead.id, companyId, input))) {
      throw new ConflictError(`This lead is ${lead.status}: only a new or viewed lead can be declined.`);
    }
    await deps.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: lead.quoteRequestId }, { tx });
    // The provider's other tabs, and the client's open request page, whose threads lose this one.
    await publishLiveEvent(tx, [user.id, request.clientId], {
      type: "lead",
      leadId: lead.id,
      quoteRequestId: lead.quoteRequestId,
    });
  });
  return getMyLead(deps.db, user, leadId);
}

/**
 * The marketplace takes a company's open leads back, its owner suspended (decision 151): as a decline
 * does for one lead, each request is matched again (the same job, in this transaction) so that its
 * client is offered another provider, and the company is never offered it again. Unlike a decline,
 * a pending quote is withdrawn rather than refused, and the client is told. Runs in the caller's
 * transaction; answers how many leads and quotes were taken back.
 */
export async function withdrawCompanyLeads(
  tx: Db,
  deps: MessagingDeps,
  company: { id: number; name: string },
): Promise<{ leads: number; quotes: number }> {
  const open = await q.lockOpenLeadsOfCompany(tx, company.id);
  if (open.length === 0) return { leads: 0, quotes: 0 };
  const leadIds = open.map((l) => l.leadId);
  const quoted = new Set(await q.withdrawPendingQuotesOfLeads(tx, leadIds));
  await q.markLeadsWithdrawn(tx, leadIds);
  if (quoted.size > 0) await refreshProviderStats(tx, company.id);
  const clients = new Map(
    (await q.findRecipients(tx, [...new Set(open.map((l) => l.clientId))])).map((c) => [c.id, c]),
  );
  for (const lead of open) {
    await deps.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: lead.quoteRequestId }, { tx });
    const client = clients.get(lead.clientId);
    if (client) {
      const request = { id: lead.quoteRequestId, title: lead.title };
      await notifyUser(
        tx,
        deps,
        providerWithdrawnMessage(deps.appUrl, client, request, company.name, quoted.has(lead.leadId)),
      );
    }
    // The client's open request page refetches its quotes and threads: this provider leaves both.
    await publishLiveEvent(tx, [lead.clientId], {
      type: "quote",
      leadId: lead.leadId,
      quoteRequestId: lead.quoteRequestId,
    });
  }
  return { leads: open.length, quotes: quoted.size };
}
