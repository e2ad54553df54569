// The lead behind View Details: the request (the client's contact hidden until a quote is sent), the
// ROI estimate, why the provider got it, and when a match is promised. Opening it marks it viewed.
// The provider's quote panel (features/quotes) and the conversation with the client
// (features/conversations) are put in by the route in src/web/app.
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { LeadDetail } from "@/shared/leads";
import { ADJUSTMENT_PARTS, type ScorePart } from "@/shared/matching";
import { PATHS } from "@/shared/paths";
import { BackLink } from "@/web/components/back-link";
import { AttachmentList } from "@/web/components/files/attachment-list";
import { RequestSections } from "@/web/components/quote-request/request-sections";
import { RoiEstimate } from "@/web/components/quote-request/roi-estimate";
import { Card, CardContent, SectionCard } from "@/web/components/ui/card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { ApiError, errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { usePageMeta } from "@/web/lib/page-meta";
import { viewedLeadQueryOptions } from "./api";
import { canDecline, DeclinedLeadNotice, DeclineLeadButton } from "./decline-lead-dialog";
import { InvitedBadge, LeadStatusBadge } from "./lead-status-badge";

const PART_LABELS: Record<ScorePart, string> = {
  specialty: "Specialty fit",
  location: "Location",
  budget: "Budget fit",
  industryWins: "Wins in this industry",
  load: "Recent leads",
  responsiveness: "Responsiveness",
  reviews: "Client ratings",
  declines: "Declined requests",
  preferences: "Your lead preferences",
  invited: "Invited by the client",
};
const labelOf = (part: string) => PART_LABELS[part as ScorePart] ?? part;
const isAdjustment = (part: string) => (ADJUSTMENT_PARTS as readonly string[]).includes(part);

/**
 * An adjustment's points in words: "+4 points", "−10 points", or none gained or lost. The preferences
 * and an invitation carry no points (they only say why the request came): nothing is said for them.
 */
function PointsInWords({ part: p }: { part: LeadDetail["scoreParts"][number] }) {
  if (p.part === "preferences" || p.part === "invited") return null;
  if (p.points === 0) {
    return (
      <span className="tabular-nums text-slate-700">{p.part === "declines" ? "no points lost" : "no points"}</span>
    );
  }
  return (
    <span className={cn("tabular-nums font-medium", p.points < 0 ? "text-amber-800" : "text-green-800")}>
      {p.points > 0 ? `+${p.points} points` : `\u2212${-p.points} points`}
    </span>
  );
}

function WhyThisLead({ lead }: { lead: LeadDetail }) {
  return (
    <SectionCard title="Why you got this lead" testId="why-this-lead">
      <ul className="space-y-3">
        {lead.scoreParts.map((p) =>
          // An adjustment (ratings, declines) moves the sum up or down and has no bar to fill: its
          // points are said in words. The preferences have no points at all, only their reason.
          isAdjustment(p.part) || p.max === 0 ? (
            <li key={p.part} className="space-y-1" data-testid={`score-part-${p.part}`}>
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="font-medium text-slate-900">{labelOf(p.part)}</span>
                <PointsInWords part={p} />
              </div>
              <p className="text-sm text-slate-600">{p.reason}</p>
            </li>
          ) : (
            <li key={p.part} className="space-y-1">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="font-medium text-slate-900">{labelOf(p.part)}</span>
                <span className="tabular-nums text-slate-700">
                  {p.points} / {p.max}
                </span>
              </div>
              <div
                className="h-2 overflow-hidden rounded-full bg-slate-100"
                role="img"
                aria-label={`${p.points} of ${p.max} points`}
              >
                <div className="h-full bg-green-600" style={{ width: `${(p.points / p.max) * 100}%` }} />
              </div>
              <p className="text-sm text-slate-600">{p.reason}</p>
            </li>
          ),
        )}
      </ul>
    </SectionCard>
  );
}

/** The client's process documents (issue 33): to download; the server sends none once the lead is declined. */
function RequestFiles({ lead }: { lead: LeadDetail }) {
  return (
    <SectionCard title="Files from the client" testId="lead-files">
      <AttachmentList
        files={lead.request.files ?? []}
        label="Files of this request"
        emptyText="The client attached no files."
      />
    </SectionCard>
  );
}

function LeadView({
  lead,
  conversation,
  children,
}: {
  lead: LeadDetail;
  conversation?: ReactNode;
  children?: ReactNode;
}) {
  usePageMeta(`Lead #${lead.id}`, "A quote request matched to your company.");
  const r = lead.request.requirements;
  return (
    <div className="space-y-6">
      <BackLink to={PATHS.providerDashboard} tone="provider">
        Available Leads
      </BackLink>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Lead #{lead.id}</h1>
          <LeadStatusBadge status={lead.status} />
          {lead.invited ? <InvitedBadge /> : null}
          <span
            className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-800"
            data-testid="match-score"
          >
            Match Score {lead.matchScore}%
          </span>
          {canDecline(lead) ? <DeclineLeadButton lead={lead} /> : null}
        </div>
        <p className="text-lg text-slate-800">{lead.request.title}</p>
      </div>

      <Card>
        <CardContent className="flex items-start gap-3 p-5 text-sm text-slate-700">
          <CalendarClock className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
          <p>
            The client was promised matches by <strong>{formatDateTime(lead.request.matchDueAt)}</strong>
            {lead.request.isComplex ? " (a complex project: 72 hours)" : " (48 hours)"} and quotes within 2-3 business
            days. Received {formatDateTime(lead.createdAt)}.
          </p>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <WhyThisLead lead={lead} />
        <RoiEstimate
          frequency={r.frequency}
          volume={r.volume}
          timePerTask={r.timePerTask}
          emptyHint="No estimate: this request gives no volume or time per task."
        />
      </div>

      {r.fullName === undefined && lead.status !== "declined" ? (
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="contact-hidden">
          <Lock className="h-4 w-4" aria-hidden="true" />
          The client's name and contact details show once you send a quote.
        </p>
      ) : null}

      {conversation}

      {lead.status === "declined" ? <DeclinedLeadNotice lead={lead} /> : children}

      {lead.status === "declined" ? null : <RequestFiles lead={lead} />}

      <RequestSections request={lead.request} />
    </div>
  );
}

/** What the route puts on the lead's page, above the request: the provider's quote. */
export type LeadQuoteSlot = (lead: LeadDetail) => ReactNode;

/** What the route puts on the lead's page, above the quote: the conversation with the client. */
export type LeadConversationSlot = (lead: LeadDetail) => ReactNode;

export function LeadDetailPage({
  quotePanel,
  conversation,
}: {
  quotePanel: LeadQuoteSlot;
  conversation: LeadConversationSlot;
}) {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, error } = useQuery({ ...viewedLeadQueryOptions(id), enabled: valid });
  if (valid && isLoading) return <LoadingScreen />;
  if (!valid || !data) {
    const notFound = !valid || (error instanceof ApiError && (error.status === 404 || error.status === 400));
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Lead not found" : "Lead unavailable"}</h1>
        <p className="text-slate-600">
          {notFound ? "No lead of yours has this number." : errorMessage(error, "This lead cannot be shown now.")}
        </p>
        <Link to={PATHS.providerDashboard} className="font-medium text-green-800 hover:underline">
          Back to Available Leads
        </Link>
      </div>
    );
  }
  return (
    <LeadView lead={data} conversation={conversation(data)}>
      {quotePanel(data)}
    </LeadView>
  );
}
