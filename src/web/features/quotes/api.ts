import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClientQuote, LeadQuote, ProviderAnalytics, Quote, QuoteInput } from "@/shared/quotes";
import { leadKeys } from "@/web/features/leads/api";
import { apiRequest, getJson } from "@/web/lib/api";

export type ProviderQuote = Quote & { title: string };

const keys = {
  all: ["quotes"] as const,
  // The same key as the provider dashboard's read of GET /api/quotes/me: one cache entry.
  mine: () => leadKeys.quotes(),
  lead: (leadId: number) => ["quotes", "lead", leadId] as const,
  request: (requestId: number) => ["quotes", "request", requestId] as const,
  analytics: () => ["analytics", "me"] as const,
};

export const leadQuoteQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: keys.lead(leadId),
    queryFn: async () => (await getJson<LeadQuote>(`/api/leads/${leadId}/quote`)) as LeadQuote,
  });

export const requestQuotesQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: keys.request(requestId),
    queryFn: async () => (await getJson<ClientQuote[]>(`/api/quote-requests/${requestId}/quotes`)) ?? [],
  });

export const myProviderQuotesQueryOptions = () =>
  queryOptions({
    queryKey: keys.mine(),
    queryFn: async () => (await getJson<ProviderQuote[]>("/api/quotes/me")) ?? [],
  });

export const providerAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: keys.analytics(),
    queryFn: async () => (await getJson<ProviderAnalytics>("/api/analytics/me")) as ProviderAnalytics,
  });

const json = async (res: Response) => (await res.json()) as Quote;

/**
 * Send, edit or withdraw the lead's quote; the lead (its status, the client's contact) is read again,
 * also after a refusal: a 409 means the quote or the request changed, and the page must show how.
 */
export function useLeadQuoteMutations(leadId: number) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.lead(leadId) }),
      queryClient.invalidateQueries({ queryKey: leadKeys.all }),
      queryClient.invalidateQueries({ queryKey: keys.mine() }),
      queryClient.invalidateQueries({ queryKey: keys.analytics() }),
    ]);
  };
  return {
    send: useMutation({
      mutationFn: async (body: QuoteInput) => json(await apiRequest("POST", `/api/leads/${leadId}/quote`, body)),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, body }: { id: number; body: QuoteInput }) =>
        json(await apiRequest("PUT", `/api/quotes/${id}`, body)),
      onSettled: refresh,
    }),
    withdraw: useMutation({
      mutationFn: async (id: number) => json(await apiRequest("POST", `/api/quotes/${id}/withdraw`)),
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
    mutationFn: async (id: number) => json(await apiRequest("POST", `/api/quotes/${id}/${decision}`)),
    onSuccess: outcome.onSuccess,
    onError: outcome.onError,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.request(requestId) }),
        queryClient.invalidateQueries({ queryKey: ["quote-requests"] }),
      ]);
    },
  });
}
