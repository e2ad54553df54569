// The candidates with a lead history (decision 195). Their recent leads, answer rate, wins and declines
// make each score its own, but the database keeps, per company, what can only over-estimate it (match_bounds,
// migration 0034): wins in every industry, the answer rate against a count of leads never above the true
// one, the ratings, and full marks for load with no decline penalty, since those two depend on time. The
// search visits the (size, specialties) groups best bound first, reads from an index only the companies whose
// bound reaches the shortlist's last place, scores those exactly, and stops when the last place beats every
// bound left: the argument of decision 181, with a bound in place of a score.
import { count, type SQL, sql } from "drizzle-orm";
import type { CompanySize } from "@/shared/companies";
import { capacityWindowStart } from "@/shared/lead-preferences";
import {
  DECLINE_WINDOW_DAYS,
  PENALISED_DECLINE_REASONS,
  type PreparedRequest,
  RESPONSIVENESS_MIN_LEADS,
  REVIEWS_FOR_FULL_WEIGHT,
  WINS_CEILING,
} from "@/shared/matching";
import { RATING_MAX } from "@/shared/reviews";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { HISTORY_POINTS_SQL, matchBounds } from "../../db/schema/match-bounds";
import { subscriptions } from "../../db/schema/subscriptions";
import { type CandidateRequest, eligibleFor, type MatchMoment, pendingInvite, subscribed } from "./eligibility";
import { candidateScore, NO_HISTORY, type ScoreStats, weightedPoints } from "./score-sql";
import {
  ELIGIBLE_COUNT_CAP,
  type Group,
  groupsByBound,
  pairsWithinReach,
  type Ranked,
  ranked,
  ranksBefore,
} from "./without-history";

/** How many (size, specialty mask) pairs the first query of the walk reads at most; then twice as many. */
const FIRST_PAIRS = 64;
/** A provider's statistics and ratings at their best: the most a member of a group can score. */
const BEST_HISTORY = {
  winsInIndustry: WINS_CEILING,
  leadsLast7Days: 0,
  leadsTotal: RESPONSIVENESS_MIN_LEADS,
  leadsAnswered: RESPONSIVENESS_MIN_LEADS,
  declinesInIndustry: 0,
  reviewCount: REVIEWS_FOR_FULL_WEIGHT,
  ratingSum: REVIEWS_FOR_FULL_WEIGHT * RATING_MAX,
};

/**
 * The providers with a history (and the invited one, whatever its history) that can enter the shortlist
 * `others` (the best without a history, already read: decision 185), each scored exactly, in the database's
 * order; at most `take`.
 */
export async function walkWithHistory(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  at: MatchMoment,
  take: number,
  others: Ranked[],
): Promise<Ranked[]> {
  const all = groupsByBound(prepared, BEST_HISTORY);
  let found: Ranked[] = [];
  let shortlist = others.slice(0, take);
  // The score the shortlist's last place has once it is full: a provider ranks before it only by scoring as
  // much, and one whose bound is below cannot.
  const last = () => (shortlist.length >= take ? shortlist[take - 1]?.score : undefined);
  const beyondReach = (group: Group) => (last() ?? Number.NEGATIVE_INFINITY) > group.bound;
  let invited = pendingInvite(request);
  let batch = FIRST_PAIRS;
  for (let i = 0; (i < all.length && !beyondReach(all[i] as Group)) || invited !== null; batch *= 2) {
    // Once the shortlist is full, every group left within reach in one statement: each pair is one probe of
    // the index, and a statement's planning costs as much as hundreds of them.
    const next = pairsWithinReach(all, i, last() === undefined ? batch : Number.POSITIVE_INFINITY, beyondReach);
    i = next.from;
    const rows = await scoreReaching(tx, request, prepared, at, next.pairs, last(), invited);
    invited = null;
    found = [...found, ...rows].sort(ranksBefore).slice(0, take);
    // A provider in both lists (its history began after the first was read) holds one place, as scored here.
    const scored = new Set(rows.map((r) => r.companyId));
    shortlist = [...shortlist.filter((r) => !scored.has(r.companyId)), ...rows].sort(ranksBefore).slice(0, take);
  }
  return found;
}

/**
 * The eligible providers with a history of these (size, specialty mask) pairs whose bound reaches `last`
 * (all of them before the shortlist is full), and the invited provider, each scored in full: its
 * statistics read from its own rows only, the score by the same SQL as scoring every candidate.
 */
async function scoreReaching(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  at: MatchMoment,
  pairs: { size: CompanySize; mask: number }[],
  last: number | undefined,
  invited: number | null,
): Promise<Ranked[]> {
  const ids = [...(await reaching(tx, prepared, pairs, last, invited)), ...(invited === null ? [] : [invited])];
  if (ids.length === 0) return [];
  const stats: ScoreStats = {
    recent: sql`h.recent`,
    total: sql`h.total`,
    answered: sql`h.answered`,
    wins: sql`h.wins`,
    declines: sql`h.declines`,
  };
  // The ids as a literal array: the planner knows how few they are, and joins each company by its key
  // (given them as the walk's rows, it guessed thousands and hashed every company).
  const rows = await tx
    .select({
      companyId: companies.id,
      score: candidateScore(prepared, stats),
      recent: stats.recent,
      total: stats.total,
      answered: stats.answered,
      wins: stats.wins,
      declines: stats.declines,
    })
    .from(sql`(${historyOf(request, at, sql`select unnest(${`{${ids.join(",")}}`}::int[])`)}) as h`)
    .innerJoin(companies, sql`${companies.id} = h.company_id`)
    .innerJoin(subscriptions, subscribed)
    .where(eligibleFor(tx, request, prepared, at, stats.recent));
  return rows.map((r) => ranked(r, invited));
}

