// On the lead's page: the provider's quote (its status, edit, withdraw) or the form to send one.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { LeadDetail } from "@/shared/leads";
import { DECLINE_REASON_LABELS, type Quote } from "@/shared/quotes";
import { ErrorAlert, LoadingNote } from "@/web/components/list-states";
import { ConfirmDialog } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { formatDate } from "@/web/lib/format";
import { leadQuoteQueryOptions, useLeadQuoteMutations } from "./api";
import { QuoteBreakdown } from "./quote-breakdown";
import { QuoteFiles } from "./quote-files";
import { QuoteForm, quoteToInput } from "./quote-form";
import { QuoteStatusBadge } from "./quote-status-badge";

const showError = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err), variant: "destructive" });

type Mutations = ReturnType<typeof useLeadQuoteMutations>;

/** The mutations come from the panel, which outlives this view: a withdrawn quote's view is gone at once. */
function SentQuote({ quote, mutations, requestOpen }: { quote: Quote; mutations: Mutations; requestOpen: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { update, withdraw } = mutations;
  const changeable = requestOpen && quote.status === "submitted";

  if (editing) {
    return (
      <QuoteForm
        defaultValues={quoteToInput(quote)}
        files={quote.files}
        isPending={update.isPending}
        submitLabel="Save Quote"
        pendingLabel="Saving..."
        onCancel={() => setEditing(false)}
        onSubmit={(body, onSent) =>
          update.mutate(
            { id: quote.id, body },
            {
              onSuccess: () => {
                onSent();
                setEditing(false);
                toast({ title: "Quote Updated", description: "The client sees your new quote." });
              },
              onError: showError("Quote Not Saved"),
            },
          )
        }
      />
    );
  }
  return (
    <div className="space-y-4" data-testid="sent-quote">
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <QuoteStatusBadge status={quote.status} />
        <span>
          Sent {formatDate(quote.createdAt)}
          {quote.updatedAt !== quote.createdAt && quote.status === "submitted"
            ? `, edited ${formatDate(quote.updatedAt)}`
            : ""}
        </span>
      </div>
      {quote.status === "accepted" ? (
        <p className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-900" data-testid="quote-outcome">
          You won this project: the client accepted your quote. Their contact details are below.
        </p>
      ) : null}
      {quote.status === "declined" ? (
        <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-800" data-testid="quote-outcome">
          {quote.declineReason ? DECLINE_REASON_LABELS[quote.declineReason] : "The client declined this quote."}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <QuoteBreakdown quote={quote} />
        <dl className="space-y-1 text-sm">
          <dt className="text-slate-600">Timeline</dt>
          <dd className="font-medium text-slate-900">{quote.timeline}</dd>
        </dl>
      </div>
      <div>
        <p className="text-sm text-slate-600">Message</p>
        <p className="whitespace-pre-line text-sm text-slate-900">{quote.message}</p>
      </div>
      <QuoteFiles files={quote.files} />
      {changeable ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => setEditing(true)}>
            Edit Quote
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={<Button variant="outline">Withdraw Quote</Button>}
            title="Withdraw this quote?"
            description="The client will no longer see it and the client's contact details are hidden again. You may send a new quote while the request is open."
            confirmLabel="Yes, withdraw"
            cancelLabel="Keep quote"
            pending={withdraw.isPending}
            pendingLabel="Withdrawing..."
            onConfirm={() =>
              withdraw.mutate(quote.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toast({ title: "Quote Withdrawn", description: "The client no longer sees this quote." });
                },
                onError: (err) => {
                  setConfirming(false);
                  showError("Quote Not Withdrawn")(err);
                },
              })
            }
          />
        </div>
      ) : null}
    </div>
  );
}

export function LeadQuotePanel({ lead }: { lead: LeadDetail }) {
  const { data, isLoading, error } = useQuery(leadQuoteQueryOptions(lead.id));
  const mutations = useLeadQuoteMutations(lead.id);
  const { send } = mutations;
  const requestOpen = lead.request.status === "open" || lead.request.status === "matched";
  const quote = data?.quote ?? null;
  return (
    <section aria-labelledby="your-quote-heading">
      <Card className="border-green-200">
        <CardHeader className="pb-3">
          <CardTitle as="h2" id="your-quote-heading" className="text-base">
            {quote ? "Your quote" : "Send a quote"}
          </CardTitle>
          {!quote && data?.canQuote ? (
            <CardDescription>
              The client compares quotes side by side. Sending one shows you the client's contact details.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {isLoading ? <LoadingNote small /> : null}
          {error ? <ErrorAlert error={error} small /> : null}
          {quote ? <SentQuote quote={quote} mutations={mutations} requestOpen={requestOpen} /> : null}
          {data && !quote && data.canQuote && requestOpen ? (
            <QuoteForm
              isPending={send.isPending}
              submitLabel="Send Quote"
              pendingLabel="Sending..."
              onSubmit={(body, onSent) =>
                send.mutate(body, {
                  onSuccess: () => {
                    onSent();
                    toast({
                      title: "Quote Sent",
                      description: "The client has been told. Their contact details are now shown.",
                    });
                  },
                  onError: showError("Quote Not Sent"),
                })
              }
            />
          ) : null}
          {data && !quote && (!data.canQuote || !requestOpen) ? (
            <p className="text-sm text-slate-700" data-testid="quote-closed">
              This request no longer takes quotes.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
