import { useQuery } from "@tanstack/react-query";
import { ProviderDashboardPage } from "@/web/features/leads/provider-dashboard-page";
import { myQuotesQueryOptions } from "@/web/features/quotes/api";

/** The provider's dashboard (features/leads), whose cards also count the provider's quotes (features/quotes). */
export function ProviderDashboardRoute() {
  const quotes = useQuery(myQuotesQueryOptions());
  return (
    <ProviderDashboardPage
      quotesRead={{ quotes: quotes.data ?? [], isLoading: quotes.isLoading, error: quotes.error }}
    />
  );
}
