// The admin's Analytics tab (GET /api/admin/analytics): the figures spec section 9 gives as
// placeholders, computed from the data (DESIGN.md "Admin"). How each one is defined: decision 091.
import { sql } from "drizzle-orm";
import { type AdminAnalytics, type AnalyticsPeriod, adminAnalyticsSchema, analyticsQuerySchema } from "@/shared/admin";
import { LEAD_DECLINE_REASONS } from "@/shared/leads";
import { type Db, executedRows } from "../../db/client";
import type { RoutePlugin } from "../../http/types";
import { countPipelineStages } from "../quotes/pipeline";
import { adminRoute } from "./errors";
import { daily, isoDate, monthStart, revenueColumns, toRevenue } from "./stats";

type Unit = "day" | "week" | "month";
const DAY = 24 * 60 * 60 * 1000;
/** The pipeline reads the leads delivered in the last 30 days, whatever the period (decision 091). */
export const PIPELINE_DAYS = 30;

const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** The buckets of a period, oldest first, as PostgreSQL's date_trunc (UTC) names them: weeks start on Monday. */
export function periodBuckets(period: AnalyticsPeriod, now: Date): { unit: Unit; starts: Date[] } {
  const today = dayStart(now);
  switch (period) {
    case "7d":
    case "30d": {
      const n = period === "7d" ? 7 : 30;
      return {
        unit: "day",
        starts: Array.from({ length: n }, (_, i) => new Date(today.getTime() - (n - 1 - i) * DAY)),
      };
    }
    case "90d": {
      const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
      return {
        unit: "week",
        starts: Array.from({ length: 13 }, (_, i) => new Date(monday.getTime() - (12 - i) * 7 * DAY)),
      };
    }
    case "12m": {
      const m = monthStart(now);
      return {
        unit: "month",
        starts: Array.from(
          { length: 12 },
          (_, i) => new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() - (11 - i), 1)),
        ),
      };
    }
  }
}

