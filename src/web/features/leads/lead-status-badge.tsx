import { LEAD_STATUS_LABELS, type LeadStatus } from "@/shared/leads";
import { StatusPill } from "@/web/components/status-pill";

const STYLES: Record<LeadStatus, string> = {
  new: "bg-green-100 text-green-800",
  viewed: "bg-blue-100 text-blue-800",
  quoted: "bg-purple-100 text-purple-800",
  closed: "bg-slate-200 text-slate-800",
  declined: "bg-amber-100 text-amber-900",
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <StatusPill status={status} labels={LEAD_STATUS_LABELS} tints={STYLES} testId="lead-status" />;
}

/** A lead the client asked for from the provider's profile (decision 172). */
export function InvitedBadge() {
  return (
    <span
      className="inline-flex items-center rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-medium text-sky-900"
      data-testid="invited-badge"
    >
      Invited
    </span>
  );
}
