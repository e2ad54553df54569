import { QuoteRequestDetailPage } from "@/web/features/quote-requests/quote-request-detail-page";
import { RequestQuotes } from "@/web/features/quotes/request-quotes";

/** A request's page (features/quote-requests) with its quotes side by side (features/quotes). */
export function QuoteRequestDetailRoute() {
  return <QuoteRequestDetailPage quotes={(request) => <RequestQuotes request={request} />} />;
}
