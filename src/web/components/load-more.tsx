import { Button } from "@/web/components/ui/button";

/** What "Load more" needs of a paged read (TanStack's infinite query has it). */
export type PagedRead = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The next page of a keyset list, on request; nothing once the last page is read. */
export function LoadMore({ list, className }: { list: PagedRead; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className={className}
      disabled={list.isFetchingNextPage}
      onClick={() => list.fetchNextPage()}
      data-testid="load-more"
    >
      {list.isFetchingNextPage ? "Loading..." : "Load more"}
    </Button>
  );
}
