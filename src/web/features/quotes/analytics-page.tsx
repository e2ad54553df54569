// /analytics: the provider's own pipeline and win rate over time (decision 072). Each chart has its
// figures in text beside it (the stat cards, the table), so nothing is only in a picture.
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ProviderAnalytics } from "@/shared/quotes";
import { ErrorAlert } from "@/web/components/list-states";
import { SectionPage } from "@/web/components/section-page";
import { StatCard } from "@/web/components/stat-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { providerAnalyticsQueryOptions } from "./api";

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** The pipeline's stages in order, as the stat cards and the bar chart name them. */
const STAGES = [
  { label: "Leads", key: "leads" },
  { label: "Viewed", key: "viewed" },
  { label: "Quoted", key: "quoted" },
  { label: "Won", key: "won" },
  { label: "Lost", key: "lost" },
] as const satisfies readonly { label: string; key: keyof ProviderAnalytics["pipeline"] }[];

function StatCards({ data }: { data: ProviderAnalytics }) {
  const cards = [
    ...STAGES.map((s) => ({ title: s.label, value: data.pipeline[s.key] })),
    { title: "Win Rate", value: `${data.winRate}%` },
  ];
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {cards.map((c) => (
        <StatCard
          key={c.title}
          title={c.title}
          value={c.value}
          testId="analytics-stat"
          headerClassName="pb-1"
          valueClassName="tabular-nums"
        />
      ))}
    </div>
  );
}

function PipelineChart({ data }: { data: ProviderAnalytics }) {
  const rows = STAGES.map((s) => ({ stage: s.label, count: data.pipeline[s.key] }));
  const summary = rows.map((r) => `${r.stage} ${r.count}`).join(", ");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Pipeline
        </CardTitle>
        <CardDescription>Every lead you received, and how far it went.</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="img" aria-label={`Pipeline bar chart: ${summary}.`} className="h-64" data-testid="pipeline-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="stage" tick={{ fill: "#334155", fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fill: "#334155", fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="count" name="Count" fill="#15803d" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}

function WinRateChart({ data }: { data: ProviderAnalytics }) {
  const rows = data.months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Win rate over time
        </CardTitle>
        <CardDescription>
          Accepted quotes over quotes sent, by the month each quote was sent. Withdrawn quotes do not count.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          role="img"
          aria-label="Win rate line chart by month; the same figures are in the table below."
          className="h-64"
          data-testid="win-rate-chart"
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fill: "#334155", fontSize: 12 }} />
              <YAxis domain={[0, 100]} unit="%" tick={{ fill: "#334155", fontSize: 12 }} />
              <Tooltip />
              <Line
                type="monotone"
                dataKey="winRate"
                name="Win rate (%)"
                stroke="#15803d"
                strokeWidth={2}
                connectNulls
                dot={{ r: 4 }}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="win-rate-table">
            <caption className="sr-only">Quotes sent, accepted and win rate by month</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Month
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Sent
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Accepted
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Win rate
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.month} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-4 font-normal text-slate-900">
                    {m.label}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{m.sent}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{m.accepted}</td>
                  <td className="py-2 text-right tabular-nums">{m.winRate === null ? "–" : `${m.winRate}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

export function AnalyticsPage() {
  const { data, isLoading, error } = useQuery(providerAnalyticsQueryOptions());
  if (isLoading) return <LoadingScreen />;
  return (
    <SectionPage
      title="Analytics"
      intro={`Your pipeline and win rate. Win rate = accepted quotes / quotes sent${data ? ` (${data.quotesAccepted} of ${data.quotesSent})` : ""}.`}
    >
      {error || !data ? (
        <ErrorAlert error={error} fallback="Your analytics cannot be shown now." small />
      ) : (
        <>
          <StatCards data={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <PipelineChart data={data} />
            <WinRateChart data={data} />
          </div>
        </>
      )}
    </SectionPage>
  );
}
