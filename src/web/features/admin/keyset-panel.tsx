// A portal tab that is one keyset list: its heading, its filter (beside the heading, or under it with a
// search), what stands before the list, then the rows as a list or a table, and "Load more". The
// tabs' words are in panel-texts.json.
import type { ReactNode } from "react";
import { exportHref } from "@/shared/exports";
import { DownloadCsvLink } from "@/web/components/download-csv-link";
import { useAdminList } from "./api";
import {
  AdminCell,
  AdminRow,
  AdminTable,
  FilterSelect,
  KeysetList,
  PanelSection,
  SearchAndFilter,
  type SelectOption,
  useUrlParams,
} from "./list-controls";

/** A list tab's words, and where its list is read (under /api/admin, also its name in the query keys). */
type KeysetTexts = {
  id: string;
  title: string;
  description: string;
  path: string;
  filter: { label: string; param: string };
  /** A search box (`q` in the address): the filter then stands beside it, under the heading. */
  search?: { label: string; placeholder: string };
  what: string;
  empty: string;
  rowTestId?: string;
};

/** The list's CSV export (decision 175): its address, and what it holds for screen readers ("the users"). */
type CsvExport = { path: string; what: string };

/** A table's column: its heading, its cell, and the classes the cell adds to the common padding. */
export type Column<T> = { header: string; cell: (item: T) => ReactNode; className?: string };

/** The rows: all at once by the caller, one list item each, or a table's cells by column. */
type Rows<T> =
  | { all: (items: T[]) => ReactNode }
  | { item: (item: T) => ReactNode }
  | { columns: readonly Column<T>[] };

type Item = { id: string | number };

export function KeysetPanel<T extends Item>({
  texts,
  options,
  before,
  after,
  csv,
  ...rows
}: {
  texts: KeysetTexts;
  /** The filter's values; "All" comes first. */
  options: readonly SelectOption[];
  before?: ReactNode;
  after?: ReactNode;
  /** A "Download CSV" beside the heading, of the rows the filters and the search select. */
  csv?: CsvExport;
} & Rows<T>) {
  const { id, title, description, path, search, what, empty } = texts;
  const filter = { ...texts.filter, options };
  const params = useUrlParams(search ? [filter.param, "q"] : [filter.param]);
  const list = useAdminList<T>(path, `/api/admin/${path}`, params);
  const filterBeside = search ? null : <FilterSelect {...filter} />;
  const download = csv ? <DownloadCsvLink href={exportHref(csv.path, params)} what={csv.what} /> : null;
  return (
    <PanelSection
      id={id}
      title={title}
      description={description}
      beside={
        download ? (
          <div className="flex flex-wrap items-end gap-3">
            {filterBeside}
            {download}
          </div>
        ) : (
          (filterBeside ?? undefined)
        )
      }
    >
      {before}
      {search ? <SearchAndFilter search={search.label} placeholder={search.placeholder} filter={filter} /> : null}
      <KeysetList list={list} what={what} empty={empty}>
        {(items) => <RowsOf items={items} rows={rows} rowTestId={texts.rowTestId} />}
      </KeysetList>
      {after}
    </PanelSection>
  );
}

function RowsOf<T extends Item>({ items, rows, rowTestId }: { items: T[]; rows: Rows<T>; rowTestId?: string }) {
  if ("all" in rows) return rows.all(items);
  if ("item" in rows) return <ul className="space-y-2">{items.map((item) => rows.item(item))}</ul>;
  return (
    <AdminTable columns={rows.columns.map((c) => c.header)}>
      {items.map((item) => (
        <AdminRow key={item.id} testId={rowTestId}>
          {rows.columns.map((c) => (
            <AdminCell key={c.header} label={c.header} className={c.className}>
              {c.cell(item)}
            </AdminCell>
          ))}
        </AdminRow>
      ))}
    </AdminTable>
  );
}

/** A person in a table's cell: the name, the email under it, then anything the column adds. */
export function PersonCell({
  person,
  children,
}: {
  person: { firstName: string; lastName: string; email: string };
  children?: ReactNode;
}) {
  return (
    <>
      {person.firstName} {person.lastName}
      <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{person.email}</span>
      {children}
    </>
  );
}
