// /quote-request/{id}: the whole request as the client entered it, its status and match promise,
// the ROI estimate, the quotes side by side (features/quotes, put in by the route in src/web/app),
// its files (issue 33), and the way to withdraw it.
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, CheckCircle2, UserCheck, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { MATCH_HOURS, MATCH_HOURS_COMPLEX } from "@/shared/match-promise";
import { PATHS, providerPath } from "@/shared/paths";
import { canCancel } from "@/shared/quote-request-status";
import type { QuoteRequestDetail } from "@/shared/quote-requests";
import { BackLink } from "@/web/components/back-link";
import { RequestSections } from "@/web/components/quote-request/request-sections";
import { RoiEstimate } from "@/web/components/quote-request/roi-estimate";
import { ConfirmDialog } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { toast } from "@/web/components/ui/use-toast";
import { ApiError, errorMessage } from "@/web/lib/api";
import { useAuth } from "@/web/lib/auth";
import { formatDate, formatDateTime } from "@/web/lib/format";
import { usePageMeta } from "@/web/lib/page-meta";
import { quoteRequestQueryOptions, useCancelQuoteRequest } from "./api";
import { RequestFiles } from "./request-files";
import { StatusBadge } from "./status-badge";

function MatchPromise({ request }: { request: QuoteRequestDetail }) {
  if (request.status === "open") {
    return (
      <div className="flex items-start gap-3" data-testid="match-promise">
        <CalendarClock className="mt-0.5 h-5 w-5 text-blue-700" aria-hidden="true" />
        <div>
          <p className="font-medium text-slate-900">Matching due by {formatDateTime(request.matchDueAt)}</p>
          <p className="text-sm text-slate-600">
            We match requests within {MATCH_HOURS} hours
            {request.isComplex
              ? `; this is a complex project, so we allow up to ${MATCH_HOURS_COMPLEX} hours.`
              : ` (${MATCH_HOURS_COMPLEX} for complex projects).`}
          </p>
        </div>
      </div>
    );
  }
  if (request.status === "matched") {
    return (
      <div className="flex items-start gap-3" data-testid="match-promise">
        <CheckCircle2 className="mt-0.5 h-5 w-5 text-green-700" aria-hidden="true" />
        <p className="font-medium text-slate-900">
          Matched with vetted providers. Expect their quotes within 2-3 business days.
        </p>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3" data-testid="match-promise">
      <XCircle className="mt-0.5 h-5 w-5 text-slate-600" aria-hidden="true" />
      <p className="font-medium text-slate-900">
        {request.status === "cancelled" ? "You cancelled this request." : "This request is closed."}
      </p>
    </div>
  );
}

/** The provider the client invited from its profile, and how that went (decision 172). */
function InviteLine({ invite }: { invite: NonNullable<QuoteRequestDetail["invite"]> }) {
  const company = (
    <Link to={providerPath(invite.slug)} className="font-medium text-blue-700 hover:underline">
      {invite.companyName}
    </Link>
  );
  return (
    <div className="flex items-start gap-3 border-t border-slate-200 pt-4" data-testid="invite-line">
      <UserCheck className="mt-0.5 h-5 w-5 text-blue-700" aria-hidden="true" />
      <p className="text-sm text-slate-800">
        {invite.status === "pending" ? (
          <>Sent to {company} first, as you asked. We are matching your request.</>
        ) : invite.status === "delivered" ? (
          <>{company} received your request first, as you asked.</>
        ) : (
          <>{company} cannot take this request now, so we sent it to other matched providers.</>
        )}
      </p>
    </div>
  );
}

function CancelRequest({ request }: { request: QuoteRequestDetail }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelQuoteRequest(request.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="outline">Cancel Request</Button>}
      title="Cancel this request?"
      description={`"${request.title}" will be withdrawn: providers stop working on it and it cannot be reopened.`}
      confirmLabel="Yes, cancel request"
      cancelLabel="Keep request"
      pending={cancel.isPending}
      pendingLabel="Cancelling..."
      onConfirm={() =>
        cancel.mutate(undefined, {
          onSuccess: () => {
            setOpen(false);
            toast({ title: "Request Cancelled", description: "Your request has been withdrawn." });
          },
          onError: (err) => {
            setOpen(false);
            toast({ title: "Cancellation Failed", description: errorMessage(err), variant: "destructive" });
          },
        })
      }
    />
  );
}

/** What the route adds for the request's owner: the quotes, side by side. */
export type RequestQuotesSlot = (request: QuoteRequestDetail) => ReactNode;

function RequestDetail({
  request,
  isOwner,
  quotes,
}: {
  request: QuoteRequestDetail;
  isOwner: boolean;
  quotes: RequestQuotesSlot;
}) {
  usePageMeta(request.title, "Your automation quote request, its status and its quotes.");
  const r = request.requirements;
  return (
    <div className="space-y-6">
      {isOwner ? (
        <BackLink to={PATHS.dashboard} tone="client">
          My Requests
        </BackLink>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-slate-900">{request.title}</h1>
            <StatusBadge status={request.status} />
          </div>
          <p className="text-sm text-slate-600">
            Submitted {formatDate(request.createdAt)}
            {request.client ? ` by ${request.client.firstName} ${request.client.lastName}` : ""}
          </p>
        </div>
        {isOwner && canCancel(request.status) ? <CancelRequest request={request} /> : null}
      </div>

      <Card>
        <CardContent className="space-y-4 p-6">
          <MatchPromise request={request} />
          {request.invite ? <InviteLine invite={request.invite} /> : null}
        </CardContent>
      </Card>

      {/* The quotes first: once they arrive they are what the client comes back for. */}
      {isOwner ? quotes(request) : null}

      <RoiEstimate
        frequency={r.frequency}
        volume={r.volume}
        timePerTask={r.timePerTask}
        emptyHint="No estimate: this request gives no volume or time per task."
      />

      <RequestFiles request={request} isOwner={isOwner} />

      <RequestSections request={request} />
    </div>
  );
}

export function QuoteRequestDetailPage({ quotes }: { quotes: RequestQuotesSlot }) {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const { user } = useAuth();
  const { data, isLoading, error } = useQuery({ ...quoteRequestQueryOptions(id), enabled: validId });

  if (validId && isLoading) return <LoadingScreen />;
  if (!validId || (error instanceof ApiError && (error.status === 404 || error.status === 400)) || (!error && !data)) {
    return <RequestNotFound />;
  }
  if (error || !data) {
    return (
      <p role="alert" className="text-red-700">
        The request could not be loaded: {errorMessage(error)}
      </p>
    );
  }
  return <RequestDetail request={data} isOwner={user?.userType === "client"} quotes={quotes} />;
}

function RequestNotFound() {
  usePageMeta("Request not found", "This quote request does not exist or is not yours.");
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle as="h1">Request not found</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-slate-600">This quote request does not exist, or it belongs to another account.</p>
        <Button asChild variant="outline">
          <Link to={PATHS.home}>Back to my dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
