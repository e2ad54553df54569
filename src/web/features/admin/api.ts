import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Company, PendingProvider } from "@/shared/companies";
import type { EmailStatus, OutboxPage } from "@/shared/notifications";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

export const pendingProvidersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.pendingProviders(),
    queryFn: () => getJson<PendingProvider[]>("/api/admin/pending-providers"),
  });

type Decision = { id: number; kind: "approve" } | { id: number; kind: "reject"; reason: string };

/** Approve or reject a pending provider; the provider is notified by the server. */
export function useDecideProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.kind === "approve"
        ? requestJson<Company>("PATCH", `/api/admin/providers/${decision.id}/approve`)
        : requestJson<Company>("PATCH", `/api/admin/providers/${decision.id}/reject`, { reason: decision.reason }),
    onSuccess: (_company, decision) => {
      toast({
        title: decision.kind === "approve" ? "Provider Approved" : "Provider Rejected",
        description: "The provider has been notified.",
      });
    },
    // The spec shows no error for admin actions; saying why (another admin decided first, say) is kinder.
    onError: (err) => {
      toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
    },
    // Every admin read lives under one key, so that a decision refreshes all the admin's lists.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export const adminEmailsQueryOptions = (page: number, status: EmailStatus | "all") =>
  queryOptions({
    queryKey: queryKeys.admin.emails(page, status),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), ...(status === "all" ? {} : { status }) });
      return getJson<OutboxPage>(`/api/admin/emails?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
