// What every keyset list of the portal shows around its rows: filters and a search kept in the URL
// (a reload or a shared link opens the same list), the states of the read, and "Load more".
import { type ReactNode, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "@/web/components/list-states";
import { LoadMore } from "@/web/components/load-more";
import { Card, CardContent } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";

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

const selectClass = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

type SelectOption = { value: string; label: string };

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
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
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
  if (list.isLoading) {
    return (
      <p className="text-slate-600" role="status">
        Loading...
      </p>
    );
  }
  if (list.isError) return <ErrorAlert error={list.error} what={what} />;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) {
    return (
      <Card>
        <CardContent className="p-6 text-slate-600">{empty}</CardContent>
      </Card>
    );
  }
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

/** A list tab's table: its column headings, and the rows the caller renders. */
export function AdminTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((c) => (
              <th key={c} className="px-3 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