/**
 * The companies with a history of these (size, specialty mask) pairs whose bound reaches `last`, all of
 * them while there is no last place yet: one probe of the index per pair.
 */
async function reaching(
  tx: Db,
  prepared: PreparedRequest,
  pairs: { size: CompanySize; mask: number }[],
  last: number | undefined,
  invited: number | null,
): Promise<number[]> {
  if (pairs.length === 0) return [];
  // A member's score is at most its pair's first three parts, full load, and its kept points. The pair's
  // points as a provider without a history has them (no win, neutral answer rate, full load) are computed
  // by the score's own SQL; the neutral answer rate's points are taken off again. A score reaches `last`
  // when its sum, before rounding, is at least `last` - 0.5; the millionth only absorbs float additions.
  const pairPoints = weightedPoints(prepared, NO_HISTORY, { size: sql`pair.size`, specialtyMask: sql`pair.mask` });
  const reaches =
    last === undefined
      ? sql``
      : sql` and ${sql.raw(HISTORY_POINTS_SQL)} >= ${last}::float8 - 0.5 - (${pairPoints} - ${NEUTRAL_ANSWER_POINTS}::float8) - 0.000001`;
  // Ordered as the index is, so that each pair is a probe of it and not a join of the whole table.
  const rows = await tx.select({ companyId: sql<number>`b.company_id` }).from(
    sql`unnest(${`{${pairs.map((p) => p.size).join(",")}}`}::company_size[], ${`{${pairs.map((p) => p.mask).join(",")}}`}::int[]) as pair(size, mask)
      cross join lateral (select company_id from ${matchBounds}
        where has_history and size = pair.size and specialty_mask = pair.mask${reaches}${
          invited === null ? sql`` : sql` and company_id <> ${invited}`
        } order by ${sql.raw(HISTORY_POINTS_SQL)} desc, company_id) b`,
  );
  return rows.map((r) => Number(r.companyId));
}

/** The points of a neutral answer rate (fewer than RESPONSIVENESS_MIN_LEADS leads): half the part's weight. */
const NEUTRAL_ANSWER_POINTS = 5;

/**
 * Each of these companies' statistics as scoring every candidate reads them (queries.ts), from the
 * company's own leads and quotes: leads in the 7 days before the match and in all, leads answered, wins
 * and declines (for a reason about the work, within the window) in the request's industry.
 */
function historyOf(request: CandidateRequest, at: MatchMoment, ids: SQL): SQL {
  const since = capacityWindowStart(at.now);
  const reasons = sql.join(
    PENALISED_DECLINE_REASONS.map((r) => sql`${r}`),
    sql`, `,
  );
  return sql`select i.company_id,
      l.recent, l.total,
      (select count(distinct q.lead_id) from quotes q where q.company_id = i.company_id) as answered,
      (select count(*) from quotes q join quote_requests r on r.id = q.quote_request_id
        where q.company_id = i.company_id and q.status = 'accepted' and r.industry = ${request.industry}) as wins,
      (select count(*) from leads d join quote_requests r on r.id = d.quote_request_id
        where d.company_id = i.company_id and d.status = 'declined' and d.decline_reason in (${reasons})
          and d.declined_at > now() - ${sql.raw(`interval '${DECLINE_WINDOW_DAYS} days'`)}
          and r.industry = ${request.industry}) as declines
    from (${ids}) as i(company_id)
    cross join lateral (select count(*) filter (where c.created_at > ${since}) as recent, count(*) as total
      from leads c where c.company_id = i.company_id) as l`;
}

/**
 * How many providers with a history (or invited) are eligible, up to ELIGIBLE_COUNT_CAP: what decides
 * whether they are few enough to score them all (queries.ts).
 */
export async function countWithHistory(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  at: MatchMoment,
): Promise<number> {
  const invited = pendingInvite(request);
  const since = capacityWindowStart(at.now);
  const recent = sql`(select count(*) from leads c where c.company_id = ${companies.id} and c.created_at > ${since})`;
  // From the marked companies (and the invited one) to theirs, so that the count stops at the cap.
  const capped = tx
    .select({ one: sql`1`.as("one") })
    .from(
      sql`(select company_id from ${matchBounds} where has_history${invited === null ? sql`` : sql` union select ${invited}::int`}) as h`,
    )
    .innerJoin(companies, sql`${companies.id} = h.company_id`)
    .innerJoin(subscriptions, subscribed)
    .where(eligibleFor(tx, request, prepared, at, recent))
    .limit(ELIGIBLE_COUNT_CAP)
    .as("capped");
  const [row] = await tx.select({ n: count() }).from(capped);
  return Number(row?.n ?? 0);
}
