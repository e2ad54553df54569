import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Company, PendingProvider } from "@/shared/companies";
import type { EmailStatus, OutboxPage } from "@/shared/notifications";
import { toast } from "@/web/components/ui/use-toast";
import { apiRequest, errorMessage, getJson } from "@/web/lib/api";

/** Every admin read lives under this key, so that a decision refreshes all the admin's lists. */
export const ADMIN_QUERY_KEY = ["admin"] as const;

export const pendingProvidersQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "pending-providers"],
    queryFn: async () => (await getJson<PendingProvider[]>("/api/admin/pending-providers")) ?? [],
  });

type Decision = { id: number; kind: "approve" } | { id: number; kind: "reject"; reason: string };

/** Approve or reject a pending provider; the provider is notified by the server. */
export function useDecideProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: Decision) => {
      const res =
        decision.kind === "approve"
          ? await apiRequest("PATCH", `/api/admin/providers/${decision.id}/approve`)
          : await apiRequest("PATCH", `/api/admin/providers/${decision.id}/reject`, { reason: decision.reason });
      return (await res.json()) as Company;
    },
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}

export const adminEmailsQueryOptions = (page: number, status: EmailStatus | "all") =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "emails", page, status],
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(page), ...(status === "all" ? {} : { status }) });
      const res = await getJson<OutboxPage>(`/api/admin/emails?${params.toString()}`);
      if (!res) throw new Error("Please sign in again.");
      return res;
    },
    placeholderData: keepPreviousData,
  });
