// /analytics: the provider's own pipeline and win rate over time (decision 072). Each chart has its
// figures in text beside it (the stat cards, the table), so nothing is only in a picture.
import { useQuery } from "@tanstack/react-query";
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES } from "@/shared/pipeline";
import type { ProviderAnalytics } from "@/shared/quotes";
import { FiguresCard, FiguresTable, LineFigure, PipelineCard } from "@/web/components/figures";
import { ErrorAlert } from "@/web/components/list-states";
import { SectionPage } from "@/web/components/section-page";
import { StatCard } from "@/web/components/stat-card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { formatMonth } from "@/web/lib/format";
import { providerAnalyticsQueryOptions } from "./api";

const monthLabel = (month: string) => formatMonth(`${month}-01T00:00:00Z`);

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

function WinRateChart({ data }: { data: ProviderAnalytics }) {
  const rows = data.months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <FiguresCard
      title="Win rate over time"
      description="Accepted quotes over quotes sent, by the month each quote was sent. Withdrawn quotes do not count."
      contentClassName="space-y-4"
    >
      <LineFigure
        label="Win rate line chart by month; the same figures are in the table below."
        testId="win-rate-chart"
        rows={rows}
        percent
        lines={[{ key: "winRate", name: "Win rate (%)", color: "#15803d" }]}
      />
      <div className="overflow-x-auto">
        <FiguresTable
          testId="win-rate-table"
          caption="Quotes sent, accepted and win rate by month"
          rows={rows}
          rowKey={(m) => m.month}
          columns={[
            { header: "Month", cell: (m) => m.label },
            { header: "Sent", cell: (m) => m.sent, right: true },
            { header: "Accepted", cell: (m) => m.accepted, right: true },
            { header: "Win rate", cell: (m) => (m.winRate === null ? "–" : `${m.winRate}%`), right: true },
          ]}
        />
      </div>
    </FiguresCard>
  );
}

/** Leads by how they came (decision 172): invited by clients from the profile, or matched. */
function SourcesCard({ data }: { data: ProviderAnalytics }) {
  const rows = [
    { source: "Invited by clients from your profile", ...data.bySource.invited },
    { source: "Matched by Automatch", ...data.bySource.matched },
  ];
  return (
    <FiguresCard
      title="Where your leads came from"
      description="A client who finds you in the directory can ask you directly; the rest come from matching."
    >
      <FiguresTable
        testId="lead-sources-table"
        caption="Leads and hires by where the lead came from"
        rows={rows}
        rowKey={(r) => r.source}
        columns={[
          { header: "Source", cell: (r) => r.source },
          { header: "Leads", cell: (r) => r.leads, right: true },
          { header: "Hires", cell: (r) => r.won, right: true },
        ]}
      />
    </FiguresCard>
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
            <PipelineCard
              stages={data.stages}
              description="Every lead you received, and how far it went: a lead counts in each stage it reached."
              testId="pipeline-chart"
            />
            <WinRateChart data={data} />
          </div>
          <SourcesCard data={data} />
        </>
      )}
    </SectionPage>
  );
}
