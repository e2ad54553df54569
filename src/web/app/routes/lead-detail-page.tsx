import { LeadDetailPage } from "@/web/features/leads/lead-detail-page";
import { LeadQuotePanel } from "@/web/features/quotes/lead-quote-panel";

/** A lead's page (features/leads) with the provider's quote on it (features/quotes). */
export function LeadDetailRoute() {
  return <LeadDetailPage quotePanel={(lead) => <LeadQuotePanel lead={lead} />} />;
}
