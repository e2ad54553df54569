// What every keyset list of the portal shows around its rows: filters and a search kept in the URL
// (a reload or a shared link opens the same list), the states of the read, and "Load more".
import { type ReactNode, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ErrorAlert, LoadingNote } from "@/web/components/list-states";
import { LoadMore } from "@/web/components/load-more";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input, SelectOptions } from "@/web/components/ui/form-controls";
import { cn } from "@/web/lib/cn";

/** A search parameter of the page's URL and its setter (empty removes it). */
export function useUrlParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? "";
  const set = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(name, next);
        else copy.delete(name);
        return copy;
      },
      { replace: true },
    );
  return [value, set];
}

/** The address's values of a list's filters, by name ("" where one is not set). */
export function useUrlParams(names: readonly string[]): Record<string, string> {
  const [params] = useSearchParams();
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? ""]));
}

const selectClass = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

export type SelectOption = { value: string; label: string };

/** A select's options for lower-case values, each labelled with its first letter capitalised ("active" → "Active"). */
export function capitalizedOptions<V extends string>(values: readonly V[]): { value: V; label: string }[] {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}

/** A labelled select beside a panel's heading: the filter of a list, the period of the figures. */
export function InlineSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
}) {
  return (
    <Field label={label} className="flex items-center gap-2 space-y-0" labelClassName="text-slate-700">
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
          <SelectOptions options={options} />
        </select>
      )}
    </Field>
  );
}

/** A table tab's controls: its search (`q` in the address) and one filter. */
export function SearchAndFilter({
  search,
  placeholder,
  filter,
}: {
  search: string;
  placeholder: string;
  filter: { label: string; param: string; options: readonly SelectOption[] };
}) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      <SearchBox label={search} param="q" placeholder={placeholder} />
      <FilterSelect {...filter} />
    </div>
  );
}

/** A select in a table's row, named for screen readers only (e.g. "Role of ada@example.com"). */
export function RowSelect({
  id,
  label,
  value,
  disabled,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        <SelectOptions options={options} />
      </select>
    </>
  );
}

/** A list's filter kept in the address; "All" is the empty value. */
export function FilterSelect({
  label,
  param,
  options,
}: {
  label: string;
  param: string;
  options: readonly SelectOption[];
}) {
  const [value, setValue] = useUrlParam(param);
  return (
    <InlineSelect label={label} value={value} onChange={setValue} options={[{ value: "", label: "All" }, ...options]} />
  );
}

/** A numbered list's page and its filter ("all" or one value); a new filter goes back to the first page. */
export function usePagedFilter<V extends string>(): {
  page: number;
  setPage: (page: number) => void;
  filter: V | "all";
  setFilter: (filter: V | "all") => void;
} {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<V | "all">("all");
  return {
    page,
    setPage,
    filter,
    setFilter: (next) => {
      setFilter(next);
      setPage(1);
    },
  };
}

/** The select of a numbered list's filter: "All", then each value by its label. */
export function AllOrOneSelect<V extends string>({
  label,
  value,
  onChange,
  values,
  labels,
}: {
  label: string;
  value: V | "all";
  onChange: (value: V | "all") => void;
  values: readonly V[];
  labels: Record<V, string>;
}) {
  return (
    <InlineSelect
      label={label}
      value={value}
      onChange={(next) => onChange(next as V | "all")}
      options={[{ value: "all", label: "All" }, ...values.map((v) => ({ value: v, label: labels[v] }))]}
    />
  );
}

/** What a list shows when it has nothing. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent className="p-6 text-slate-600">{children}</CardContent>
    </Card>
  );
}

/** One page of a numbered list: its items, then Previous, "Page n of m" and Next (none for a single page, unless `alwaysPaged`). */
export function NumberedPage<T extends { id: string | number }>({
  items,
  label,
  page,
  totalPages,
  onPage,
  alwaysPaged = false,
  children,
}: {
  items: readonly T[];
  /** The pager's name, e.g. "Inquiry pages". */
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  alwaysPaged?: boolean;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.id}>{children(item)}</li>
        ))}
      </ul>
      {totalPages > 1 || alwaysPaged ? (
        <nav aria-label={label} className="flex items-center justify-between gap-2">
          <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {page} of {totalPages}
          </span>
          <Button variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </>
  );
}

/** A search box that asks the server once typing pauses (300 ms), not on every key. */
export function SearchBox({ label, param, placeholder }: { label: string; param: string; placeholder: string }) {
  const [value, setValue] = useUrlParam(param);
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => setValue(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, setValue]);
  return (
    <Field label={label} className="flex items-center gap-2 space-y-0" labelClassName="text-slate-700">
      {(control) => (
        <Input
          {...control}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          className="h-9 w-64"
        />
      )}
    </Field>
  );
}

type ListRead<T> = {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  data: { pages: { items: T[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** The rows of every page read so far, or the list's loading, error and empty states; then "Load more". */
export function KeysetList<T>({
  list,
  what,
  empty,
  children,
}: {
  list: ListRead<T>;
  what: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (list.isLoading) return <LoadingNote />;
  if (list.isError) return <ErrorAlert error={list.error} what={what} />;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return <EmptyCard>{empty}</EmptyCard>;
  return (
    <div className="space-y-4">
      {children(items)}
      <LoadMore list={list} />
    </div>
  );
}

export function PanelHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children ? <p className="text-sm text-slate-600">{children}</p> : null}
    </div>
  );
}

/** A tab's section, named by its heading: the description under the title, a filter beside them, then the content. */
export function PanelSection({
  id,
  title,
  description,
  beside,
  className = "space-y-4",
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  beside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <PanelHeading id={id} title={title}>
      {description}
    </PanelHeading>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {beside ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {heading}
          {beside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/**
 * A list tab's table: its column headings, and the rows the caller renders with AdminRow and AdminCell.
 * Below the md breakpoint each row is a card and each cell is labelled with its column (decision 156):
 * a phone sees every column, the Role and Suspend controls among them, without scrolling sideways. From
 * md on it is a table that scrolls inside its box; the box is `relative`, so that the visually hidden
 * labels of its controls (absolutely positioned) stay inside it rather than widening the page.
 */
export function AdminTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="relative md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white">
      <table className="block w-full text-left text-sm md:table">
        <thead className="hidden bg-slate-50 text-slate-700 md:table-header-group">
          <tr>
            {columns.map((c) => (
              <th key={c} className="px-3 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">{children}</tbody>
      </table>
    </div>
  );
}

/** A row of an AdminTable: a card on a phone, a table row from md on. */
export function AdminRow({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <tr
      className="block rounded-lg border border-slate-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-t md:p-0"
      data-testid={testId}
    >
      {children}
    </tr>
  );
}

/** A cell of an AdminRow, led on a phone by its column's name (the table's headings show from md on). */
export function AdminCell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={cn("block py-1 md:table-cell md:px-3 md:py-2", className)}>
      <span className="block text-xs font-medium text-slate-600 md:hidden">{label}</span>
      {children}
    </td>
  );
}
