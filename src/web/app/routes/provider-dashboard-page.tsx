import { useQuery } from "@tanstack/react-query";
import { ProviderDashboardPage } from "@/web/features/leads/provider-dashboard-page";
import { providerAnalyticsQueryOptions } from "@/web/features/quotes/api";
import { LeadPreferencesBanner } from "@/web/features/settings/lead-preferences-notice";

/**
 * The provider's dashboard (features/leads), whose cards count leads and quotes (features/quotes'
 * analytics), with the banner that says when the lead preferences hold new leads back (features/settings).
 */
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
      preferencesNotice={(access) => <LeadPreferencesBanner enabled={access.companyStatus !== "none"} />}
    />
  );
}
