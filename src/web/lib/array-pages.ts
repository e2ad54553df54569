import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import { getArrayPage } from "./api";

/**
 * A list the server answers an array at a time, newest first: the first page at `firstUrl`, each next
 * page at the address its Link header gives (decision 104).
 */
export const arrayPagesQueryOptions = <T>(queryKey: QueryKey, firstUrl: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getArrayPage<T>(pageParam),
    initialPageParam: firstUrl,
    getNextPageParam: (last) => last.next,
  });
