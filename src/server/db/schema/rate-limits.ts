import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/** Fixed-window counters, in the database so that a limit holds across app processes. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().notNull(),
    windowStart: timestamptz().notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
