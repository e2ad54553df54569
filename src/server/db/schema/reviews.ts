import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { REVIEW_OUTCOMES } from "@/shared/reviews";
import { companies } from "./companies";
import { quoteRequests } from "./quote-requests";
import { quotes } from "./quotes";
import { users } from "./users";

export const reviewOutcomeEnum = pgEnum("review_outcome", REVIEW_OUTCOMES);

/**
 * The hiring client's review of the provider it hired (issue 17): one per hire (the accepted quote).
 * Accounts are anonymised rather than removed (decision 118), so the review outlives its writer's name.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The hire: the accepted quote. Unique, so a second review of the same hire cannot be written. */
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    quoteRequestId: integer()
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    clientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer().notNull(),
    body: text().notNull(),
    outcome: reviewOutcomeEnum().notNull(),
    hoursSavedPerYear: integer(),
    /** The request's ROI estimate (hours a year) when the review was written, shown beside the hours saved. */
    estimatedHoursPerYear: integer(),
    /** The provider's one reply. */
    replyBody: text(),
    repliedAt: timestamp({ withTimezone: true }),
    /** Hidden by an admin (kept for the record, left out of the profile, the rating and the score). */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("reviews_quote_id_key").on(t.quoteId),
    // A profile's visible reviews, newest first (keyset on id).
    index("reviews_company_id_id_idx").on(t.companyId, t.id).where(sql`${t.hiddenAt} is null`),
    index("reviews_quote_request_id_idx").on(t.quoteRequestId),
    index("reviews_client_id_idx").on(t.clientId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
