// The public directory and profiles (issue 17): reads anyone may make, the same for every visitor, so
// the server can render them into the HTML it sends and hand the browser the same data (decision 138).
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import type { DirectoryPage, ProviderProfilePage, ReviewPage } from "@/shared/providers";
import { getJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";
import { type DirectoryParams, directoryApiUrl, directorySearch } from "./directory-params";

/** The directory from the address's starting page; "Load more" adds the next ones. */
export const directoryQueryOptions = (params: DirectoryParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.providers.directory(Object.fromEntries(new URLSearchParams(directorySearch(params)))),
    // The first page read also brings the filters' values; "Load more" reads only providers.
    queryFn: ({ pageParam }) =>
      getJson<DirectoryPage>(directoryApiUrl(params, pageParam, pageParam === (params.cursor ?? null))),
    initialPageParam: params.cursor ?? null,
    getNextPageParam: (last: DirectoryPage) => last.nextCursor,
  });

export function useDirectory(params: DirectoryParams) {
  // The list shown stays while another filter's list loads, rather than a spinner in its place.
  return useInfiniteQuery({ ...directoryQueryOptions(params), placeholderData: keepPreviousData });
}

export const profileApiUrl = (slug: string) => `/api/providers/${encodeURIComponent(slug)}`;

export const providerProfileQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.providers.profile(slug),
    queryFn: () => getJson<ProviderProfilePage>(profileApiUrl(slug)),
  });

export function useProviderProfile(slug: string) {
  return useQuery(providerProfileQueryOptions(slug));
}

/**
 * The reviews after the profile's first page, read once the visitor asks for them: `firstCursor` is the
 * profile's `reviews.nextCursor`.
 */
export function useMoreReviews(slug: string, firstCursor: string | null, requested: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.providers.reviews(slug),
    queryFn: ({ pageParam }) =>
      getJson<ReviewPage>(`${profileApiUrl(slug)}/reviews?cursor=${encodeURIComponent(pageParam ?? "")}`),
    initialPageParam: firstCursor,
    getNextPageParam: (last: ReviewPage) => last.nextCursor,
    enabled: requested && firstCursor !== null,
  });
}
