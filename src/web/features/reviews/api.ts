// Reviews (issue 17, decision 141): the hiring client's review of a request, the provider's list of its
// reviews and its one reply. Contract: src/shared/reviews.ts.
import { queryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OwnReview, OwnReviewPage, RequestReview, ReviewInput, ReviewReplyInput } from "@/shared/reviews";
import { getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

export const requestReviewQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: queryKeys.reviews.ofRequest(requestId),
    queryFn: () => getJson<RequestReview>(`/api/quote-requests/${requestId}/review`),
  });

export function useCreateReview(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      requestJson<OwnReview>("POST", `/api/quote-requests/${requestId}/review`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.ofRequest(requestId) }),
  });
}

export function useOwnReviews(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.reviews.mine(),
    queryFn: ({ pageParam }) =>
      getJson<OwnReviewPage>(`/api/companies/me/reviews${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export function useReplyToReview(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewReplyInput) => requestJson<OwnReview>("POST", `/api/reviews/${reviewId}/reply`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.mine() }),
  });
}
