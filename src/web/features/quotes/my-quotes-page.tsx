// /my-quotes: the quotes the provider has sent, a page at a time, with their status and a way back to each lead.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { Link } from "react-router";
import { EXPORT_PATHS } from "@/shared/exports";
import { leadPath, PATHS } from "@/shared/paths";
import { DECLINE_REASON_LABELS, formatUsd } from "@/shared/quotes";
import { DownloadCsvLink } from "@/web/components/download-csv-link";
import { ListRow } from "@/web/components/list-row";
import { EmptyState, ErrorAlert } from "@/web/components/list-states";
import { LoadMore } from "@/web/components/load-more";
import { SectionPage } from "@/web/components/section-page";
import { Button } from "@/web/components/ui/button";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { formatDate } from "@/web/lib/format";
import { myQuotesQueryOptions } from "./api";
import { QuoteStatusBadge } from "./quote-status-badge";

export function MyQuotesPage() {
  const list = useInfiniteQuery(myQuotesQueryOptions());
  const { isLoading, error } = list;
  if (isLoading) return <LoadingScreen />;
  const quotes = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SectionPage title="My Quotes" intro="The quotes you have sent, and what the clients decided.">
      {error ? <ErrorAlert error={error} small /> : null}
      {quotes.length > 0 ? (
        // Every quote, not only the pages shown.
        <div className="flex justify-end">
          <DownloadCsvLink href={EXPORT_PATHS.quotes} what="your quotes" />
        </div>
      ) : null}
      {quotes.length === 0 && !error ? (
        <EmptyState
          icon={Send}
          title="No quotes yet"
          testId="my-quotes-empty"
          action={
            <Button asChild size="sm" className="mt-2">
              <Link to={PATHS.providerDashboard}>View Available Leads</Link>
            </Button>
          }
        >
          Open a lead from your dashboard and send a quote: it appears here with the client's decision.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {quotes.map((q) => (
            <li key={q.id}>
              <ListRow
                heading={q.title}
                headingAs="h2"
                badge={<QuoteStatusBadge status={q.status} />}
                to={leadPath(q.leadId)}
                linkText="View Lead"
                linkLabel={`View Lead #${q.leadId}: ${q.title}`}
                testId="my-quote-row"
              >
                <p className="text-sm text-slate-700">
                  <span className="font-semibold">{formatUsd(q.amountCents)}</span>
                  {q.totalFirstYearCents !== q.amountCents ? ` · ${formatUsd(q.totalFirstYearCents)} first year` : ""} ·{" "}
                  {q.timeline} · Sent {formatDate(q.createdAt)}
                </p>
                {q.status === "declined" && q.declineReason ? (
                  <p className="text-sm text-slate-600">{DECLINE_REASON_LABELS[q.declineReason]}</p>
                ) : null}
              </ListRow>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </SectionPage>
  );
}
