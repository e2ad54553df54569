// A portal section that shows one read: its heading with the count once known, the read's loading,
// error and empty states, then its content; and the numbered lists built on it (a page at a time).
// The sections' words are in panel-texts.json.
import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryStates } from "@/web/components/list-states";
import { AllOrOneSelect, EmptyCard, NumberedPage, PanelSection, usePagedFilter } from "./list-controls";

type Read<D> = { isLoading: boolean; isError: boolean; error: unknown; data: D | undefined };

/** A section's words: the heading (" (n)" follows it once the read has answered), what failed, the empty card. */
type PanelTexts = { id: string; title: string; description: string; what: string; empty: string };

type QueryPanelProps<D> = {
  texts: PanelTexts;
  count: (data: D) => number;
  beside?: ReactNode;
  /** What the section shows above the list once the read has answered (a note on the data). */
  notice?: (data: D) => ReactNode;
  isEmpty: (data: D) => boolean;
  children: (data: D) => ReactNode;
};

export function QueryPanel<D>({
  query,
  texts: { id, title, description, what, empty },
  count,
  beside,
  notice,
  isEmpty,
  children,
}: QueryPanelProps<D> & { query: Read<D> }) {
  const data = query.data;
  return (
    <PanelSection
      id={id}
      title={`${title}${data ? ` (${count(data)})` : ""}`}
      description={description}
      beside={beside}
    >
      {data && notice ? notice(data) : null}
      <QueryStates query={query} what={what} isEmpty={isEmpty} empty={<EmptyCard>{empty}</EmptyCard>}>
        {children}
      </QueryStates>
    </PanelSection>
  );
}

/** One page of a numbered list as the panel reads it. */
type NumberedPageData<T> = { items: readonly T[]; total: number; totalPages: number };

type PageOptions<F, D> = UseQueryOptions<F, Error, D, readonly unknown[]>;

/** A numbered list's section: its page (and its filter, "All" or one value) kept here, a pager under the items. */
export function PagedPanel<F, D extends NumberedPageData<{ id: string | number }>, V extends string>({
  texts,
  options,
  filter,
  notice,
  alwaysPaged,
  item,
}: {
  texts: PanelTexts & { pagerLabel: string; filterLabel?: string };
  options: (page: number, filter: V | "all") => PageOptions<F, D>;
  /** The filter's values and their labels; none, no filter. */
  filter?: { values: readonly V[]; labels: Record<V, string> };
  notice?: (data: D) => ReactNode;
  alwaysPaged?: boolean;
  item: (item: D["items"][number]) => ReactNode;
}) {
  const paged = usePagedFilter<V>();
  const query = useQuery(options(paged.page, paged.filter));
  return (
    <QueryPanel
      texts={texts}
      query={query}
      count={(d) => d.total}
      notice={notice}
      isEmpty={(d) => d.items.length === 0}
      beside={
        filter ? (
          <AllOrOneSelect
            label={texts.filterLabel ?? ""}
            value={paged.filter}
            onChange={paged.setFilter}
            values={filter.values}
            labels={filter.labels}
          />
        ) : undefined
      }
    >
      {(d) => (
        <NumberedPage
          items={d.items}
          label={texts.pagerLabel}
          page={paged.page}
          totalPages={d.totalPages}
          onPage={paged.setPage}
          alwaysPaged={alwaysPaged}
        >
          {item}
        </NumberedPage>
      )}
    </QueryPanel>
  );
}