/** Percent change; null when there was nothing to compare with. */
export function growth(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export async function adminAnalytics(db: Db, period: AnalyticsPeriod, now: Date): Promise<AdminAnalytics> {
  const { unit, starts } = periodBuckets(period, now);
  const from = starts[0] ?? now;
  const month = monthStart(now);
  const lastMonth = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 1, 1));

  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekAgo = new Date(today.getTime() - 6 * DAY);
  const pipelineFrom = new Date(today.getTime() - (PIPELINE_DAYS - 1) * DAY);

  // Sign-ups, registrations, requests and quotes per bucket, from the daily figures the database keeps
  // (migration 0012): a year is at most 365 rows per figure.
  const series = executedRows(
    await db.execute(sql`
      select name as kind, to_char(date_trunc(${unit}, day::timestamp), 'YYYY-MM-DD') as start, sum(n)::int as n
      from admin_daily
      where day >= ${isoDate(from)}::date and name in ('clients', 'providers', 'requests', 'quotes')
      group by 1, 2`),
  );

  const [figures = {}] = executedRows(
    await db.execute(sql`
      select
        ${daily("clients", weekAgo)} as week_clients,
        ${daily("providers", weekAgo)} as week_providers,
        ${daily("requests", weekAgo)} as week_requests,
        ${daily("clients", month)} as month_clients,
        ${daily("providers", month)} as month_providers,
        ${daily("requests", month)} as month_requests,
        ${daily("clients", lastMonth, month)} as last_clients,
        ${daily("providers", lastMonth, month)} as last_providers,
        ${daily("requests", lastMonth, month)} as last_requests,
        ${daily("requests", from)} as period_requests,
        ${daily("quotes", from)} as period_quotes,
        ${daily("responses", from)} as responses,
        (select coalesce(sum(n), 0) from admin_daily where name = 'response_seconds' and day >= ${isoDate(from)}::date)::float8 as response_seconds,
        ${revenueColumns}`),
  );

  // The stages are reached by each lead, not daily events: read from the leads of the last 30 days.
  const stages = await countPipelineStages(db, sql`l.created_at >= ${pipelineFrom}`);

  // The leads delivered in the period that their providers declined, by reason and by provider.
  const [declines = {}] = executedRows(
    await db.execute(sql`
      select
        count(*)::int as leads,
        count(*) filter (where status = 'declined')::int as declined,
        ${sql.join(
          LEAD_DECLINE_REASONS.map(
            (r) =>
              sql`count(*) filter (where status = 'declined' and decline_reason = ${r})::int as ${sql.identifier(r)}`,
          ),
          sql`, `,
        )}
      from leads
      where created_at >= ${from}`),
  );
  const topDecliners = executedRows(
    await db.execute(sql`
      select c.id as company_id, c.name, d.declined, d.leads
      from (
        select company_id, count(*) filter (where status = 'declined')::int as declined, count(*)::int as leads
        from leads
        where created_at >= ${from}
        group by company_id
      ) d
      join companies c on c.id = d.company_id
      where d.declined > 0
      order by d.declined desc, d.company_id
      limit 5`),
  );
  // What the providers wrote when they declined: the reasons in their words, the latest first.
  const recentNotes = executedRows(
    await db.execute(sql`
      select l.id as lead_id, c.name, l.decline_reason as reason, l.decline_note as note, l.declined_at, r.title
      from leads l
      join companies c on c.id = l.company_id
      join quote_requests r on r.id = l.quote_request_id
      where l.created_at >= ${from} and l.status = 'declined' and l.decline_note is not null and l.decline_note <> ''
      order by l.declined_at desc, l.id desc
      limit 5`),
  );

  const n = (row: Record<string, unknown>, k: string) => Number(row[k] ?? 0);
  const counts = new Map(series.map((r) => [`${r.kind}:${r.start}`, Number(r.n)]));
  const at = (kind: string, start: Date) => counts.get(`${kind}:${isoDate(start)}`) ?? 0;
  const requests = n(figures, "period_requests");
  const quotes = n(figures, "period_quotes");
  const responses = n(figures, "responses");

  return {
    period,
    newThisWeek: {
      clients: n(figures, "week_clients"),
      providers: n(figures, "week_providers"),
      requests: n(figures, "week_requests"),
    },
    newThisMonth: {
      clients: n(figures, "month_clients"),
      providers: n(figures, "month_providers"),
      requests: n(figures, "month_requests"),
    },
    conversion: { quotes, requests, percent: requests === 0 ? 0 : Math.round((quotes / requests) * 100) },
    avgResponseHours:
      responses === 0 ? null : Math.round((Number(figures.response_seconds ?? 0) / responses / 3600) * 10) / 10,
    revenue: toRevenue({
      active: n(figures, "active"),
      trialing: n(figures, "trialing"),
      demoActive: n(figures, "demo_active"),
    }),
    growth: {
      clients: growth(n(figures, "month_clients"), n(figures, "last_clients")),
      providers: growth(n(figures, "month_providers"), n(figures, "last_providers")),
      requests: growth(n(figures, "month_requests"), n(figures, "last_requests")),
    },
    pipeline: stages,
    declines: {
      leads: n(declines, "leads"),
      declined: n(declines, "declined"),
      percent: n(declines, "leads") === 0 ? 0 : Math.round((n(declines, "declined") / n(declines, "leads")) * 100),
      byReason: LEAD_DECLINE_REASONS.map((reason) => ({ reason, count: n(declines, reason) })),
      topProviders: topDecliners.map((r) => ({
        companyId: Number(r.company_id),
        name: String(r.name),
        declined: Number(r.declined),
        leads: Number(r.leads),
      })),
      recentNotes: recentNotes.map((r) => ({
        leadId: Number(r.lead_id),
        name: String(r.name),
        reason: LEAD_DECLINE_REASONS.find((x) => x === r.reason) ?? "other",
        note: String(r.note),
        requestTitle: String(r.title),
        declinedAt: new Date(String(r.declined_at)).toISOString(),
      })),
    },
    series: starts.map((start) => ({
      start: isoDate(start),
      clients: at("clients", start),
      providers: at("providers", start),
      requests: at("requests", start),
      quotes: at("quotes", start),
    })),
  };
}

export const analyticsRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    "/api/admin/analytics",
    adminRoute(adminAnalyticsSchema, { querystring: analyticsQuerySchema }),
    async (request) => adminAnalytics(app.db, request.query.period ?? "30d", deps.now()),
  );
};
