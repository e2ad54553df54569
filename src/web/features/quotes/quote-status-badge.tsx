import { QUOTE_STATUS_LABELS, type QuoteStatus } from "@/shared/quotes";
import { StatusPill } from "@/web/components/status-pill";

const STYLES: Record<QuoteStatus, string> = {
  submitted: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-800",
  declined: "bg-red-100 text-red-800",
  withdrawn: "bg-slate-200 text-slate-800",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <StatusPill status={status} labels={QUOTE_STATUS_LABELS} tints={STYLES} testId="quote-status" />;
}
