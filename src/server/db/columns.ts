// The columns of one table a select reads under their own names, named once: `columnsOf(t, ["id", "title"])`
// in place of `{ id: t.id, title: t.title }`. Columns under other names, or from joined tables, are
// spread beside it.
import { getTableColumns, type Table } from "drizzle-orm";
import { pick } from "@/shared/pick";

/** The named columns of `table`, keyed by their names in the schema, for `db.select({...})`. */
export function columnsOf<T extends Table, const K extends keyof T["_"]["columns"]>(table: T, keys: readonly K[]) {
  return pick(getTableColumns(table), keys);
}
