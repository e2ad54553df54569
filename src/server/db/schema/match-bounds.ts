import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable } from "drizzle-orm/pg-core";
import { RESPONSIVENESS_MIN_LEADS, WEIGHTS, WINS_CEILING } from "@/shared/matching";
import { companies, companySizeEnum, REVIEW_POINTS_SQL } from "./companies";

/**
 * The most a company with a lead history can score from its wins, its answer rate and its clients'
 * ratings, whatever the request (decision 195): full marks for load and no decline penalty are assumed
 * elsewhere, wins are counted in every industry, and the answer rate is read against `leads_seen`, a
 * count of leads never above the true one. Each part is computed by the same float8 operations as the
 * score (score-sql.ts) from figures never below the score's own, so it is never below them either.
 * Written out with its constants, so that a query using it reads the index below.
 */
export const HISTORY_POINTS_SQL = `(floor(${WEIGHTS.industryWins}::float8 * (least(accepted, ${WINS_CEILING})::float8 / ${WINS_CEILING}::float8) * 10 + 0.5) / 10 + floor(${WEIGHTS.responsiveness}::float8 * (case when leads_seen >= ${RESPONSIVENESS_MIN_LEADS} then answered::float8 / leads_seen::float8 else greatest(0.5::float8, answered::float8 / ${RESPONSIVENESS_MIN_LEADS}::float8) end) * 10 + 0.5) / 10 + ${REVIEW_POINTS_SQL})`;

/**
 * Per company, what bounds its match score (decision 195), kept by the triggers of migration 0034 at the
 * commit of each write that moves it: a row for every company with a lead or a quote (`has_history`),
 * and for any other whose size, specialties or ratings changed since. Never written by the app.
 */
export const matchBounds = pgTable(
  "match_bounds",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The company had a lead or a quote: never reset, so a provider's history only grows (decision 185). */
    hasHistory: boolean("has_history").notNull().default(false),
    // The company's own columns, copied: what groups it with the providers of its size and specialties.
    size: companySizeEnum().notNull(),
    specialtyMask: integer("specialty_mask").notNull(),
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    /** Leads answered with a quote, and quotes accepted (of every industry): exact. */
    answered: integer().notNull().default(0),
    accepted: integer().notNull().default(0),
    /** The company's leads when last counted: never more than it has (a lead is only added between counts). */
    leadsSeen: integer("leads_seen").notNull().default(0),
  },
  (t) => [
    // Matching's providers with a history (decision 195): each (size, specialties) group's best bound first.
    index("match_bounds_walk_idx")
      .on(t.size, t.specialtyMask, sql`${sql.raw(HISTORY_POINTS_SQL)} desc`, t.companyId)
      .where(sql`${t.hasHistory}`),
  ],
);
