// One page of a table, newest first, and how many rows match in all: the admin's offset-paged lists.
import { count, desc, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

type DatedTable = PgTable & { id: PgColumn; createdAt: PgColumn };

export type OffsetPage = { limit: number; offset: number };

export async function newestFirstPage<T extends DatedTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  page: OffsetPage,
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as DatedTable)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(table as DatedTable)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
