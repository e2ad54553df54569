import { StatCard } from "@/web/components/stat-card";
import { plural } from "./money";

type NewCounts = { requests: number; clients: number; providers: number };

/** A "New This ..." card: the period's new requests, with its new clients and providers below them. */
export function NewCountsCard({ title, counts, testId }: { title: string; counts: NewCounts; testId: string }) {
  return (
    <StatCard
      title={title}
      value={counts.requests}
      valueTestId={testId}
      note={`requests · ${plural(counts.clients, "client")} · ${plural(counts.providers, "provider")}`}
    />
  );
}
