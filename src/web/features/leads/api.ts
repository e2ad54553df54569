import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LeadAccess, LeadDetail, LeadSummary, QuoteSummary } from "@/shared/leads";
import { apiRequest, getJson } from "@/web/lib/api";

const keys = {
  all: ["leads"] as const,
  access: () => [...keys.all, "access"] as const,
  mine: () => [...keys.all, "me"] as const,
  one: (id: number) => [...keys.all, "detail", id] as const,
  quotes: () => ["quotes", "me"] as const,
};
export const leadKeys = keys;

export const leadAccessQueryOptions = () =>
  queryOptions({
    queryKey: keys.access(),
    queryFn: async () => (await getJson<LeadAccess>("/api/leads/access")) as LeadAccess,
  });

export const myLeadsQueryOptions = () =>
  queryOptions({
    queryKey: keys.mine(),
    queryFn: async () => (await getJson<LeadSummary[]>("/api/leads/me")) ?? [],
  });

export const myQuotesQueryOptions = () =>
  queryOptions({
    queryKey: keys.quotes(),
    queryFn: async () => (await getJson<QuoteSummary[]>("/api/quotes/me")) ?? [],
  });

/**
 * Opening a lead marks it viewed: the page reads it through the view call, once per visit. The
 * provider's list and counts change with it, so they are read again.
 */
export const viewedLeadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: async ({ client }) => {
      const lead = (await (await apiRequest("POST", `/api/leads/${id}/view`)).json()) as LeadDetail;
      await client.invalidateQueries({ queryKey: keys.mine() });
      return lead;
    },
  });

/** The provider's leads and quotes, and whether it may see leads at all. */
export function useProviderLeads(enabled = true) {
  const access = useQuery({ ...leadAccessQueryOptions(), enabled });
  const hasAccess = access.data?.hasAccess === true;
  const leads = useQuery({ ...myLeadsQueryOptions(), enabled: enabled && hasAccess });
  const quotes = useQuery({ ...myQuotesQueryOptions(), enabled });
  return {
    access: access.data,
    leads: hasAccess ? (leads.data ?? []) : [],
    quotes: quotes.data ?? [],
    isLoading: access.isLoading || quotes.isLoading || (hasAccess && leads.isLoading),
    error: access.error ?? leads.error ?? quotes.error,
  };
}
