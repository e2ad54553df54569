import { QUOTE_STATUS_LABELS, type QuoteStatus } from "@/shared/quotes";
import { cn } from "@/web/lib/cn";

const STYLES: Record<QuoteStatus, string> = {
  submitted: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-800",
  declined: "bg-red-100 text-red-800",
  withdrawn: "bg-slate-200 text-slate-800",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span data-testid="quote-status" className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STYLES[status])}>
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
