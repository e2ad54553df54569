import { getJson } from "./api";

/** `url` asking for the page after `cursor`, or `url` itself for the first page. */
function withCursor(url: string, cursor: string | null): string {
  if (!cursor) return url;
  return `${url}${url.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
}

/**
 * A keyset list's pages, for infiniteQueryOptions: the first at `url`, then "Load more" with the cursor
 * the last page gave (`nextCursor`, null at the end). `read` fetches a page (getJson unless told).
 */
export function cursorPages<P extends { nextCursor: string | null }>(
  url: string,
  read: (url: string) => Promise<P> = getJson<P>,
) {
  return {
    queryFn: ({ pageParam }: { pageParam: string | null }) => read(withCursor(url, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last: P) => last.nextCursor,
  };
}
