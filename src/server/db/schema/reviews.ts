import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, text, uniqueIndex } from "drizzle-orm/pg-core";
import { REVIEW_OUTCOMES } from "@/shared/reviews";
import { idTable, ownerRef, setNullRef, timestamps, timestamptz } from "./columns";
import { companies } from "./companies";
import { quoteRequests } from "./quote-requests";
import { quotes } from "./quotes";
import { users } from "./users";

export const reviewOutcomeEnum = pgEnum("review_outcome", REVIEW_OUTCOMES);

/**
 * The hiring client's review of the provider it hired (issue 17): one per hire (the accepted quote).
 * Accounts are anonymised rather than removed (decision 118), so the review outlives its writer's name.
 */
export const reviews = idTable(
  "reviews",
  {
    /** The hire: the accepted quote. Unique, so a second review of the same hire cannot be written. */
    quoteId: ownerRef(() => quotes.id),
    quoteRequestId: ownerRef(() => quoteRequests.id),
    companyId: ownerRef(() => companies.id),
    clientId: ownerRef(() => users.id),
    rating: integer().notNull(),
    body: text().notNull(),
    outcome: reviewOutcomeEnum().notNull(),
    hoursSavedPerYear: integer(),
    /** The request's ROI estimate (hours a year) when the review was written, shown beside the hours saved. */
    estimatedHoursPerYear: integer(),
    /** The provider's one reply. */
    replyBody: text(),
    repliedAt: timestamptz(),
    /** Hidden by an admin (kept for the record, left out of the profile, the rating and the score). */
    hiddenAt: timestamptz(),
    hiddenReason: text(),
    hiddenBy: setNullRef(() => users.id),
    ...timestamps(),
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
