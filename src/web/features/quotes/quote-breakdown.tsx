// The money of a quote, the same way for the provider and the client: the price, the line items, and
// the total first-year cost (decision 070).
import { formatUsd, LINE_ITEM_LABELS, type Quote } from "@/shared/quotes";

export function QuoteBreakdown({ quote }: { quote: Pick<Quote, "amountCents" | "lineItems" | "totalFirstYearCents"> }) {
  return (
    <dl className="space-y-1 text-sm" data-testid="quote-breakdown">
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">Project price</dt>
        <dd className="font-semibold tabular-nums text-slate-900">{formatUsd(quote.amountCents)}</dd>
      </div>
      {quote.lineItems.map((item) => (
        <div key={item.kind} className="flex justify-between gap-3 pl-3">
          <dt className="text-slate-600">{LINE_ITEM_LABELS[item.kind]}</dt>
          <dd className="tabular-nums text-slate-800">
            {formatUsd(item.amountCents)}
            {item.billing === "monthly" ? "/mo" : ""}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-1">
        <dt className="font-medium text-slate-900">Total first-year cost</dt>
        <dd className="font-bold tabular-nums text-slate-900" data-testid="quote-first-year">
          {formatUsd(quote.totalFirstYearCents)}
        </dd>
      </div>
    </dl>
  );
}
