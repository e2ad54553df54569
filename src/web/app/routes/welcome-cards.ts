import { useQuery } from "@tanstack/react-query";
import type { UserType } from "@/shared/users";
import { adminStatsQueryOptions } from "@/web/features/admin/api";
import { revenueLabel } from "@/web/features/admin/money";
import { ownCompanyQueryOptions } from "@/web/features/companies/api";
import { myQuoteRequestCountsQueryOptions } from "@/web/features/quote-requests/api";
import { providerAnalyticsQueryOptions } from "@/web/features/quotes/api";

export type WelcomeCardData = { title: string; value: string };

/**
 * The role's cards on the welcome dashboard (spec section 6), from the counts the features' summary
 * reads answer (never from a list, which is one page of the data). The company profile is 'Complete'
 * once the user has a company record; no company (404) reads as 'Incomplete'. A read that fails makes
 * the page say so rather than show zeros.
 */
export function useWelcomeCards(type: UserType | undefined): {
  isLoading: boolean;
  /** Set when the figures could not be read: the page says so rather than show zeros. */
  error?: unknown;
  items: WelcomeCardData[];
} {
  const isClient = type === "client";
  const isProvider = type === "provider";
  const counts = useQuery({ ...myQuoteRequestCountsQueryOptions(), enabled: isClient });
  const company = useQuery({ ...ownCompanyQueryOptions(), enabled: isClient });
  const analytics = useQuery({ ...providerAnalyticsQueryOptions(), enabled: isProvider });
  const stats = useQuery({ ...adminStatsQueryOptions(), enabled: type === "admin" });
  switch (type) {
    case "client": {
      const c = counts.data;
      return {
        isLoading: counts.isLoading || company.isLoading,
        // No company is an answer (null: 'Incomplete'); only a failed read is an error.
        error: counts.error ?? company.error ?? undefined,
        items: [
          { title: "Quote Requests", value: c ? String(c.total) : "-" },
          { title: "Active Projects", value: c ? String(c.byStatus.matched) : "-" },
          { title: "Company Profile", value: company.data ? "Complete" : "Incomplete" },
        ],
      };
    }
    case "provider": {
      const a = analytics.data;
      return {
        isLoading: analytics.isLoading,
        error: analytics.error ?? undefined,
        items: [
          { title: "Available Leads", value: a ? String(a.newLeads) : "-" },
          { title: "Quotes Sent", value: a ? String(a.quotesSent) : "-" },
          { title: "Win Rate", value: a ? `${a.winRate}%` : "-" },
        ],
      };
    }
    case "admin": {
      // The spec shows '-' placeholders here; DESIGN.md asks for the real figures (decision 090).
      const s = stats.data;
      return {
        isLoading: stats.isLoading,
        error: stats.error ?? undefined,
        items: [
          { title: "Total Users", value: s ? String(s.totalUsers) : "-" },
          { title: "Active Requests", value: s ? String(s.requestsByStatus.active) : "-" },
          { title: "Revenue", value: s ? revenueLabel(s.revenue) : "-" },
        ],
      };
    }
    default:
      return { isLoading: false, items: [] };
  }
}
