import { useQuery } from "@tanstack/react-query";
import { winRate } from "@/shared/quotes";
import type { UserType } from "@/shared/users";
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
export function useWelcomeCards(type: UserType | undefined): { isLoading: boolean; items: WelcomeCardData[] } {
  const isClient = type === "client";
  const isProvider = type === "provider";
  const requests = useQuery({ ...myQuoteRequestsQueryOptions(), enabled: isClient });
  const company = useQuery({ ...ownCompanyQueryOptions(), enabled: isClient });
  const provider = useProviderLeads(isProvider);
  const quotes = useQuery({ ...myQuotesQueryOptions(), enabled: isProvider });
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
    case "admin":
      // The spec shows '-' for these three on the welcome page.
      return {
        isLoading: false,
        items: [
          { title: "Total Users", value: "-" },
          { title: "Active Requests", value: "-" },
          { title: "Revenue", value: "-" },
        ],
      };
    default:
      return { isLoading: false, items: [] };
  }
}
