import { CLIENT_STATUS_LABELS, type QuoteRequestStatus } from "@/shared/quote-request-status";
import { cn } from "@/web/lib/cn";

// Dark text on a light tint keeps every pair above 4.5:1.
const STYLES: Record<QuoteRequestStatus, string> = {
  open: "bg-blue-100 text-blue-800",
  matched: "bg-green-100 text-green-800",
  closed: "bg-slate-200 text-slate-800",
  cancelled: "bg-slate-200 text-slate-800",
};

/** The client's words for a status (DESIGN.md): a cancelled request reads "Cancelled" among the closed. */
export function StatusBadge({ status, className }: { status: QuoteRequestStatus; className?: string }) {
  return (
    <span
      data-testid="status-badge"
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        STYLES[status],
        className,
      )}
    >
      {CLIENT_STATUS_LABELS[status]}
    </span>
  );
}
