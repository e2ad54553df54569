import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateQuoteRequestInput, QuoteRequestDetail, QuoteRequestSummary } from "@/shared/quote-requests";
import { getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

const keys = queryKeys.quoteRequests;

/** The signed-in client's requests, newest first (GET /api/quote-requests/me). */
export const myQuoteRequestsQueryOptions = () =>
  queryOptions({
    queryKey: keys.mine(),
    queryFn: () => getJson<QuoteRequestSummary[]>("/api/quote-requests/me"),
  });

export const quoteRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: () => getJson<QuoteRequestDetail>(`/api/quote-requests/${id}`),
  });

export function useCreateQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuoteRequestInput) => requestJson<QuoteRequestDetail>("POST", "/api/quote-requests", body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useCancelQuoteRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<QuoteRequestDetail>("POST", `/api/quote-requests/${id}/cancel`),
    onSuccess: async (updated) => {
      queryClient.setQueryData(keys.one(id), updated);
      // Cancelling declines the request's pending quotes: their cards must say so.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.mine() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quotes.ofRequest(id) }),
      ]);
    },
  });
}
