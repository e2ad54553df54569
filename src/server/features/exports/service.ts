// The CSV exports (issue 32 part 3, decision 175): each is its list, with the list's rules and filters,
// read a batch at a time. Each answers the rows as a stream once the first batch is read: a caller the
// list refuses gets the list's error before any byte of a file.
import type { Readable } from "node:stream";
import { isDeletedAccountEmail } from "@/shared/account";
import type { AdminRequest, AdminUser } from "@/shared/admin";
import type { AdminRequestsExportQuery, AdminUsersExportQuery } from "@/shared/exports";
import { leadPath, quoteRequestPath } from "@/shared/paths";
import type { Quote } from "@/shared/quotes";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { idCursor, toPage } from "../../http/paging";
import { listRequests } from "../admin/requests";
import { listUsers } from "../admin/users";
import { requireAccess } from "../companies/access";
import { listMyQuotes } from "../quotes/service";
import { type CsvColumn, csvStream, dollars, EXPORT_BATCH_SIZE, everyRow, isoDate } from "./csv";
import { type LeadExportRow, leadBatchOfCompany } from "./queries";

type ExportDeps = { db: Db; appUrl: string };

const batch = { limit: EXPORT_BATCH_SIZE };

/** The columns of the provider's leads: what the lead's page shows before a quote, never the client's contact. */
function leadColumns(appUrl: string): CsvColumn<LeadExportRow>[] {
  return [
    { header: "lead_id", cell: (l) => l.id },
    { header: "request_id", cell: (l) => l.quoteRequestId },
    { header: "title", cell: (l) => l.title },
    { header: "industry", cell: (l) => l.industry },
    { header: "budget", cell: (l) => l.budgetRange },
    { header: "status", cell: (l) => l.status },
    { header: "match_score", cell: (l) => l.matchScore },
    { header: "invited", cell: (l) => l.invited },
    { header: "received_at", cell: (l) => isoDate(l.createdAt) },
    { header: "viewed_at", cell: (l) => isoDate(l.viewedAt) },
    { header: "declined_at", cell: (l) => isoDate(l.declinedAt) },
    { header: "decline_reason", cell: (l) => l.declineReason },
    { header: "lead_url", cell: (l) => `${appUrl}${leadPath(l.id)}` },
  ];
}

/**
 * The provider's leads as GET /api/leads/me lists them: its company's, newest first, and only while it
 * may act on leads (approved, subscribed: the same check, so a provider who may not gets its 403).
 */
export async function exportMyLeads(deps: ExportDeps, user: UserRow): Promise<Readable> {
  const companyId = await requireAccess(deps.db, user);
  const rows = await everyRow(async (cursor) =>
    toPage(
      await leadBatchOfCompany(deps.db, companyId, { ...batch, after: idCursor(cursor) }),
      EXPORT_BATCH_SIZE,
      (row) => row,
      (row) => row.id,
    ),
  );
  return csvStream(leadColumns(deps.appUrl), rows);
}

type MyQuote = Quote & { title: string };

function quoteColumns(appUrl: string): CsvColumn<MyQuote>[] {
  return [
    { header: "quote_id", cell: (q) => q.id },
    { header: "lead_id", cell: (q) => q.leadId },
    { header: "request_id", cell: (q) => q.quoteRequestId },
    { header: "title", cell: (q) => q.title },
    { header: "status", cell: (q) => q.status },
    { header: "amount_usd", cell: (q) => dollars(q.amountCents) },
    { header: "first_year_total_usd", cell: (q) => dollars(q.totalFirstYearCents) },
    { header: "timeline", cell: (q) => q.timeline },
    { header: "sent_at", cell: (q) => isoDate(q.createdAt) },
    { header: "updated_at", cell: (q) => isoDate(q.updatedAt) },
    { header: "decided_at", cell: (q) => isoDate(q.decidedAt) },
    { header: "decline_reason", cell: (q) => q.declineReason },
    { header: "lead_url", cell: (q) => `${appUrl}${leadPath(q.leadId)}` },
  ];
}

/** The provider's quotes as GET /api/quotes/me lists them: its company's, newest first. */
export async function exportMyQuotes(deps: ExportDeps, user: UserRow): Promise<Readable> {
  const rows = await everyRow((cursor) => listMyQuotes(deps.db, user, { ...batch, cursor }));
  return csvStream(quoteColumns(deps.appUrl), rows);
}

function requestColumns(appUrl: string): CsvColumn<AdminRequest>[] {
  return [
    { header: "request_id", cell: (r) => r.id },
    { header: "title", cell: (r) => r.title },
    { header: "industry", cell: (r) => r.industry },
    { header: "budget", cell: (r) => r.budgetRange },
    { header: "status", cell: (r) => r.status },
    { header: "client_id", cell: (r) => r.client.id },
    { header: "client_first_name", cell: (r) => r.client.firstName },
    { header: "client_last_name", cell: (r) => r.client.lastName },
    { header: "client_email", cell: (r) => r.client.email },
    { header: "leads", cell: (r) => r.leadsCount },
    { header: "quotes", cell: (r) => r.quotesCount },
    { header: "created_at", cell: (r) => isoDate(r.createdAt) },
    { header: "match_due_at", cell: (r) => isoDate(r.matchDueAt) },
    { header: "request_url", cell: (r) => `${appUrl}${quoteRequestPath(r.id)}` },
  ];
}

/** The Requests tab's list with its filters (status in the admin vocabulary, the search `q`), newest first. */
export async function exportRequests(deps: ExportDeps, filters: AdminRequestsExportQuery): Promise<Readable> {
  const rows = await everyRow((cursor) => listRequests(deps.db, { ...filters, ...batch, cursor }));
  return csvStream(requestColumns(deps.appUrl), rows);
}

/** The Users tab's columns: no password hash, no token (the list reads neither). */
const USER_COLUMNS: CsvColumn<AdminUser>[] = [
  { header: "user_id", cell: (u) => u.id },
  { header: "email", cell: (u) => u.email },
  { header: "first_name", cell: (u) => u.firstName },
  { header: "last_name", cell: (u) => u.lastName },
  { header: "user_type", cell: (u) => u.userType },
  // A deleted account stays as the list shows it (its stand-in name and address), and says so.
  { header: "deleted", cell: (u) => isDeletedAccountEmail(u.email) },
  { header: "company_id", cell: (u) => u.company?.id ?? null },
  { header: "company_name", cell: (u) => u.company?.name ?? null },
  { header: "company_status", cell: (u) => u.company?.status ?? null },
  { header: "joined_at", cell: (u) => isoDate(u.createdAt) },
  { header: "last_sign_in_at", cell: (u) => isoDate(u.lastSignInAt) },
  { header: "suspended_at", cell: (u) => isoDate(u.suspendedAt ?? null) },
  { header: "suspended_reason", cell: (u) => u.suspendedReason ?? null },
];

/** The Users tab's list with its filters (the account type, the search `q` in email and name), newest first. */
export async function exportUsers(db: Db, filters: AdminUsersExportQuery): Promise<Readable> {
  const rows = await everyRow((cursor) => listUsers(db, { ...filters, ...batch, cursor }));
  return csvStream(USER_COLUMNS, rows);
}
