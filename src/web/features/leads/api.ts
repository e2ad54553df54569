import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LeadAccess, LeadDetail, LeadSummary } from "@/shared/leads";
import { getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

const keys = queryKeys.leads;

export const leadAccessQueryOptions = () =>
  queryOptions({
    queryKey: keys.access(),
    queryFn: () => getJson<LeadAccess>("/api/leads/access"),
  });

export const myLeadsQueryOptions = () =>
  queryOptions({
    queryKey: keys.mine(),
    queryFn: () => getJson<LeadSummary[]>("/api/leads/me"),
  });

/**
 * Opening a lead marks it viewed: the page reads it through the view call, once per visit. The
 * provider's list and counts change with it, so they are read again.
 */
export const viewedLeadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: async ({ client }) => {
      const lead = await requestJson<LeadDetail>("POST", `/api/leads/${id}/view`);
      await client.invalidateQueries({ queryKey: keys.mine() });
      return lead;
    },
  });

/** Whether the provider may see leads at all, and its leads when it may. */
export function useProviderLeads(enabled = true) {
  const access = useQuery({ ...leadAccessQueryOptions(), enabled });
  const hasAccess = access.data?.hasAccess === true;
  const leads = useQuery({ ...myLeadsQueryOptions(), enabled: enabled && hasAccess });
  return {
    access: access.data,
    leads: hasAccess ? (leads.data ?? []) : [],
    isLoading: access.isLoading || (hasAccess && leads.isLoading),
    error: access.error ?? leads.error,
  };
}
