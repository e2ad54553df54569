// The admin's Analytics tab: the figures of spec section 9 computed from the data (decision 091), a
// period selector kept in the URL, and charts whose figures are also given as text.
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { type AdminAnalytics, ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS, type AnalyticsPeriod } from "@/shared/admin";
import { LEAD_DECLINE_REASON_LABELS } from "@/shared/leads";
import { FiguresCard, FiguresTable, LineFigure, PipelineCard } from "@/web/components/figures";
import { ErrorAlert, LoadingNote } from "@/web/components/list-states";
import { StatCard } from "@/web/components/stat-card";
import { formatDate, formatMonth } from "@/web/lib/format";
import { adminAnalyticsQueryOptions } from "./api";
import { InlineSelect, PanelSection, useUrlParam } from "./list-controls";
import { plural, revenueLabel } from "./money";
import { NewCountsCard } from "./new-counts-card";

const growthLabel = (g: number | null) => (g === null ? "–" : `${g > 0 ? "+" : ""}${g}%`);

/** A bucket's first day (a date in UTC): its month for the year's buckets, else the day. */
function bucketLabel(start: string, period: AnalyticsPeriod): string {
  const at = `${start}T00:00:00Z`;
  return period === "12m" ? formatMonth(at) : formatDate(at, "UTC");
}

function Figures({ data }: { data: AdminAnalytics }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Conversion"
        value={`${data.conversion.percent}%`}
        valueTestId="analytics-conversion"
        note={`${data.conversion.quotes} quotes / ${data.conversion.requests} requests`}
      />
      <StatCard
        title="Average Response Time"
        value={data.avgResponseHours === null ? "–" : `${data.avgResponseHours}h`}
        valueTestId="analytics-response"
        note="lead delivered → quote sent"
      />
      <StatCard
        title="Revenue This Month"
        value={revenueLabel(data.revenue)}
        valueTestId="analytics-revenue"
        note={plural(data.revenue.activeSubscriptions, "paying subscription")}
      />
      <NewCountsCard title="New This Week" counts={data.newThisWeek} testId="analytics-week-requests" />
      <NewCountsCard title="New This Month" counts={data.newThisMonth} testId="analytics-month-requests" />
      <StatCard
        title="Growth (Requests)"
        value={growthLabel(data.growth.requests)}
        valueTestId="analytics-growth"
        note={`month over month · clients ${growthLabel(data.growth.clients)} · providers ${growthLabel(data.growth.providers)}`}
      />
    </div>
  );
}

function GrowthChart({ data }: { data: AdminAnalytics }) {
  const rows = data.series.map((b) => ({ ...b, label: bucketLabel(b.start, data.period) }));
  return (
    <FiguresCard
      title="New clients, providers, requests and quotes"
      description={`${ANALYTICS_PERIOD_LABELS[data.period]}, per ${data.period === "12m" ? "month" : data.period === "90d" ? "week" : "day"}.`}
      contentClassName="space-y-4"
    >
      <LineFigure
        label="Line chart of new clients, providers, requests and quotes; the same figures are in the table below."
        rows={rows}
        legend
        lines={[
          { key: "requests", name: "Requests", color: "#7e22ce" },
          { key: "quotes", name: "Quotes", color: "#15803d" },
          { key: "clients", name: "Clients", color: "#1d4ed8" },
          { key: "providers", name: "Providers", color: "#b45309" },
        ]}
      />
      <details>
        <summary className="cursor-pointer text-sm font-medium text-slate-700">The figures as a table</summary>
        <FiguresTable
          className="mt-2"
          dense
          testId="analytics-series-table"
          caption="New clients, providers, requests and quotes per period"
          rows={rows}
          rowKey={(r) => r.start}
          columns={[
            { header: "From", cell: (r) => r.label },
            { header: "Clients", cell: (r) => r.clients },
            { header: "Providers", cell: (r) => r.providers },
            { header: "Requests", cell: (r) => r.requests },
            { header: "Quotes", cell: (r) => r.quotes },
          ]}
        />
      </details>
    </FiguresCard>
  );
}

