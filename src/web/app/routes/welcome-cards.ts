import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { PATHS } from "@/shared/paths";
import type { UserType } from "@/shared/users";
import { adminStatsQueryOptions } from "@/web/features/admin/api";
import { revenueLabel } from "@/web/features/admin/money";
import { myQuoteRequestCountsQueryOptions } from "@/web/features/quote-requests/api";
import { providerAnalyticsQueryOptions } from "@/web/features/quotes/api";

export type WelcomeCardData = {
  title: string;
  value: string;
  /** What the figure is, where the title alone would mislead. */
  note?: string;
  /** Where the figure can be acted on. */
  link?: { href: string; label: string };
};

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
 * The client's cards (spec section 6, decision 155): each says what it counts and leads where it can be
 * acted on. Active Projects are the requests matched with providers (the spec's figure): a request with
 * a hire is closed, so the card asks for a choice. A client has no company record (registering one makes
 * a provider, and only providers read theirs), so the company profile is 'Incomplete', and the card
 * says why and where a company is registered.
 */
const CLIENT_CARDS = {
  requests: {
    title: "Quote Requests",
    note: "Every request you have sent, with its quotes.",
    link: { href: PATHS.dashboard, label: "See your requests" },
  },
  active: {
    title: "Active Projects",
    note: "Matched with providers, with no hire yet: compare their quotes and choose one.",
    link: { href: `${PATHS.dashboard}?status=matched`, label: "Compare quotes" },
  },
  company: {
    title: "Company Profile",
    value: "Incomplete",
    note: "You need none to request quotes. Providers register a company to receive leads.",
    link: { href: PATHS.providerRegistration, label: "Register as a provider" },
  },
} as const;

/**
 * The role's cards on the welcome dashboard (spec section 6), from the counts the features' summary
 * reads answer (never from a list, which is one page of the data). A read that fails makes the page
 * say so rather than show zeros.
 */
export function useWelcomeCards(type: UserType | undefined): WelcomeCards {
  const isClient = type === "client";
  const isProvider = type === "provider";
  const counts = useQuery({ ...myQuoteRequestCountsQueryOptions(), enabled: isClient });
  const analytics = useQuery({ ...providerAnalyticsQueryOptions(), enabled: isProvider });
  const stats = useQuery({ ...adminStatsQueryOptions(), enabled: type === "admin" });
  switch (type) {
    case "client": {
      const c = counts.data;
      return {
        isLoading: counts.isLoading,
        error: counts.error ?? undefined,
        items: [
          { ...CLIENT_CARDS.requests, value: c ? String(c.total) : "-" },
          { ...CLIENT_CARDS.active, value: c ? String(c.byStatus.matched) : "-" },
          CLIENT_CARDS.company,
        ],
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
