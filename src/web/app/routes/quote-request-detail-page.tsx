import type { QuoteRequestDetail } from "@/shared/quote-requests";
import { useRequestThreads } from "@/web/features/conversations/api";
import { RequestThreadPanel } from "@/web/features/conversations/request-thread";
import { QuoteRequestDetailPage } from "@/web/features/quote-requests/quote-request-detail-page";
import { RequestQuotes } from "@/web/features/quotes/request-quotes";
import { ReportMessageDialog } from "@/web/features/reports/report-message-dialog";
import { RequestReviewCard } from "@/web/features/reviews/request-review-card";

/** The quotes (features/quotes), each with the conversation with its provider (features/conversations). */
function QuotesWithConversations({ request }: { request: QuoteRequestDetail }) {
  const threads = useRequestThreads(request.id);
  return (
    <RequestQuotes
      request={request}
      conversations={{
        threads: threads.data?.threads,
        error: threads.error,
        panel: (thread) => (
          <RequestThreadPanel thread={thread} reportDialog={(props) => <ReportMessageDialog {...props} />} />
        ),
      }}
    />
  );
}

/**
 * A request's page (features/quote-requests) with its quotes side by side (features/quotes) and the
 * conversations with the matched providers (features/conversations; a message is reported with features/reports),
 * and after a hire the client's review of the provider (features/reviews).
 */
export function QuoteRequestDetailRoute() {
  return (
    <QuoteRequestDetailPage
      quotes={(request) => (
        <>
          <QuotesWithConversations request={request} />
          <RequestReviewCard requestId={request.id} />
        </>
      )}
    />
  );
}
