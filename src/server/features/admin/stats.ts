// The Overview's figures (GET /api/admin/stats, spec section 3 "Admin stats"): one statement reading the
// figures the database keeps (migration 0012, decision 090), so that the page costs one round trip
// and a few rows however many requests there are.
import { sql } from "drizzle-orm";
import { type AdminStats, adminStatsSchema, type Revenue } from "@/shared/admin";
import { PLAN } from "@/shared/billing";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { adminErrors } from "./errors";

/** The first instant of the calendar month (UTC) that `now` falls in. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

type RevenueRow = { active: number; trialing: number; demoActive: number };

/** Decision 090: each paying (active) subscription brings the plan's price this month; a trial brings nothing. */
export function toRevenue(r: RevenueRow): Revenue {
  return {
    thisMonthCents: r.active * PLAN.priceCents,
    activeSubscriptions: r.active,
    trialingSubscriptions: r.trialing,
    includesDemo: r.demoActive > 0,
  };
}

export const revenueColumns = sql`
  (select count(*) from subscriptions where status = 'active')::int as active,
  (select count(*) from subscriptions where status = 'trialing')::int as trialing,
  (select count(*) from subscriptions where status = 'active' and provider = 'demo')::int as demo_active`;

/** A figure the database keeps (migration 0012): the sum of its shards. */
export const kept = (name: string) =>
  sql.raw(`(select coalesce(sum(n), 0) from admin_counts where name = '${name}')::int`);
/** A daily figure summed over [from, to). */
export const daily = (name: string, from: Date, to?: Date) =>
  sql`(select coalesce(sum(n), 0) from admin_daily where name = ${name} and day >= ${isoDate(from)}::date${
    to ? sql` and day < ${isoDate(to)}::date` : sql``
  })::int`;

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export async function adminStats(db: Db, now: Date): Promise<AdminStats> {
  const since = monthStart(now);
  const result = await db.execute(sql`
    select
      ${kept("users:client")} as clients,
      ${kept("users:provider")} as providers,
      ${kept("users:admin")} as admins,
      ${daily("clients", since)} as new_clients,
      ${daily("providers", since)} as new_providers,
      ${daily("requests", since)} as new_requests,
      ${kept("requests:open")} as open,
      ${kept("requests:matched")} as matched,
      ${kept("requests:closed")} as closed,
      ${kept("requests:cancelled")} as cancelled,
      ${kept("quotes")} as quotes,
      ${kept("companies:pending")} as pending_providers,
      (select count(*) from alerts where not is_resolved)::int as unresolved_alerts,
      ${revenueColumns}`);
  // Both drivers answer raw SQL with { rows }.
  const r = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    totalUsers: n("clients") + n("providers") + n("admins"),
    totalClients: n("clients"),
    totalProviders: n("providers"),
    totalAdmins: n("admins"),
    totalRequests: n("open") + n("matched") + n("closed") + n("cancelled"),
    totalQuotes: n("quotes"),
    newThisMonth: { clients: n("new_clients"), providers: n("new_providers"), requests: n("new_requests") },
    requestsByStatus: { pending: n("open"), active: n("matched"), completed: n("closed"), cancelled: n("cancelled") },
    pendingProviders: n("pending_providers"),
    unresolvedAlerts: n("unresolved_alerts"),
    revenue: toRevenue({ active: n("active"), trialing: n("trialing"), demoActive: n("demo_active") }),
  };
}

export const statsRoutes: RoutePlugin = async (app, deps) => {
  const now: Clock = deps.now;
  app.get(
    "/api/admin/stats",
    {
      schema: { tags: ["admin"], response: { 200: adminStatsSchema, ...adminErrors } },
      preValidation: requireRole("admin"),
    },
    async () => adminStats(app.db, now()),
  );
};
