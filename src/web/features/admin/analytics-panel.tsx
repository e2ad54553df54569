// The admin's Analytics tab: the figures of spec section 9 computed from the data (decision 091), a
// period selector kept in the URL, and charts whose figures are also given as text.
import { useQuery } from "@tanstack/react-query";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { type AdminAnalytics, ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS, type AnalyticsPeriod } from "@/shared/admin";
import { LEAD_DECLINE_REASON_LABELS } from "@/shared/leads";
import { ErrorAlert } from "@/web/components/list-states";
import { PipelineFunnel } from "@/web/components/pipeline-funnel";
import { StatCard } from "@/web/components/stat-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { adminAnalyticsQueryOptions } from "./api";
import { PanelHeading, useUrlParam } from "./list-controls";
import { plural, revenueLabel } from "./money";

const growthLabel = (g: number | null) => (g === null ? "–" : `${g > 0 ? "+" : ""}${g}%`);

function bucketLabel(start: string, period: AnalyticsPeriod): string {
  const d = new Date(`${start}T00:00:00Z`);
  return period === "12m"
    ? d.toLocaleDateString("en-US", { month: "short", year: "2-digit", timeZone: "UTC" })
    : d.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

function Figures({ data }: { data: AdminAnalytics }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard title="Conversion" value={`${data.conversion.percent}%`} valueTestId="analytics-conversion">
        <p className="text-sm text-slate-600">
          {data.conversion.quotes} quotes / {data.conversion.requests} requests
        </p>
      </StatCard>
      <StatCard
        title="Average Response Time"
        value={data.avgResponseHours === null ? "–" : `${data.avgResponseHours}h`}
        valueTestId="analytics-response"
      >
        <p className="text-sm text-slate-600">lead delivered → quote sent</p>
      </StatCard>
      <StatCard title="Revenue This Month" value={revenueLabel(data.revenue)} valueTestId="analytics-revenue">
        <p className="text-sm text-slate-600">{plural(data.revenue.activeSubscriptions, "paying subscription")}</p>
      </StatCard>
      <StatCard title="New This Week" value={data.newThisWeek.requests} valueTestId="analytics-week-requests">
        <p className="text-sm text-slate-600">
          requests · {plural(data.newThisWeek.clients, "client")} · {plural(data.newThisWeek.providers, "provider")}
        </p>
      </StatCard>
      <StatCard title="New This Month" value={data.newThisMonth.requests} valueTestId="analytics-month-requests">
        <p className="text-sm text-slate-600">
          requests · {plural(data.newThisMonth.clients, "client")} · {plural(data.newThisMonth.providers, "provider")}
        </p>
      </StatCard>
      <StatCard title="Growth (Requests)" value={growthLabel(data.growth.requests)} valueTestId="analytics-growth">
        <p className="text-sm text-slate-600">
          month over month · clients {growthLabel(data.growth.clients)} · providers {growthLabel(data.growth.providers)}
        </p>
      </StatCard>
    </div>
  );
}

function GrowthChart({ data }: { data: AdminAnalytics }) {
  const rows = data.series.map((b) => ({ ...b, label: bucketLabel(b.start, data.period) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          New clients, providers, requests and quotes
        </CardTitle>
        <CardDescription>
          {ANALYTICS_PERIOD_LABELS[data.period]}, per{" "}
          {data.period === "12m" ? "month" : data.period === "90d" ? "week" : "day"}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          role="img"
          aria-label="Line chart of new clients, providers, requests and quotes; the same figures are in the table below."
          className="h-64"
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fill: "#334155", fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fill: "#334155", fontSize: 12 }} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="requests" name="Requests" stroke="#7e22ce" strokeWidth={2} dot={false} />
              <Line type="monotone" dataKey="quotes" name="Quotes" stroke="#15803d" strokeWidth={2} dot={false} />
              <Line type="monotone" dataKey="clients" name="Clients" stroke="#1d4ed8" strokeWidth={2} dot={false} />
              <Line type="monotone" dataKey="providers" name="Providers" stroke="#b45309" strokeWidth={2} dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-slate-700">The figures as a table</summary>
          <table className="mt-2 w-full text-left text-sm" data-testid="analytics-series-table">
            <caption className="sr-only">New clients, providers, requests and quotes per period</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                {["From", "Clients", "Providers", "Requests", "Quotes"].map((h) => (
                  <th key={h} scope="col" className="py-1 pr-4 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.start} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {r.label}
                  </th>
                  <td className="py-1 pr-4 tabular-nums">{r.clients}</td>
                  <td className="py-1 pr-4 tabular-nums">{r.providers}</td>
                  <td className="py-1 pr-4 tabular-nums">{r.requests}</td>
                  <td className="py-1 pr-4 tabular-nums">{r.quotes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </CardContent>
    </Card>
  );
}

function PipelineChart({ data }: { data: AdminAnalytics }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Pipeline
        </CardTitle>
        <CardDescription>
          The leads delivered in the last 30 days: each counts in every stage it reached.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PipelineFunnel stages={data.pipeline} testId="pipeline-stages" />
      </CardContent>
    </Card>
  );
}

function DeclinesChart({ data }: { data: AdminAnalytics }) {
  const d = data.declines;
  const rows = d.byReason.map((r) => ({ reason: LEAD_DECLINE_REASON_LABELS[r.reason], count: r.count }));
  const summary = rows.map((r) => `${r.reason} ${r.count}`).join(", ");
  return (
    <Card data-testid="analytics-declines">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Declined leads
        </CardTitle>
        <CardDescription>
          Of the {plural(d.leads, "lead")} delivered in the period ({ANALYTICS_PERIOD_LABELS[data.period].toLowerCase()}
          ), providers declined <span data-testid="declines-total">{d.declined}</span> (
          <span data-testid="declines-percent">{d.percent}%</span>). Each request went on to the next best eligible
          provider, where one was left.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
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
            <table className="w-full text-left text-sm" data-testid="declines-top-providers">
              <caption className="sr-only">Providers who declined most leads in the period</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Provider
                  </th>
                  <th scope="col" className="py-1 pr-4 text-right font-medium">
                    Declined
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Of leads
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.topProviders.map((p) => (
                  <tr key={p.companyId} className="border-b border-slate-100">
                    <th scope="row" className="py-1 pr-4 font-normal text-slate-900">
                      {p.name}
                    </th>
                    <td className="py-1 pr-4 text-right tabular-nums">{p.declined}</td>
                    <td className="py-1 text-right tabular-nums">{p.leads}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
                    {new Date(r.declinedAt).toLocaleDateString("en-US", { month: "short", day: "numeric" })}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
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
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PanelHeading id="analytics-heading" title="Analytics">
          Computed from the marketplace's data; months in UTC.
        </PanelHeading>
        <Field label="Period" className="flex items-center gap-2 space-y-0" labelClassName="text-slate-700">
          {(control) => (
            <select
              {...control}
              value={period}
              onChange={(e) => setParam(e.target.value)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {ANALYTICS_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {ANALYTICS_PERIOD_LABELS[p]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {analytics.isLoading ? (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      ) : null}
      {analytics.isError ? <ErrorAlert error={analytics.error} what="The analytics" /> : null}
      {analytics.data ? (
        <>
          <Figures data={analytics.data} />
          <GrowthChart data={analytics.data} />
          <PipelineChart data={analytics.data} />
          <DeclinesChart data={analytics.data} />
        </>
      ) : null}
    </section>
  );
}
