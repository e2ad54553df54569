import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ownerRef, timestamptz } from "./columns";
import { quoteRequests } from "./quote-requests";
import { users } from "./users";

/**
 * The Idempotency-Key of each quote request submitted with one (decision 110): written in the
 * transaction that creates the request, so that the primary key lets only one of two concurrent
 * submissions with the same key commit. Scoped to the user; kept 24 hours, then purged.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: ownerRef(() => users.id),
    key: text().notNull(),
    /** sha256 of the request's body as the server read it: the same key with another body is refused. */
    requestHash: text().notNull(),
    quoteRequestId: ownerRef(() => quoteRequests.id),
    createdAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_at_idx").on(t.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
