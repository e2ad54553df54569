import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { UserType } from "@/shared/users";
import { adminStatsQueryOptions } from "@/web/features/admin/api";
import { revenueLabel } from "@/web/features/admin/money";
import { ownCompanyQueryOptions } from "@/web/features/companies/api";
import { myQuoteRequestCountsQueryOptions } from "@/web/features/quote-requests/api";
import { providerAnalyticsQueryOptions } from "@/web/features/quotes/api";

export type WelcomeCardData = { title: string; value: string };

type WelcomeCards = {
  isLoading: boolean;
  /** Set when the figures could not be read: the page says so rather than show zeros. */
  error?: unknown;
  items: WelcomeCardData[];
};

/** The cards one read fills: each card's figure once the read has answered, '-' until then. */
function cardsOf<T>(
  read: UseQueryResult<T>,
  cards: readonly (readonly [title: string, value: (data: T) => string])[],
): WelcomeCards {
  return {
    isLoading: read.isLoading,
    error: read.error ?? undefined,
    items: cards.map(([title, value]) => ({ title, value: read.data ? value(read.data) : "-" })),
  };
}

/**
 * The role's cards on the welcome dashboard (spec section 6), from the counts the features' summary
 * reads answer (never from a list, which is one page of the data). The company profile is 'Complete'
 * once the user has a company record; no company (404) reads as 'Incomplete'. A read that fails makes
 * the page say so rather than show zeros.
 */
export function useWelcomeCards(type: UserType | undefined): WelcomeCards {
  const isClient = type === "client";
  const isProvider = type === "provider";
  const counts = useQuery({ ...myQuoteRequestCountsQueryOptions(), enabled: isClient });
  const company = useQuery({ ...ownCompanyQueryOptions(), enabled: isClient });
  const analytics = useQuery({ ...providerAnalyticsQueryOptions(), enabled: isProvider });
  const stats = useQuery({ ...adminStatsQueryOptions(), enabled: type === "admin" });
  switch (type) {
    case "client": {
      const requests = cardsOf(counts, [
        ["Quote Requests", (c) => String(c.total)],
        ["Active Projects", (c) => String(c.byStatus.matched)],
      ]);
      return {
        isLoading: requests.isLoading || company.isLoading,
        // No company is an answer (null: 'Incomplete'); only a failed read is an error.
        error: requests.error ?? company.error ?? undefined,
        items: [...requests.items, { title: "Company Profile", value: company.data ? "Complete" : "Incomplete" }],
      };
    }
    case "provider":
      return cardsOf(analytics, [
        ["Available Leads", (a) => String(a.newLeads)],
        ["Quotes Sent", (a) => String(a.quotesSent)],
        ["Win Rate", (a) => `${a.winRate}%`],
      ]);
    case "admin":
      // The spec shows '-' placeholders here; DESIGN.md asks for the real figures (decision 090).
      return cardsOf(stats, [
        ["Total Users", (s) => String(s.totalUsers)],
        ["Active Requests", (s) => String(s.requestsByStatus.active)],
        ["Revenue", (s) => revenueLabel(s.revenue)],
      ]);
    default:
      return { isLoading: false, items: [] };
  }
}
