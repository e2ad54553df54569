// Reviews (issue 17, decision 141): the hiring client's review of a request, the provider's list of its
// reviews and its one reply. Contract: src/shared/reviews.ts.
import { queryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { OwnReview, OwnReviewPage, RequestReview, ReviewInput, ReviewReplyInput } from "@/shared/reviews";
import { getJson, requestJson } from "@/web/lib/api";
import { cursorPages } from "@/web/lib/cursor-pages";
import { queryKeys } from "@/web/lib/query-keys";
import { useRefreshingMutation } from "@/web/lib/refreshing-mutation";

export const requestReviewQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: queryKeys.reviews.ofRequest(requestId),
    queryFn: () => getJson<RequestReview>(`/api/quote-requests/${requestId}/review`),
  });

export const useCreateReview = (requestId: number) =>
  useRefreshingMutation({
    mutationFn: (input: ReviewInput) =>
      requestJson<OwnReview>("POST", `/api/quote-requests/${requestId}/review`, input),
    refresh: queryKeys.reviews.ofRequest(requestId),
  });

export function useOwnReviews(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.reviews.mine(),
    ...cursorPages<OwnReviewPage>("/api/companies/me/reviews"),
    enabled,
  });
}

export const useReplyToReview = (reviewId: number) =>
  useRefreshingMutation({
    mutationFn: (input: ReviewReplyInput) => requestJson<OwnReview>("POST", `/api/reviews/${reviewId}/reply`, input),
    refresh: queryKeys.reviews.mine(),
  });
