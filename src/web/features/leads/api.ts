import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { LeadAccess, LeadDetail, LeadSummary } from "@/shared/leads";
import { getJson, requestJson } from "@/web/lib/api";
import { arrayPagesQueryOptions } from "@/web/lib/array-pages";
import { queryKeys } from "@/web/lib/query-keys";

const keys = queryKeys.leads;

export const leadAccessQueryOptions = () =>
  queryOptions({
    queryKey: keys.access(),
    queryFn: () => getJson<LeadAccess>("/api/leads/access"),
  });

/** The provider's leads, newest first, a page at a time (the next page's address is in the Link header). */
export const myLeadsQueryOptions = () => arrayPagesQueryOptions<LeadSummary>(keys.mine(), "/api/leads/me");

/**
 * Opening a lead marks it viewed: the page reads it through the view call, once per visit. The
 * provider's list and counts change with it, so they are read again.
 */
export const viewedLeadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: async ({ client }) => {
      const lead = await requestJson<LeadDetail>("POST", `/api/leads/${id}/view`);
      await Promise.all([
        client.invalidateQueries({ queryKey: keys.mine() }),
        // The dashboards' "New Leads" count (the provider's analytics).
        client.invalidateQueries({ queryKey: queryKeys.analytics.mine() }),
      ]);
      return lead;
    },
  });

/** Whether the provider may see leads at all, and its leads when it may. */
export function useProviderLeads(enabled = true) {
  const access = useQuery({ ...leadAccessQueryOptions(), enabled });
  const hasAccess = access.data?.hasAccess === true;
  const leads = useInfiniteQuery({ ...myLeadsQueryOptions(), enabled: enabled && hasAccess });
  return {
    access: access.data,
    leads: hasAccess ? (leads.data?.pages.flatMap((page) => page.items) ?? []) : [],
    /** "Load more" of the list. */
    pages: leads,
    isLoading: access.isLoading || (hasAccess && leads.isLoading),
    error: access.error ?? leads.error,
  };
}
