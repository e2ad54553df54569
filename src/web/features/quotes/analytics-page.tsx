// /analytics: the provider's own pipeline and win rate over time (decision 072). Each chart has its
// figures in text beside it (the stat cards, the table), so nothing is only in a picture.
import { useQuery } from "@tanstack/react-query";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES } from "@/shared/pipeline";
import type { ProviderAnalytics } from "@/shared/quotes";
import { ErrorAlert } from "@/web/components/list-states";
import { PipelineFunnel } from "@/web/components/pipeline-funnel";
import { SectionPage } from "@/web/components/section-page";
import { StatCard } from "@/web/components/stat-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { providerAnalyticsQueryOptions } from "./api";

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

function StatCards({ data }: { data: ProviderAnalytics }) {
  const cards = [
    ...PIPELINE_STAGES.map((s) => ({ title: PIPELINE_STAGE_LABELS[s].label, value: data.stages[s] })),
    { title: "Win Rate", value: `${data.winRate}%` },
  ];
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
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
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Pipeline
        </CardTitle>
        <CardDescription>
          Every lead you received, and how far it went: a lead counts in each stage it reached.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PipelineFunnel stages={data.stages} testId="pipeline-chart" />
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
