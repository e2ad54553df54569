// On /quote-request/{id}: the quotes side by side (DESIGN.md "Clients"), with accept and decline, and
// beside each the conversation with its provider (features/conversations, put in by the route in
// src/web/app with the request's threads).
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Inbox, MessageSquare } from "lucide-react";
import { type ReactNode, useState } from "react";
import { COMPANY_SIZE_LABELS } from "@/shared/companies";
import type { RequestThread } from "@/shared/conversations";
import type { QuoteRequestDetail } from "@/shared/quote-requests";
import { type ClientQuote, DECLINE_REASON_LABELS, formatUsd } from "@/shared/quotes";
import { ConfirmDialog } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/cn";
import { formatDate } from "@/web/lib/format";
import { requestQuotesQueryOptions, useDecideQuote } from "./api";
import { ProviderTrackRecord } from "./provider-track-record";
import { QuoteBreakdown } from "./quote-breakdown";
import { QuoteFiles } from "./quote-files";
import { QuoteStatusBadge } from "./quote-status-badge";

function Decide({ quote, requestId }: { quote: ClientQuote; requestId: number }) {
  const [open, setOpen] = useState<"accept" | "decline" | null>(null);
  const name = quote.provider.name;
  const done = (title: string, description: string) => () => {
    setOpen(null);
    toast({ title, description });
  };
  const failed = (title: string) => (err: unknown) => {
    setOpen(null);
    toast({ title, description: errorMessage(err), variant: "destructive" });
  };
  const accept = useDecideQuote(requestId, "accept", {
    onSuccess: done("Quote Accepted", `${name} has been told and will contact you.`),
    onError: failed("Quote Not Accepted"),
  });
  const decline = useDecideQuote(requestId, "decline", {
    onSuccess: done("Quote Declined", `${name} has been told.`),
    onError: failed("Quote Not Declined"),
  });
  return (
    <div className="flex flex-wrap gap-3">
      <ConfirmDialog
        open={open === "accept"}
        onOpenChange={(o) => setOpen(o ? "accept" : null)}
        trigger={<Button aria-label={`Accept the quote from ${name}`}>Accept</Button>}
        title={`Hire ${name}?`}
        description={`You accept their quote of ${formatUsd(quote.amountCents)} (${formatUsd(quote.totalFirstYearCents)} in the first year). The other quotes are declined and the request closes.`}
        confirmLabel="Yes, accept quote"
        cancelLabel="Not yet"
        confirmVariant="default"
        pending={accept.isPending}
        pendingLabel="Accepting..."
        onConfirm={() => accept.mutate(quote.id)}
      />
      <ConfirmDialog
        open={open === "decline"}
        onOpenChange={(o) => setOpen(o ? "decline" : null)}
        trigger={
          <Button variant="outline" aria-label={`Decline the quote from ${name}`}>
            Decline
          </Button>
        }
        title={`Decline ${name}'s quote?`}
        description="The provider is told. The other quotes stay open."
        confirmLabel="Yes, decline"
        cancelLabel="Keep it"
        pending={decline.isPending}
        pendingLabel="Declining..."
        onConfirm={() => decline.mutate(quote.id)}
      />
    </div>
  );
}

function QuoteCard({
  quote,
  request,
  conversation,
}: {
  quote: ClientQuote;
  request: QuoteRequestDetail;
  conversation: ReactNode;
}) {
  const accepted = quote.status === "accepted";
  const canDecide = quote.status === "submitted" && (request.status === "open" || request.status === "matched");
  return (
    <li className="list-none">
      <Card
        role="article"
        aria-label={quote.provider.name}
        data-testid="quote-card"
        className={cn("flex h-full flex-col", accepted && "border-green-600 ring-2 ring-green-600")}
      >
        <CardHeader className="space-y-2 pb-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle as="h3" className="text-base">
              {quote.provider.name}
            </CardTitle>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <p className="text-sm text-slate-600">
            {COMPANY_SIZE_LABELS[quote.provider.size]} · {quote.provider.location}
          </p>
          <p className="text-sm">
            <span className="rounded-full bg-green-100 px-2.5 py-0.5 font-semibold text-green-800">
              Match Score {quote.matchScore}%
            </span>
          </p>
          <ul className="flex flex-wrap gap-1" aria-label="Specialties">
            {quote.provider.specialties.map((s) => (
              <li key={s} className="rounded-md border border-slate-300 px-2 py-0.5 text-xs text-slate-700">
                {s}
              </li>
            ))}
          </ul>
          <ProviderTrackRecord provider={quote.provider} />
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-4">
          {accepted ? (
            <p className="flex items-center gap-2 text-sm font-medium text-green-800" data-testid="quote-hired">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              You hired this provider.
            </p>
          ) : null}
          {quote.status === "declined" && quote.declineReason && quote.declineReason !== "other-accepted" ? (
            <p className="text-sm text-slate-700">{DECLINE_REASON_LABELS[quote.declineReason]}</p>
          ) : null}
          <QuoteBreakdown quote={quote} />
          <dl className="text-sm">
            <dt className="text-slate-600">Timeline</dt>
            <dd className="font-medium text-slate-900">{quote.timeline}</dd>
          </dl>
          <div className="text-sm">
            <p className="text-slate-600">Message</p>
            <p className="whitespace-pre-line text-slate-900">{quote.message}</p>
          </div>
          <QuoteFiles files={quote.files} label={`Proposal and documents from ${quote.provider.name}`} />
          <p className="text-xs text-slate-600">Received {formatDate(quote.createdAt)}</p>
          {canDecide ? (
            <div className="mt-auto">
              <Decide quote={quote} requestId={request.id} />
            </div>
          ) : null}
          {conversation}
        </CardContent>
      </Card>
    </li>
  );
}

