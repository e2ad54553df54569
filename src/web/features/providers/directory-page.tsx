// The provider directory (issue 17): every approved provider, filtered and sorted through the address
// (decision 139), rendered by the server for crawlers and visitors alike (decision 138).
import { SearchX } from "lucide-react";
import { useSearchParams } from "react-router";
import { PATHS } from "@/shared/paths";
import { DIRECTORY_SORT_LABELS } from "@/shared/providers";
import { Link } from "@/web/components/link";
import { EmptyState, QueryStates } from "@/web/components/list-states";
import { PublicLayout } from "@/web/components/public-layout";
import { Button } from "@/web/components/ui/button";
import { countOf } from "@/web/lib/format";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import { useDirectory } from "./api";
import { DirectoryFilters } from "./components/directory-filters";
import { ProviderCard } from "./components/provider-card";
import {
  DEFAULT_SORT,
  type DirectoryParams,
  directorySearch,
  hasFilters,
  readDirectoryParams,
} from "./directory-params";

export function DirectoryPage() {
  usePublicPageMeta(PATHS.providers);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readDirectoryParams(searchParams);
  const directory = useDirectory(params);
  // Each change is a step of the history, so the back button returns to the previous filters.
  const show = (next: DirectoryParams) => setSearchParams(new URLSearchParams(directorySearch(next)));
  const pages = directory.data?.pages ?? [];
  const providers = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  const nextCursor = pages.at(-1)?.nextCursor ?? null;
  const { sort: _sort, cursor: _cursor, ...filters } = params;
  const clearFilters = `${PATHS.providers}${directorySearch({ sort: params.sort })}`;

  return (
    <PublicLayout>
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Automation Provider Directory</h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Every provider here was vetted and approved by our team. Ratings come only from clients who hired them.
        </p>
        <div className="mt-6">
          <DirectoryFilters params={params} facets={pages[0]?.facets} onChange={show} />
        </div>
        <QueryStates query={directory} what="The directory" isEmpty={() => false} empty={null}>
          {() => (
            <section aria-labelledby="directory-results" className="mt-6">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="directory-results" className="text-lg font-semibold text-slate-900">
                  <span role="status" data-testid="directory-count">
                    {countOf(total, "provider")}
                  </span>
                </h2>
                <p className="text-sm text-slate-600">Sorted by {DIRECTORY_SORT_LABELS[params.sort ?? DEFAULT_SORT]}</p>
              </div>
              {providers.length === 0 ? (
                <div className="mt-4">
                  <EmptyState
                    icon={SearchX}
                    title="No provider matches these filters"
                    testId="directory-empty"
                    action={
                      hasFilters(filters) ? (
                        <Button asChild variant="outline" className="mt-2">
                          <Link to={clearFilters}>Clear filters</Link>
                        </Button>
                      ) : undefined
                    }
                  >
                    {hasFilters(filters)
                      ? "Try fewer filters, or clear them to see every provider."
                      : "No provider is listed yet. Come back soon."}
                  </EmptyState>
                </div>
              ) : (
                <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="directory-list">
                  {providers.map((provider) => (
                    <li key={provider.slug}>
                      <ProviderCard provider={provider} />
                    </li>
                  ))}
                </ul>
              )}
              {nextCursor !== null && (
                <div className="mt-6 flex justify-center">
                  <Button asChild variant="outline">
                    {/* A link a visitor without JavaScript (or a crawler) follows to the next page; with it, the page appends. */}
                    <a
                      href={`${PATHS.providers}${directorySearch({ ...params, cursor: nextCursor })}`}
                      data-testid="load-more"
                      aria-disabled={directory.isFetchingNextPage || undefined}
                      onClick={(event) => {
                        event.preventDefault();
                        if (!directory.isFetchingNextPage) void directory.fetchNextPage();
                      }}
                    >
                      {directory.isFetchingNextPage ? "Loading..." : "Load more providers"}
                    </a>
                  </Button>
                </div>
              )}
            </section>
          )}
        </QueryStates>
      </div>
    </PublicLayout>
  );
}
