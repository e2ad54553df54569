import { useQuery } from "@tanstack/react-query";
import { ProviderDashboardPage } from "@/web/features/leads/provider-dashboard-page";
import { providerAnalyticsQueryOptions } from "@/web/features/quotes/api";

/** The provider's dashboard (features/leads), whose cards count leads and quotes (features/quotes' analytics). */
export function ProviderDashboardRoute() {
  const analytics = useQuery(providerAnalyticsQueryOptions());
  return (
    <ProviderDashboardPage
      figures={{
        figures: analytics.data
          ? {
              newLeads: analytics.data.newLeads,
              totalLeads: analytics.data.pipeline.leads,
              quotesSent: analytics.data.quotesSent,
              winRate: analytics.data.winRate,
            }
          : null,
        isLoading: analytics.isLoading,
        error: analytics.error,
      }}
    />
  );
}
