import { LeadConversation } from "@/web/features/conversations/lead-conversation";
import { LeadDetailPage } from "@/web/features/leads/lead-detail-page";
import { LeadQuotePanel } from "@/web/features/quotes/lead-quote-panel";
import { ReportMessageDialog } from "@/web/features/reports/report-message-dialog";

/**
 * A lead's page (features/leads) with the provider's quote on it (features/quotes) and the
 * conversation with the client (features/conversations), whose messages can be reported (features/reports).
 */
export function LeadDetailRoute() {
  return (
    <LeadDetailPage
      quotePanel={(lead) => <LeadQuotePanel lead={lead} />}
      conversation={(lead) => (
        <LeadConversation leadId={lead.id} reportDialog={(props) => <ReportMessageDialog {...props} />} />
      )}
    />
  );
}
