import { useQuery } from "@tanstack/react-query";
import { winRate } from "@/shared/quotes";
import type { UserType } from "@/shared/users";
import { adminStatsQueryOptions } from "@/web/features/admin/api";
import { revenueLabel } from "@/web/features/admin/money";
import { ownCompanyQueryOptions } from "@/web/features/companies/api";
import { useProviderLeads } from "@/web/features/leads/api";
import { myQuoteRequestsQueryOptions } from "@/web/features/quote-requests/api";
import { myQuotesQueryOptions } from "@/web/features/quotes/api";

export type WelcomeCardData = { title: string; value: string };

/**
 * The role's cards on the welcome dashboard (spec section 6), from the reads of the features behind
 * them. The company profile is 'Complete' once the user has a company record; no company (404) or any
 * failure reads as 'Incomplete'.
 */
export function useWelcomeCards(type: UserType | undefined): {
  isLoading: boolean;
  /** Set when the figures could not be read: the page says so rather than show zeros. */
  error?: unknown;
  items: WelcomeCardData[];
} {
  const isClient = type === "client";
  const isProvider = type === "provider";
  const requests = useQuery({ ...myQuoteRequestsQueryOptions(), enabled: isClient });
  const company = useQuery({ ...ownCompanyQueryOptions(), enabled: isClient });
  const provider = useProviderLeads(isProvider);
  const quotes = useQuery({ ...myQuotesQueryOptions(), enabled: isProvider });
  const stats = useQuery({ ...adminStatsQueryOptions(), enabled: type === "admin" });
  switch (type) {
    case "client": {
      const list = requests.data ?? [];
      return {
        isLoading: requests.isLoading || company.isLoading,
        items: [
          { title: "Quote Requests", value: String(list.length) },
          { title: "Active Projects", value: String(list.filter((r) => r.status === "matched").length) },
          { title: "Company Profile", value: company.data ? "Complete" : "Incomplete" },
        ],
      };
    }
    case "provider": {
      const sent = quotes.data ?? [];
      return {
        isLoading: provider.isLoading || quotes.isLoading,
        items: [
          { title: "Available Leads", value: String(provider.leads.filter((l) => l.status === "new").length) },
          { title: "Quotes Sent", value: String(sent.filter((q) => q.status !== "withdrawn").length) },
          { title: "Win Rate", value: `${winRate(sent)}%` },
        ],
      };
    }
    case "admin": {
      // The spec shows '-' placeholders here; DESIGN.md asks for the real figures (decision 090).
      const s = stats.data;
      return {
        isLoading: stats.isLoading,
        error: stats.isError ? stats.error : undefined,
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
