// The Requests tab: every request with its client, in the admin vocabulary, and the admin's status
// dropdown (PATCH /api/admin/requests/{id}/status). What each status does is decision 093.
import { and, desc, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import {
  type AdminRequest,
  type AdminRequestsQuery,
  adminRequestSchema,
  adminRequestsPageSchema,
  adminRequestsQuerySchema,
  idParamsSchema,
  setRequestStatusSchema,
} from "@/shared/admin";
import { matchDueAt } from "@/shared/match-promise";
import {
  ADMIN_TO_STORED_STATUS,
  type AdminStatus,
  type QuoteRequestStatus,
  STORED_TO_ADMIN_STATUS,
} from "@/shared/quote-request-status";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { type UserRow, users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { NotFoundError } from "../../errors";
import { containsPattern, idCursor, pageLimit, toPage } from "../../http/paging";
import { currentUser } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { JOB_NAMES } from "../../jobs/queue";
import { logActivity } from "../activity/service";
import { closeRequestQuotes } from "../quotes/closing";
import { adminListRoute, adminRoute } from "./errors";

const REQUEST_NOT_FOUND = "No quote request has this id.";

const rowColumns = {
  id: quoteRequests.id,
  title: quoteRequests.title,
  industry: quoteRequests.industry,
  budgetRange: quoteRequests.budgetRange,
  status: quoteRequests.status,
  createdAt: quoteRequests.createdAt,
  matchDueAt: quoteRequests.matchDueAt,
  client: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  // Counted per row of the page only (the limit applies first): two index lookups each.
  leadsCount: sql<number>`(select count(*) from ${leads} where ${leads.quoteRequestId} = ${quoteRequests.id})`.mapWith(
    Number,
  ),
  quotesCount:
    sql<number>`(select count(*) from ${quotes} where ${quotes.quoteRequestId} = ${quoteRequests.id} and ${quotes.status} <> 'withdrawn')`.mapWith(
      Number,
    ),
};

type Row = {
  id: number;
  title: string;
  industry: string;
  budgetRange: string;
  status: QuoteRequestStatus;
  createdAt: Date;
  matchDueAt: Date;
  client: AdminRequest["client"];
  leadsCount: number;
  quotesCount: number;
};

function toAdminRequest(r: Row): AdminRequest {
  return {
    ...r,
    status: STORED_TO_ADMIN_STATUS[r.status],
    createdAt: r.createdAt.toISOString(),
    matchDueAt: r.matchDueAt.toISOString(),
  };
}

function selectRows(db: Db) {
  return db.select(rowColumns).from(quoteRequests).innerJoin(users, eq(users.id, quoteRequests.clientId));
}

export async function listRequests(db: Db, query: AdminRequestsQuery) {
  const after = idCursor(query.cursor);
  const limit = pageLimit(query.limit);
  const base: (SQL | undefined)[] = [];
  if (query.status) base.push(eq(quoteRequests.status, ADMIN_TO_STORED_STATUS[query.status]));
  if (after !== null) base.push(lt(quoteRequests.id, after));
  const page = (extra?: SQL) =>
    selectRows(db)
      .where(and(...base, extra))
      .orderBy(desc(quoteRequests.id))
      .limit(limit + 1);
  if (!query.q) return toPage(await page(), limit, toAdminRequest, (r) => r.id);
  // A search is two newest-first reads merged: titles, and the requests of clients whose email
  // matches. Each alone lets the planner pick its way (walk the ids down until a page is found for a
  // common word; the trigram index for a rare one), which one query with an OR across tables cannot.
  const pattern = containsPattern(query.q);
  const [byTitle, byEmail] = await Promise.all([
    page(sql`${quoteRequests.title} ilike ${pattern}`),
    page(sql`${quoteRequests.clientId} in (select id from ${users} where ${users.email} ilike ${pattern})`),
  ]);
  const merged = new Map([...byTitle, ...byEmail].map((r) => [r.id, r]));
  const rows = [...merged.values()].sort((x, y) => y.id - x.id);
  return toPage(rows, limit, toAdminRequest, (r) => r.id);
}

async function findRequest(db: Db, id: number): Promise<AdminRequest> {
  const [row] = await selectRows(db).where(eq(quoteRequests.id, id)).limit(1);
  if (!row) throw new NotFoundError(REQUEST_NOT_FOUND);
  return toAdminRequest(row);
}

/**
 * Sets a request's status in the admin vocabulary, with the effects decision 093 gives each one. The
 * request row is locked first, so an admin's change and a client's accept or cancel serialise.
 */
export async function setRequestStatus(
  deps: AppDeps,
  admin: UserRow,
  id: number,
  status: AdminStatus,
): Promise<AdminRequest> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for("update").limit(1);
    if (!current) throw new NotFoundError(REQUEST_NOT_FOUND);
    const next = ADMIN_TO_STORED_STATUS[status];
    if (current.status === next) return findRequest(tx, id);
    const now = deps.now();
    const reopening = next === "open" || next === "matched";
    await tx
      .update(quoteRequests)
      .set({
        status: next,
        updatedAt: now,
        // Reopened: matching owes the client a new promise, from now.
        ...(next === "open" ? { matchDueAt: matchDueAt(now, current.isComplex) } : {}),
      })
      .where(eq(quoteRequests.id, id));
    if (next === "cancelled" || next === "closed") {
      // Providers stop working on it: pending quotes declined (their providers told), leads closed.
      await closeRequestQuotes(tx, deps, id, next === "cancelled" ? "admin-cancelled" : "admin-completed");
    }
    if (reopening) {
      // Leads closed by an earlier close or cancel open again; matching tops the request up to the
      // promised number of providers (and delivers its first leads to one that has none).
      await tx
        .update(leads)
        .set({
          status: sql`case when ${leads.viewedAt} is null then 'new'::lead_status else 'viewed'::lead_status end`,
        })
        // A lead taken back from a suspended provider stays closed (decision 151).
        .where(and(eq(leads.quoteRequestId, id), eq(leads.status, "closed"), isNull(leads.withdrawnAt)));
      await deps.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: id }, { tx });
    }
    await logActivity(tx, {
      adminId: admin.id,
      action: "update_request_status",
      resourceType: "quote_request",
      resourceId: id,
      details: { title: current.title, oldStatus: STORED_TO_ADMIN_STATUS[current.status], newStatus: status },
    });
    return findRequest(tx, id);
  });
}

export const requestRoutes: RoutePlugin = async (app, deps) => {
  adminListRoute(
    app,
    "/api/admin/requests",
    { page: adminRequestsPageSchema, query: adminRequestsQuerySchema },
    listRequests,
  );

  app.patch(
    "/api/admin/requests/:id/status",
    adminRoute(adminRequestSchema, { params: idParamsSchema, body: setRequestStatusSchema }),
    async (request) => setRequestStatus(deps, currentUser(request), request.params.id, request.body.status),
  );
};
