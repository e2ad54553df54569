// /my-quotes: the quotes the provider has sent, with their status, and a way back to each lead.
import { useQuery } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { Link } from "react-router";
import { leadPath, PATHS } from "@/shared/paths";
import { DECLINE_REASON_LABELS, formatUsd } from "@/shared/quotes";
import { SectionPage } from "@/web/components/section-page";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { formatDate } from "@/web/lib/format";
import { myQuotesQueryOptions } from "./api";
import { QuoteStatusBadge } from "./quote-status-badge";

export function MyQuotesPage() {
  const { data, isLoading, error } = useQuery(myQuotesQueryOptions());
  if (isLoading) return <LoadingScreen />;
  const quotes = data ?? [];
  return (
    <SectionPage title="My Quotes" intro="The quotes you have sent, and what the clients decided.">
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      ) : null}
      {quotes.length === 0 && !error ? (
        <Card data-testid="my-quotes-empty">
          <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
            <Send className="h-8 w-8 text-slate-400" aria-hidden="true" />
            <p className="font-medium text-slate-900">No quotes yet</p>
            <p className="max-w-md text-sm text-slate-600">
              Open a lead from your dashboard and send a quote: it appears here with the client's decision.
            </p>
            <Button asChild size="sm" className="mt-2">
              <Link to={PATHS.providerDashboard}>View Available Leads</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="space-y-3">
          {quotes.map((q) => (
            <li key={q.id}>
              <Card data-testid="my-quote-row">
                <CardContent className="flex flex-wrap items-center justify-between gap-4 p-5">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-3">
                      <h2 className="font-semibold text-slate-900">{q.title}</h2>
                      <QuoteStatusBadge status={q.status} />
                    </div>
                    <p className="text-sm text-slate-700">
                      <span className="font-semibold">{formatUsd(q.amountCents)}</span>
                      {q.totalFirstYearCents !== q.amountCents
                        ? ` · ${formatUsd(q.totalFirstYearCents)} first year`
                        : ""}{" "}
                      · {q.timeline} · Sent {formatDate(q.createdAt)}
                    </p>
                    {q.status === "declined" && q.declineReason ? (
                      <p className="text-sm text-slate-600">{DECLINE_REASON_LABELS[q.declineReason]}</p>
                    ) : null}
                  </div>
                  <Button asChild variant="outline" size="sm">
                    <Link to={leadPath(q.leadId)} aria-label={`View Lead #${q.leadId}: ${q.title}`}>
                      View Lead
                    </Link>
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </SectionPage>
  );
}