/** What the route gives the quotes: the request's conversations, one per matched provider, and how one shows. */
export type RequestConversations = {
  threads: readonly RequestThread[] | undefined;
  error: unknown;
  panel: (thread: RequestThread) => ReactNode;
};

export function RequestQuotes({
  request,
  conversations,
}: {
  request: QuoteRequestDetail;
  conversations: RequestConversations;
}) {
  const { data, isLoading, error } = useQuery(requestQuotesQueryOptions(request.id));
  const quotes = data ?? [];
  // One conversation per matched provider, beside its quote; those who have not quoted are listed after.
  const threads = conversations.threads ?? [];
  const threadOf = new Map(threads.map((t) => [t.leadId, t]));
  const conversationOf = (thread: RequestThread | undefined) => (thread ? conversations.panel(thread) : null);
  const quoted = new Set(quotes.map((q) => q.leadId));
  const unquoted = isLoading ? [] : threads.filter((t) => !quoted.has(t.leadId));
  return (
    <section aria-labelledby="quotes-heading" className="space-y-3">
      <h2 id="quotes-heading" className="text-lg font-semibold text-slate-900">
        Quotes{quotes.length ? ` (${quotes.length})` : ""}
      </h2>
      {isLoading ? (
        <p role="status" className="text-sm text-slate-600">
          Loading quotes...
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          The quotes could not be loaded: {errorMessage(error)}
        </p>
      ) : null}
      {!isLoading && !error && quotes.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-8 text-center" data-testid="quotes-empty">
            <Inbox className="h-8 w-8 text-slate-400" aria-hidden="true" />
            <p className="font-medium text-slate-900">No quotes yet</p>
            <p className="max-w-md text-sm text-slate-600">
              {request.status === "open" || request.status === "matched"
                ? "Matched providers send their quotes within 2-3 business days. They will appear here side by side."
                : "No provider quoted on this request."}
            </p>
          </CardContent>
        </Card>
      ) : null}
      {quotes.length > 0 ? (
        <ul className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="quotes-grid">
          {quotes.map((q) => (
            <QuoteCard key={q.id} quote={q} request={request} conversation={conversationOf(threadOf.get(q.leadId))} />
          ))}
        </ul>
      ) : null}
      {conversations.error ? (
        <p role="alert" className="text-sm text-red-700">
          The conversations could not be loaded: {errorMessage(conversations.error)}
        </p>
      ) : null}
      {unquoted.length > 0 ? (
        <section aria-labelledby="unquoted-heading" className="space-y-3 pt-2">
          <h3 id="unquoted-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <MessageSquare className="h-4 w-4 text-slate-500" aria-hidden="true" />
            Matched providers who have not quoted yet
          </h3>
          <ul className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="unquoted-providers">
            {unquoted.map((t) => (
              <li key={t.leadId} className="list-none">
                <Card role="article" aria-label={t.companyName} data-testid="unquoted-provider">
                  <CardHeader className="pb-3">
                    <CardTitle as="h4" className="text-base">
                      {t.companyName}
                    </CardTitle>
                    <p className="text-sm text-slate-600">No quote yet</p>
                  </CardHeader>
                  <CardContent>{conversations.panel(t)}</CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
