// Turning a lead down (decision 132): the button and its dialog on the lead's page (a reason, an
// optional note), and what the page shows once the lead is declined. The request then goes to the
// next best provider; the client is not told who declined.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import {
  declineLeadSchema,
  LEAD_DECLINE_NOTE_MAX,
  LEAD_DECLINE_REASON_LABELS,
  LEAD_DECLINE_REASONS,
  type LeadDeclineReason,
  type LeadDetail,
} from "@/shared/leads";
import { ReasonDialog } from "@/web/components/reason-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, requestJson } from "@/web/lib/api";
import { formatDateTime } from "@/web/lib/format";
import { queryKeys } from "@/web/lib/query-keys";

/** Only a lead the provider has not quoted, on a request still open, can be turned down. */
export const canDecline = (lead: LeadDetail) =>
  (lead.status === "new" || lead.status === "viewed") &&
  (lead.request.status === "open" || lead.request.status === "matched");

function useDeclineLead(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: LeadDeclineReason; note?: string }) =>
      requestJson<LeadDetail>("POST", `/api/leads/${leadId}/decline`, body),
    // The page shows the declined lead at once (the button and its dialog go with it, so the outcome is
    // told from here, not from the dialog); the lists, counts and quote panel are read again.
    onSuccess: (lead) => {
      queryClient.setQueryData(queryKeys.leads.one(leadId), lead);
      toast({ title: "Lead declined", description: "We'll offer the request to another provider." });
    },
    onError: (err) => toast({ title: "Lead not declined", description: errorMessage(err), variant: "destructive" }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.leads.mine() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quotes.ofLead(leadId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.analytics.mine() }),
      ]),
  });
}

export function DeclineLeadButton({ lead }: { lead: LeadDetail }) {
  const decline = useDeclineLead(lead.id);
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline">
          <Ban className="h-4 w-4" aria-hidden="true" />
          Decline lead
        </Button>
      }
      title="Decline this lead?"
      description="We'll offer the request to another provider. The client is not told who declined. Turning down many requests of one industry lowers your match score for that industry."
      choices={{ legend: "Why are you declining?", values: LEAD_DECLINE_REASONS, labels: LEAD_DECLINE_REASON_LABELS }}
      label="Note"
      required={false}
      hint="Only you and the marketplace's admins see it."
      maxLength={LEAD_DECLINE_NOTE_MAX}
      confirmLabel="Decline"
      pendingLabel="Declining..."
      pending={decline.isPending}
      destructive
      onConfirm={({ reason, text }, { close, fail }) => {
        const parsed = declineLeadSchema.safeParse({ reason: reason ?? undefined, note: text || undefined });
        if (!parsed.success) return fail(reason ? "text" : "reason", parsed.error.issues[0]?.message ?? "");
        decline.mutate(parsed.data, { onSuccess: close });
      }}
    />
  );
}

/** In place of the quote panel once the lead is declined: read-only. */
export function DeclinedLeadNotice({ lead }: { lead: LeadDetail }) {
  return (
    <Card className="border-amber-300 bg-amber-50" data-testid="lead-declined">
      <CardContent className="space-y-1 p-5 text-sm text-slate-800">
        <p className="font-medium text-slate-900">
          You declined this lead{lead.declinedAt ? ` on ${formatDateTime(lead.declinedAt)}` : ""}
          {lead.declineReason ? `: ${LEAD_DECLINE_REASON_LABELS[lead.declineReason]}` : ""}.
        </p>
        {lead.declineNote ? <p className="whitespace-pre-line text-slate-700">Your note: {lead.declineNote}</p> : null}
        <p>The request was offered to another provider. You can still read it here.</p>
      </CardContent>
    </Card>
  );
}
