// The Alerts tab: what the system raised (missed match deadlines, too few eligible providers),
// unresolved first, and the one admin action on it, resolving (spec section 4: unresolved → resolved).
import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type AdminAlert,
  type AdminAlertsQuery,
  adminAlertSchema,
  adminAlertsPageSchema,
  adminAlertsQuerySchema,
  alertCountSchema,
  idParamsSchema,
} from "@/shared/admin";
import { PATHS, quoteRequestPath } from "@/shared/paths";
import type { Db } from "../../db/client";
import { type AlertRow, alerts } from "../../db/schema/alerts";
import type { UserRow } from "../../db/schema/users";
import { users } from "../../db/schema/users";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors";
import { BAD_CURSOR, pageLimit, toPage } from "../../http/paging";
import { currentUser } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { logActivity } from "../activity/service";
import { alertResolution } from "../alerts/service";
import { adminRoute } from "./errors";

const ALERT_NOT_FOUND = "No alert has this id.";
const resolver = alias(users, "resolver");

/** Where in the app an alert's resource is shown; null for a kind the portal has no page for. */
export function resourceLink(type: string | null, id: number | null): string | null {
  if (id === null) return null;
  switch (type) {
    case "quote_request":
      return quoteRequestPath(id);
    case "company":
      return PATHS.adminProviders;
    case "message_report":
      return `${PATHS.adminReports}?report=${id}`;
    default:
      return null;
  }
}

type Joined = { alert: AlertRow; resolver: { id: number; firstName: string; lastName: string } | null };

function toAlert({ alert: a, resolver: r }: Joined): AdminAlert {
  return {
    id: a.id,
    type: a.type,
    severity: a.severity,
    title: a.title,
    description: a.description,
    isResolved: a.isResolved,
    createdAt: a.createdAt.toISOString(),
    resourceType: a.resourceType,
    resourceId: a.resourceId,
    resourceLink: resourceLink(a.resourceType, a.resourceId),
    resolvedAt: a.resolvedAt?.toISOString() ?? null,
    resolvedBy: r,
  };
}

/** The cursor names the last row's group (u: unresolved, r: resolved) and id: pages run across the boundary. */
function parseCursor(cursor: string | undefined): { resolved: boolean; id: number } | null {
  if (cursor === undefined) return null;
  const m = /^([ur]):(\d{1,10})$/.exec(cursor);
  if (!m) throw new BadRequestError(BAD_CURSOR);
  return { resolved: m[1] === "r", id: Number(m[2]) };
}

const selectJoined = (db: Db) =>
  db
    .select({
      alert: alerts,
      resolver: { id: resolver.id, firstName: resolver.firstName, lastName: resolver.lastName },
    })
    .from(alerts)
    .leftJoin(resolver, eq(resolver.id, alerts.resolvedBy));

export async function listAlerts(db: Db, query: AdminAlertsQuery) {
  const limit = pageLimit(query.limit);
  const after = parseCursor(query.cursor);
  const conditions: (SQL | undefined)[] = [];
  if (query.resolved !== undefined) conditions.push(eq(alerts.isResolved, query.resolved === "true"));
  if (after) {
    conditions.push(
      after.resolved
        ? and(eq(alerts.isResolved, true), lt(alerts.id, after.id))
        : or(and(eq(alerts.isResolved, false), lt(alerts.id, after.id)), eq(alerts.isResolved, true)),
    );
  }
  const rows = await selectJoined(db)
    .where(and(...conditions))
    .orderBy(alerts.isResolved, desc(alerts.id))
    .limit(limit + 1);
  return toPage(rows, limit, toAlert, (r) => r.alert.id);
}

function nextCursorOf(page: { items: AdminAlert[]; nextCursor: string | null }) {
  const last = page.items.at(-1);
  return page.nextCursor && last ? `${last.isResolved ? "r" : "u"}:${last.id}` : null;
}

export async function countUnresolved(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(alerts)
    .where(eq(alerts.isResolved, false));
  return row?.n ?? 0;
}

/** Resolves once: a second admin resolving the same alert learns who did it first. */
export async function resolveAlert(db: Db, admin: UserRow, id: number): Promise<AdminAlert> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(alerts)
      .set(alertResolution(admin.id))
      .where(and(eq(alerts.id, id), eq(alerts.isResolved, false)))
      .returning({ id: alerts.id });
    const [row] = await selectJoined(tx).where(eq(alerts.id, id)).limit(1);
    if (!row) throw new NotFoundError(ALERT_NOT_FOUND);
    if (!updated) {
      const by = row.resolver ? `${row.resolver.firstName} ${row.resolver.lastName}` : "another admin";
      const at = row.alert.resolvedAt?.toISOString() ?? "earlier";
      throw new ConflictError(`This alert was already resolved by ${by} at ${at}.`);
    }
    await logActivity(tx, {
      adminId: admin.id,
      action: "resolve_alert",
      resourceType: "alert",
      resourceId: id,
      details: { title: row.alert.title, type: row.alert.type, oldState: "unresolved", newState: "resolved" },
    });
    return toAlert(row);
  });
}

export const alertRoutes: RoutePlugin = async (app) => {
  app.get(
    "/api/admin/alerts",
    adminRoute(adminAlertsPageSchema, { querystring: adminAlertsQuerySchema }),
    async (request) => {
      const page = await listAlerts(app.db, request.query);
      return { items: page.items, nextCursor: nextCursorOf(page) };
    },
  );

  // The top bar asks on every admin page: one count over the (is_resolved, created_at) index.
  app.get("/api/admin/alerts/count", adminRoute(alertCountSchema), async () => ({
    unresolved: await countUnresolved(app.db),
  }));

  // The spec's client sends no body.
  app.patch(
    "/api/admin/alerts/:id/resolve",
    adminRoute(adminAlertSchema, { params: idParamsSchema }),
    async (request) => resolveAlert(app.db, currentUser(request), request.params.id),
  );
};
