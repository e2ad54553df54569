import { queryOptions, useQuery } from "@tanstack/react-query";
import { winRate } from "@/shared/quotes";
import type { UserType } from "@/shared/users";
import { useProviderLeads } from "@/web/features/leads/api";
import { myQuoteRequestsQueryOptions } from "@/web/features/quote-requests/api";
import { getJson } from "@/web/lib/api";

export type WelcomeCardData = { title: string; value: string };

/**
 * Whether the signed-in user has a company record (spec section 6: 'Complete' or 'Incomplete').
 * GET /api/companies/me answers 404 when there is none; any failure reads as incomplete.
 */
const companyProfileQueryOptions = () =>
  queryOptions({
    queryKey: ["welcome", "company-profile"],
    queryFn: async () => {
      try {
        return (await getJson<unknown>("/api/companies/me")) !== null;
      } catch {
        return false;
      }
    },
  });

/**
 * The role's cards on the welcome dashboard (spec section 6). Each feature adds the read behind its
 * card; until then a card shows its empty value.
 */
export function useWelcomeCards(type: UserType | undefined): { isLoading: boolean; items: WelcomeCardData[] } {
  const isClient = type === "client";
  const requests = useQuery({ ...myQuoteRequestsQueryOptions(), enabled: isClient });
  const company = useQuery({ ...companyProfileQueryOptions(), enabled: isClient });
  const provider = useProviderLeads(type === "provider");
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
    case "provider":
      return {
        isLoading: provider.isLoading,
        items: [
          { title: "Available Leads", value: String(provider.leads.filter((l) => l.status === "new").length) },
          { title: "Quotes Sent", value: String(provider.quotes.filter((q) => q.status !== "withdrawn").length) },
          { title: "Win Rate", value: `${winRate(provider.quotes)}%` },
        ],
      };
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
