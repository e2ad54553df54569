import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateQuoteRequestInput, QuoteRequestDetail, QuoteRequestSummary } from "@/shared/quote-requests";
import { apiRequest, getJson } from "@/web/lib/api";

const keys = {
  all: ["quote-requests"] as const,
  mine: () => [...keys.all, "me"] as const,
  one: (id: number) => [...keys.all, "detail", id] as const,
};

/** The signed-in client's requests, newest first (GET /api/quote-requests/me). */
export const myQuoteRequestsQueryOptions = () =>
  queryOptions({
    queryKey: keys.mine(),
    queryFn: async () => (await getJson<QuoteRequestSummary[]>("/api/quote-requests/me")) ?? [],
  });

export const quoteRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: async () => getJson<QuoteRequestDetail>(`/api/quote-requests/${id}`),
  });

export function useCreateQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateQuoteRequestInput) =>
      (await (await apiRequest("POST", "/api/quote-requests", body)).json()) as QuoteRequestDetail,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useCancelQuoteRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", `/api/quote-requests/${id}/cancel`)).json()) as QuoteRequestDetail,
    onSuccess: async (updated) => {
      queryClient.setQueryData(keys.one(id), updated);
      // Cancelling declines the request's pending quotes: their cards must say so.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.mine() }),
        queryClient.invalidateQueries({ queryKey: ["quotes", "request", id] }),
      ]);
    },
  });
}
