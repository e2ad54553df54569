// The Overview's figures (GET /api/admin/stats, spec section 3 "Admin stats"): one statement reading the
// figures the database keeps (migration 0012, decision 090), so that the page costs one round trip
// and a few rows however many requests there are; each process keeps them while nothing they count
// changes (decision 194).
import { sql } from "drizzle-orm";
import { type AdminStats, adminStatsSchema, type Revenue } from "@/shared/admin";
import { PLAN } from "@/shared/billing";
import type { Db } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { keeperOf } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { MARKETPLACE_ID } from "../auth/session-cache";
import { adminRoute } from "./errors";

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

/** A daily figure summed over [from, to). */
export const daily = (name: string, from: Date, to?: Date) =>
  sql`(select coalesce(sum(n), 0) from admin_daily where name = ${name} and day >= ${isoDate(from)}::date${
    to ? sql` and day < ${isoDate(to)}::date` : sql``
  })::int`;

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Figures kept in admin_counts, by column name: one scan of the table's few rows reads them all. */
const KEPT = {
  clients: "users:client",
  providers: "users:provider",
  admins: "users:admin",
  open: "requests:open",
  matched: "requests:matched",
  closed: "requests:closed",
  cancelled: "requests:cancelled",
  quotes: "quotes",
  pending_providers: "companies:pending",
} as const;
const DAILY = { new_clients: "clients", new_providers: "providers", new_requests: "requests" } as const;

/** `coalesce(sum(n) filter (where name = '<figure>'), 0)::int as <column>` for each column. */
const sumsByName = (figures: Record<string, string>) =>
  sql.raw(
    Object.entries(figures)
      .map(([column, name]) => `coalesce(sum(n) filter (where name = '${name}'), 0)::int as ${column}`)
      .join(", "),
  );
const names = (figures: Record<string, string>) =>
  sql.raw(
    Object.values(figures)
      .map((name) => `'${name}'`)
      .join(", "),
  );

const STAT_COLUMNS = [
  ...Object.keys(KEPT),
  ...Object.keys(DAILY),
  "active",
  "trialing",
  "demo_active",
  "unresolved_alerts",
  "changes_under_review",
] as const;

/**
 * Each table read once (decision 123): the kept figures, this month's days, the subscriptions, the
 * companies' changes under review (a partial index holds just those). Prepared
 * once per database, the month's first day its one parameter, so that PostgreSQL plans it once a
 * connection.
 */
const statsStatement = preparedPerDatabase((db) =>
  db
    .select(Object.fromEntries(STAT_COLUMNS.map((c) => [c, sql<number>`${sql.identifier(c)}`])))
    .from(sql`
      (select ${sumsByName(KEPT)} from admin_counts where name in (${names(KEPT)})) kept,
      (select ${sumsByName(DAILY)} from admin_daily
        where day >= ${sql.placeholder("since")}::date and name in (${names(DAILY)})) month,
      (select count(*) filter (where status = 'active')::int as active,
              count(*) filter (where status = 'trialing')::int as trialing,
              count(*) filter (where status = 'active' and provider = 'demo')::int as demo_active
        from subscriptions where status in ('active', 'trialing')) subs,
      (select count(*)::int as unresolved_alerts from alerts where not is_resolved) alerts,
      (select count(*)::int as changes_under_review from companies
        where status = 'approved' and (name <> verified_name or slug <> verified_slug)) changes`)
    .prepare("admin_stats"),
);

export async function adminStats(db: Db, now: Date): Promise<AdminStats> {
  const [r = {}] = await statsStatement(db).execute({ since: isoDate(monthStart(now)) });
  const n = (k: string) => Number((r as Record<string, unknown>)[k] ?? 0);
  return {
    totalUsers: n("clients") + n("providers") + n("admins"),
    totalClients: n("clients"),
    totalProviders: n("providers"),
    totalAdmins: n("admins"),
    totalRequests: n("open") + n("matched") + n("closed") + n("cancelled"),
    totalQuotes: n("quotes"),
    newThisMonth: { clients: n("new_clients"), providers: n("new_providers"), requests: n("new_requests") },
    requestsByStatus: { pending: n("open"), active: n("matched"), completed: n("closed"), cancelled: n("cancelled") },
    // What waits in the Providers tab: registrations, and approved companies' changes of name or address (decision 149).
    pendingProviders: n("pending_providers") + n("changes_under_review"),
    unresolvedAlerts: n("unresolved_alerts"),
    revenue: toRevenue({ active: n("active"), trialing: n("trialing"), demoActive: n("demo_active") }),
  };
}

/**
 * The figures are the same for every admin: each process keeps them while it hears that nothing they
 * count changed (decision 194), at most CACHED_FOR_MS, and reads them again in a new month.
 */
export const statsRoutes: RoutePlugin = async (app) => {
  app.get("/api/admin/stats", adminRoute(adminStatsSchema), async (request) => {
    const { userRead, now } = keeperOf(request);
    const at = now();
    return userRead(MARKETPLACE_ID, `admin-stats:${isoDate(monthStart(at))}`, at, () => adminStats(app.db, at));
  });
};