function DeclinesChart({ data }: { data: AdminAnalytics }) {
  const d = data.declines;
  const rows = d.byReason.map((r) => ({ reason: LEAD_DECLINE_REASON_LABELS[r.reason], count: r.count }));
  const summary = rows.map((r) => `${r.reason} ${r.count}`).join(", ");
  return (
    <FiguresCard
      testId="analytics-declines"
      title="Declined leads"
      description={
        <>
          Of the {plural(d.leads, "lead")} delivered in the period ({ANALYTICS_PERIOD_LABELS[data.period].toLowerCase()}
          ), providers declined <span data-testid="declines-total">{d.declined}</span> (
          <span data-testid="declines-percent">{d.percent}%</span>). Each request went on to the next best eligible
          provider, where one was left.
        </>
      }
      contentClassName="grid gap-6 lg:grid-cols-2"
    >
      <div className="space-y-3">
        <div role="img" aria-label={`Decline reasons bar chart: ${summary}.`} className="h-56">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={rows}
              layout="vertical"
              accessibilityLayer={false}
              margin={{ top: 8, right: 16, left: 16, bottom: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={{ fill: "#334155", fontSize: 12 }} />
              <YAxis type="category" dataKey="reason" width={150} tick={{ fill: "#334155", fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="count" name="Declined" fill="#b45309" radius={[0, 4, 4, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="declines-by-reason">
          {rows.map((r) => (
            <div key={r.reason} className="contents">
              <dt className="text-slate-700">{r.reason}</dt>
              <dd className="tabular-nums text-slate-900">{r.count}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-medium text-slate-900">Providers who declined most</h3>
        {d.topProviders.length === 0 ? (
          <p className="text-sm text-slate-600">No provider declined a lead in the period.</p>
        ) : (
          <FiguresTable
            dense
            testId="declines-top-providers"
            caption="Providers who declined most leads in the period"
            rows={d.topProviders}
            rowKey={(p) => p.companyId}
            columns={[
              { header: "Provider", cell: (p) => p.name },
              { header: "Declined", cell: (p) => p.declined, right: true },
              { header: "Of leads", cell: (p) => p.leads, right: true },
            ]}
          />
        )}
        <h3 className="mt-6 mb-2 text-sm font-medium text-slate-900">In the providers' words</h3>
        {d.recentNotes.length === 0 ? (
          <p className="text-sm text-slate-600">No decline in the period came with a note.</p>
        ) : (
          <ul className="space-y-3 text-sm" data-testid="declines-recent-notes">
            {d.recentNotes.map((r) => (
              <li key={r.leadId} className="border-b border-slate-100 pb-2">
                <p className="text-slate-900 [overflow-wrap:anywhere] whitespace-pre-line">"{r.note}"</p>
                <p className="mt-1 text-slate-600">
                  {r.name}, {LEAD_DECLINE_REASON_LABELS[r.reason].toLowerCase()}, on "{r.requestTitle}" ·{" "}
                  {formatDate(r.declinedAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </FiguresCard>
  );
}

/** Spec screen 10, Analytics tab. */
export function AnalyticsPanel() {
  const [param, setParam] = useUrlParam("period");
  const period: AnalyticsPeriod = (ANALYTICS_PERIODS as readonly string[]).includes(param)
    ? (param as AnalyticsPeriod)
    : "30d";
  const analytics = useQuery(adminAnalyticsQueryOptions(period));
  return (
    <PanelSection
      id="analytics-heading"
      title="Analytics"
      description="Computed from the marketplace's data; months in UTC."
      className="space-y-6"
      beside={
        <InlineSelect
          label="Period"
          value={period}
          onChange={setParam}
          options={ANALYTICS_PERIODS.map((p) => ({ value: p, label: ANALYTICS_PERIOD_LABELS[p] }))}
        />
      }
    >
      {analytics.isLoading ? <LoadingNote /> : null}
      {analytics.isError ? <ErrorAlert error={analytics.error} what="The analytics" /> : null}
      {analytics.data ? (
        <>
          <Figures data={analytics.data} />
          <GrowthChart data={analytics.data} />
          <PipelineCard
            stages={analytics.data.pipeline}
            description="The leads delivered in the last 30 days: each counts in every stage it reached."
            testId="pipeline-stages"
          />
          <DeclinesChart data={analytics.data} />
        </>
      ) : null}
    </PanelSection>
  );
}
