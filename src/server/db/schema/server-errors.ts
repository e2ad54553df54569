import { index, integer, text } from "drizzle-orm/pg-core";
import { createdAt, idTable } from "./columns";

/**
 * Each 5xx answer, by route pattern (never its path), for the admin's System tab: the last hour's
 * count by route across every process (decision 163). Written after the answer, best effort; purged
 * after a week by the hourly sweep.
 */
export const serverErrors = idTable(
  "server_errors",
  {
    method: text().notNull(),
    route: text().notNull(),
    status: integer().notNull(),
    /** The request's id (decision 162), to find its log lines. */
    requestId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("server_errors_created_at_idx").on(t.createdAt)],
);
