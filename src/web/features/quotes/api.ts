import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClientQuote, LeadQuote, ProviderAnalytics, Quote, QuoteInput } from "@/shared/quotes";
import { getJson, requestJson } from "@/web/lib/api";
import { arrayPagesQueryOptions } from "@/web/lib/array-pages";
import { queryKeys } from "@/web/lib/query-keys";

/** A quote as its provider lists it (GET /api/quotes/me): with the title of the request it answers. */
export type ProviderQuote = Quote & { title: string };

const keys = queryKeys.quotes;

export const leadQuoteQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: keys.ofLead(leadId),
    queryFn: () => getJson<LeadQuote>(`/api/leads/${leadId}/quote`),
  });

export const requestQuotesQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: keys.ofRequest(requestId),
    queryFn: () => getJson<ClientQuote[]>(`/api/quote-requests/${requestId}/quotes`),
  });

/** The provider's quotes for My Quotes, newest first, a page at a time (next page in the Link header). */
export const myQuotesQueryOptions = () => arrayPagesQueryOptions<ProviderQuote>(keys.mine(), "/api/quotes/me");

export const providerAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analytics.mine(),
    queryFn: () => getJson<ProviderAnalytics>("/api/analytics/me"),
  });

/**
 * Send, edit or withdraw the lead's quote; the lead (its status, the client's contact) is read again,
 * also after a refusal: a 409 means the quote or the request changed, and the page must show how.
 */
export function useLeadQuoteMutations(leadId: number) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.ofLead(leadId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.leads.all }),
      queryClient.invalidateQueries({ queryKey: keys.mine() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.analytics.mine() }),
    ]);
  };
  return {
    send: useMutation({
      mutationFn: (body: QuoteInput) => requestJson<Quote>("POST", `/api/leads/${leadId}/quote`, body),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: QuoteInput }) =>
        requestJson<Quote>("PUT", `/api/quotes/${id}`, body),
      onSettled: refresh,
    }),
    withdraw: useMutation({
      mutationFn: (id: number) => requestJson<Quote>("POST", `/api/quotes/${id}/withdraw`),
      onSettled: refresh,
    }),
  };
}

/**
 * The client's accept or decline; the request (its status) and its quotes are read again. The outcome
 * callbacks live on the mutation itself: the buttons that started it are gone once the quote is decided.
 */
export function useDecideQuote(
  requestId: number,
  decision: "accept" | "decline",
  outcome: { onSuccess: () => void; onError: (err: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => requestJson<Quote>("POST", `/api/quotes/${id}/${decision}`),
    onSuccess: outcome.onSuccess,
    onError: outcome.onError,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.ofRequest(requestId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quoteRequests.all }),
      ]);
    },
  });
}
