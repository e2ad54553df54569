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
