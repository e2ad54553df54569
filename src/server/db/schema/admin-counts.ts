import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

// The admin's figures kept by the database itself (triggers in migration 0012, decision 090): reading a
// count of a million requests costs a few rows instead of a scan. Each row is one shard of a figure;
// a write adds to the shard of its connection, so concurrent writers rarely wait on the same row, and
// a figure is the sum of its shards.

/** Current totals: "users:client", "requests:open", "quotes", "companies:pending", ... */
export const adminCounts = pgTable(
  "admin_counts",
  {
    name: text().notNull(),
    shard: integer().notNull(),
    n: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.shard] })],
);

/** What happened each day (UTC): "clients" (sign-ups), "providers" (companies registered), "requests",
 * "quotes" (not withdrawn), "responses" and "response_seconds" (lead delivered → its quote). */
export const adminDaily = pgTable(
  "admin_daily",
  {
    day: date({ mode: "string" }).notNull(),
    name: text().notNull(),
    shard: integer().notNull(),
    n: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.shard] })],
);
