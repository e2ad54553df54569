// The score of decision 050 as SQL, for the database's pre-ranking: the same float8 operations in the
// same order as `total` in src/shared/matching.ts (each part's points to one decimal, the sum rounded to
// a whole number), so that the database orders candidates as the exact ranking will. float8, not
// numeric: several times cheaper.
import { type SQL, sql } from "drizzle-orm";
import {
  DECLINE_PENALTY_MAX,
  DECLINE_PENALTY_POINTS,
  DECLINES_FORGIVEN,
  LOAD_CEILING,
  type PreparedRequest,
  RESPONSIVENESS_MIN_LEADS,
  UNKNOWN_BUDGET_FIT,
  WEIGHTS,
  WINS_CEILING,
} from "@/shared/matching";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { companies, REVIEW_POINTS_SQL } from "../../db/schema/companies";

/** A company's lead statistics as the score reads them, each never null. */
export type ScoreStats = { recent: SQL; total: SQL; answered: SQL; wins: SQL; declines: SQL };

/** A provider that never had a lead: every statistic zero (decision 181). */
export const NO_HISTORY: ScoreStats = {
  recent: sql`0`,
  total: sql`0`,
  answered: sql`0`,
  wins: sql`0`,
  declines: sql`0`,
};

/** The score of the company row in scope (0-100, a whole number as float8) for the prepared request. */
export function candidateScore(prepared: PreparedRequest, stats: ScoreStats): SQL<number> {
  // The clients' ratings, as `reviewPoints`: the company's kept figures of its visible reviews (no join);
  // the decline penalty last, as `declinePenalty` (whole points, so no rounding of its own).
  const penalty = sql`(-least(${DECLINE_PENALTY_MAX}, greatest(0, ${stats.declines} - ${DECLINES_FORGIVEN}) * ${DECLINE_PENALTY_POINTS}))::float8`;
  return sql<number>`least(100, greatest(0, floor(${weightedPoints(prepared, stats)} + ${sql.raw(REVIEW_POINTS_SQL)} + ${penalty} + 0.5)))`;
}

/**
 * The six weighted parts' points, summed in their order, unrounded: of the company row in scope, or of
 * any size and specialty mask (`of`), as the search of decision 181 bounds a group of providers by.
 */
export function weightedPoints(
  prepared: PreparedRequest,
  stats: ScoreStats,
  of: { size: SQL; specialtyMask: SQL } = {
    size: sql`${companies.size}`,
    specialtyMask: sql`${companies.specialtyMask}`,
  },
): SQL<number> {
  // The request's demand per specialty against the company's specialty bits: plain arithmetic per row.
  const covered = prepared.demand.size
    ? sql`(${sql.join(
        [...prepared.demand.entries()].map(
          ([name, w]) => sql`${w} * ((${of.specialtyMask} >> ${PROVIDER_SPECIALTIES.indexOf(name)}) & 1)`,
        ),
        sql` + `,
      )})`
    : sql`0`;
  const specialtyShare =
    prepared.totalDemand === 0 ? sql`0.5` : sql`(${covered}::float8 / ${prepared.totalDemand}::float8)`;
  const fit = prepared.budgetFit;
  const budgetShare = fit
    ? sql`(case ${of.size} ${sql.join(
        (Object.keys(fit) as (keyof typeof fit)[]).map((size) => sql`when ${size} then ${fit[size]}::float8`),
        sql` `,
      )} else ${UNKNOWN_BUDGET_FIT}::float8 end)`
    : sql`${UNKNOWN_BUDGET_FIT}::float8`;
  const { recent, total } = stats;
  const shares: Record<keyof typeof WEIGHTS, SQL> = {
    specialty: specialtyShare,
    location: sql`1::float8`,
    budget: budgetShare,
    industryWins: sql`(least(${stats.wins}, ${WINS_CEILING})::float8 / ${WINS_CEILING}::float8)`,
    load: sql`greatest(0::float8, 1 - ${recent}::float8 / ${LOAD_CEILING}::float8)`,
    responsiveness: sql`(case when ${total} >= ${RESPONSIVENESS_MIN_LEADS}
        then ${stats.answered}::float8 / ${total}::float8 else 0.5::float8 end)`,
  };
  const points = (Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]).map(
    (part) => sql`floor(${WEIGHTS[part]}::float8 * ${shares[part]} * 10 + 0.5) / 10`,
  );
  return sql<number>`(${sql.join(points, sql` + `)})`;
}
