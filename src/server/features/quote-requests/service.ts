import { isDeletedAccountEmail } from "@/shared/account";
import {
  CLIENT_STATUS_LABELS,
  type ClientStatus,
  type CreateQuoteRequestInput,
  canCancel,
  estimateRoi,
  isComplexProject,
  type MyQuoteRequestsQuery,
  matchHours,
  type QuoteRequestDetail,
  type QuoteRequestStatus,
  type QuoteRequestSummary,
  type QuoteRequestSummaryCounts,
} from "@/shared/quote-requests";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import type { LeadRow } from "../../db/schema/leads";
import type { QuoteRequestRow } from "../../db/schema/quote-requests";
import type { UserRow } from "../../db/schema/users";
import { ConflictError, NotFoundError } from "../../errors";
import { idCursor, pageLimit, toPage } from "../../http/paging";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue";
import { requireAccess } from "../companies/access";
import type { MessagingDeps } from "../notifications/service";
import { closeRequestQuotes } from "../quotes/closing";
import * as q from "./queries";

export type QuoteRequestDeps = { db: Db; jobs: JobQueue; now: Clock };

const NOT_FOUND = "Quote request not found.";

/** What a reader may see of a request: all of it, or all but the client's contact details. */
export type ReadAccess = { contact: boolean };

/**
 * Who may read a request: its owner and admins, with the client's contact details; a provider holding a
 * lead for it, with them only once it has quoted. Everyone else gets null, which the routes answer with
 * 404, so that nobody learns which ids exist.
 */
export async function canReadQuoteRequest(
  db: Db,
  viewer: Pick<UserRow, "id" | "userType">,
  request: Pick<QuoteRequestRow, "id" | "clientId">,
): Promise<ReadAccess | null> {
  if (viewer.userType === "admin") return { contact: true };
  if (viewer.userType === "client" && request.clientId === viewer.id) return { contact: true };
  if (viewer.userType === "provider") {
    const lead = await q.findProviderLeadForRequest(db, viewer.id, request.id);
    if (!lead) return null;
    // As on the lead's own page: a provider that lost access (company, subscription) sees why.
    await requireAccess(db, viewer);
    return { contact: await providerSeesContact(db, lead) };
  }
  return null;
}

/** A provider sees the client's contact details once it has quoted on its lead (the lead's page too). */
export async function providerSeesContact(db: Db, lead: Pick<LeadRow, "id" | "status">): Promise<boolean> {
  return lead.status === "quoted" || (await q.hasLiveQuote(db, lead.id));
}

export function toSummary(row: q.QuoteRequestWithClient, access: ReadAccess = { contact: true }): QuoteRequestSummary {
  const r = row.request;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    industry: r.industry,
    createdAt: r.createdAt.toISOString(),
    budgetRange: r.budgetRange,
    automationTypes: r.automationTypes,
    status: r.status,
    timeline: r.timeline,
    // A deleted client's placeholder address is nobody's contact (decision 118).
    ...(access.contact
      ? { client: isDeletedAccountEmail(row.client.email) ? { ...row.client, email: "" } : row.client }
      : {}),
    matchDueAt: r.matchDueAt.toISOString(),
    isComplex: r.isComplex,
    roiHoursPerYear: r.roiHoursPerYear,
  };
}

export function toDetail(row: q.QuoteRequestWithClient, access: ReadAccess = { contact: true }): QuoteRequestDetail {
  const { fullName, email, companyName, ...rest } = row.request.requirements;
  return {
    ...toSummary(row, access),
    requirements: access.contact ? { fullName, email, companyName, ...rest } : rest,
    updatedAt: row.request.updatedAt.toISOString(),
  };
}

/**
 * Writes the request and its matching job in one transaction: either both exist or neither does.
 * Matching runs later in the background; submitting never waits for it.
 */
export async function submitQuoteRequest(
  deps: QuoteRequestDeps,
  client: UserRow,
  input: CreateQuoteRequestInput,
): Promise<QuoteRequestDetail> {
  const { requirements } = input;
  const complex = isComplexProject({
    budgetRange: input.budgetRange,
    systems: requirements.systems,
    systemTypes: requirements.systemTypes,
  });
  const roi = estimateRoi(requirements);
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await q.insertQuoteRequest(
      tx,
      {
        clientId: client.id,
        title: input.title,
        description: input.description,
        industry: input.industry,
        automationTypes: input.automationTypes,
        budgetRange: input.budgetRange,
        timeline: input.timeline,
        requirements,
        isComplex: complex,
        matchHours: matchHours(complex),
        roiHoursPerYear: roi?.hoursPerYear ?? null,
      },
      deps.now(),
    );
    await deps.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: inserted.id }, { tx });
    return inserted;
  });
  return toDetail({
    request: row,
    client: { firstName: client.firstName, lastName: client.lastName, email: client.email },
  });
}

/** The statuses each of the client's words covers: a cancelled request is closed to the client. */
const CLIENT_STATUS_SET: Record<ClientStatus, QuoteRequestStatus[]> = {
  open: ["open"],
  matched: ["matched"],
  closed: ["closed", "cancelled"],
};

/** A page of the client's requests, newest first (decision 104). */
export async function listClientQuoteRequests(db: Db, clientId: number, query: MyQuoteRequestsQuery = {}) {
  const limit = pageLimit(query.limit);
  const rows = await q.findQuoteRequestsByClient(db, clientId, {
    after: idCursor(query.cursor),
    limit,
    statuses: query.status ? CLIENT_STATUS_SET[query.status] : undefined,
  });
  return toPage(
    rows,
    limit,
    (row) => toSummary(row),
    (row) => row.request.id,
  );
}

export async function summariseClientQuoteRequests(db: Db, clientId: number): Promise<QuoteRequestSummaryCounts> {
  const row = await q.countClientQuoteRequests(db, clientId);
  return {
    total: row?.total ?? 0,
    byStatus: {
      open: row?.open ?? 0,
      matched: row?.matched ?? 0,
      closed: row?.closed ?? 0,
      cancelled: row?.cancelled ?? 0,
    },
    hoursSavedPerYear: row?.hours ?? 0,
    withEstimate: row?.withEstimate ?? 0,
  };
}

export async function getQuoteRequest(db: Db, viewer: UserRow, id: number): Promise<QuoteRequestDetail> {
  const row = await q.findQuoteRequestById(db, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  const access = await canReadQuoteRequest(db, viewer, row.request);
  if (!access) throw new NotFoundError(NOT_FOUND);
  return toDetail(row, access);
}

/** The owner withdraws an open or matched request; its pending quotes are declined and its leads closed. */
export async function cancelQuoteRequest(
  deps: MessagingDeps,
  client: UserRow,
  id: number,
): Promise<QuoteRequestDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await q.lockClientQuoteRequest(tx, id, client.id);
    if (!current) throw new NotFoundError(NOT_FOUND);
    if (!canCancel(current.status)) {
      throw new ConflictError(
        `This request is ${CLIENT_STATUS_LABELS[current.status].toLowerCase()}: only open or matched requests can be cancelled.`,
      );
    }
    const updated = await q.setClientQuoteRequestStatus(tx, id, client.id, "cancelled");
    if (!updated) throw new NotFoundError(NOT_FOUND);
    // Providers stop working on it: pending quotes declined (and their providers told), leads closed.
    await closeRequestQuotes(tx, deps, id, "request-cancelled");
    return updated;
  });
  return toDetail({
    request: row,
    client: { firstName: client.firstName, lastName: client.lastName, email: client.email },
  });
}
