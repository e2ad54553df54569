import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { filePath, type StoredFile } from "@/shared/files";
import { IDEMPOTENCY_KEY_HEADER } from "@/shared/idempotency";
import type { ProviderProfilePage } from "@/shared/providers";
import type { ClientStatus } from "@/shared/quote-request-status";
import type {
  CreateQuoteRequestInput,
  QuoteRequestDetail,
  QuoteRequestSummary,
  QuoteRequestSummaryCounts,
} from "@/shared/quote-requests";
import { apiRequest, getJson, requestJson } from "@/web/lib/api";
import { arrayPagesQueryOptions } from "@/web/lib/array-pages";
import { queryKeys } from "@/web/lib/query-keys";

const keys = queryKeys.quoteRequests;

/**
 * The signed-in client's requests, newest first, a page at a time (GET /api/quote-requests/me; the next
 * page's address comes in its Link header), optionally of one status in the client's words.
 */
export const myQuoteRequestsQueryOptions = (status?: ClientStatus) =>
  arrayPagesQueryOptions<QuoteRequestSummary>(
    keys.mine(status ?? "all"),
    status ? `/api/quote-requests/me?status=${status}` : "/api/quote-requests/me",
  );

/** The client's figures, counted by the server: the dashboards' cards and the reports. */
export const myQuoteRequestCountsQueryOptions = () =>
  queryOptions({
    queryKey: keys.counts(),
    queryFn: () => getJson<QuoteRequestSummaryCounts>("/api/quote-requests/me/summary"),
  });

export const quoteRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: () => getJson<QuoteRequestDetail>(`/api/quote-requests/${id}`),
  });

/** A request to send, with the key that makes a retry of it answer the request already made (decision 110). */
export type QuoteRequestSubmission = { body: CreateQuoteRequestInput; idempotencyKey: string };

/** The name of the provider a client invites (decision 172), read from its public profile. */
export function useInvitedProvider(slug: string | null) {
  return useQuery({
    queryKey: queryKeys.providers.profile(slug ?? ""),
    queryFn: () => getJson<ProviderProfilePage>(`/api/providers/${encodeURIComponent(slug ?? "")}`),
    enabled: slug !== null,
    retry: false,
    select: (profile) => profile.name,
  });
}

export function useCreateQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: QuoteRequestSubmission) =>
      requestJson<QuoteRequestDetail>("POST", "/api/quote-requests", body, {
        [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
      }),
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
        queryClient.invalidateQueries({ queryKey: keys.counts() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quotes.ofRequest(id) }),
      ]);
    },
  });
}

/** The client adds uploaded files to a request already sent (issue 33); the answer is every file of it. */
export function useAttachRequestFiles(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) =>
      requestJson<{ files: StoredFile[] }>("POST", `/api/quote-requests/${id}/files`, { fileIds }),
    onSuccess: async ({ files }) => {
      queryClient.setQueryData(keys.one(id), (old: QuoteRequestDetail | undefined) => (old ? { ...old, files } : old));
      await queryClient.invalidateQueries({ queryKey: keys.one(id) });
    },
  });
}

/** The client removes a file of its own request. */
export function useRemoveRequestFile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: StoredFile) => apiRequest("DELETE", filePath(file.id)),
    onSuccess: async (_answer, file) => {
      queryClient.setQueryData(keys.one(id), (old: QuoteRequestDetail | undefined) =>
        old ? { ...old, files: old.files?.filter((f) => f.id !== file.id) } : old,
      );
      await queryClient.invalidateQueries({ queryKey: keys.one(id) });
    },
  });
}
