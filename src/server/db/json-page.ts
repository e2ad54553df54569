// Lists whose page is written as the answer's JSON by the database (decision 182): for the busiest lists
// one row of text comes back, instead of a row per item that the driver parses, drizzle maps, a function
// reshapes and the serializer writes again; the handler sends the text as it is.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** A page's items as JSON text, and the id of its last item when another page follows. */
export type JsonPage = { items: string; nextId: number | null };

/** A timestamp as `Date.prototype.toISOString` writes it: UTC, milliseconds (truncated, as the driver's dates are). */
export const isoTime = (column: AnyColumn | SQL | SQL.Aliased) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A JSON object: each key (a constant of the code) and the SQL of its value, in the answer schema's order. */
export const jsonObject = (fields: Record<string, SQL | AnyColumn | SQL.Aliased>) =>
  sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key.replaceAll("'", "''")}'`)}, ${value}`),
    sql`, `,
  )})`;

/**
 * The page of a list whose rows (`n` their position from 1, at most limit + 1 of them: the extra one says
 * a next page exists, as toPage reads it) are `item` each: the items' JSON array, and the id of the last
 * item when another page follows.
 */
export function jsonPageColumns(
  item: SQL,
  n: SQL.Aliased<number> | AnyColumn,
  id: AnyColumn | SQL.Aliased,
  limit: SQL,
) {
  return {
    items: sql<string>`coalesce(json_agg(${item} order by ${n}) filter (where ${n} <= ${limit}), '[]')::text`,
    nextId: sql<number | null>`case when count(*) > ${limit} then max(${id}) filter (where ${n} = ${limit}) end`,
  };
}
