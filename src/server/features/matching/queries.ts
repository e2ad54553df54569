// The candidate query (decisions 050, 171, 172): who may receive a request, each lead preference as SQL,
// and the pre-ranking that sends back only the best few; with the capacity locks a match takes on them.
// The rest of a match's SQL (its request, its leads, the sweeps) is in delivery-queries.ts.
import { and, asc, count, desc, eq, gt, inArray, ne, not, notExists, or, type SQL, sql } from "drizzle-orm";
import { ACCESS_GRANTING_STATUSES } from "@/shared/billing";
import { inferCountry } from "@/shared/countries";
import {
  capacityWindowStart,
  isoDay,
  type LeadPreferences,
  PREFERENCE_KEYS,
  type PreferenceKey,
  type RequestFacts,
} from "@/shared/lead-preferences";
import {
  DECLINE_PENALTY_MAX,
  DECLINE_PENALTY_POINTS,
  DECLINE_WINDOW_DAYS,
  DECLINES_FORGIVEN,
  LOAD_CEILING,
  PENALISED_DECLINE_REASONS,
  type PreparedRequest,
  type ProviderProfile,
  RESPONSIVENESS_MIN_LEADS,
  REVIEW_NEUTRAL_RATING,
  REVIEW_POINTS_MAX,
  REVIEWS_FOR_FULL_WEIGHT,
  UNKNOWN_BUDGET_FIT,
  WEIGHTS,
  WINS_CEILING,
} from "@/shared/matching";
import { BUDGETS, type Budget, type Industry } from "@/shared/quote-request-options";
import { RATING_MAX } from "@/shared/reviews";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { type QuoteRequestRow, quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { subscriptions } from "../../db/schema/subscriptions";
import { users } from "../../db/schema/users";

/** How far past the wanted number the database's pre-ranking reaches, so that rounding never matters. */
const PRE_RANK_MARGIN = 25;

/**
 * The eligible providers without a lead for this request that score best, with what scoring needs,
 * in one query: company approved, its owner's subscription trialing or active, the location gate.
 * The database pre-ranks every candidate with the same formula as `rankProviders` (rounded alike) and
 * returns only the best `limit` plus a margin, and the number of all eligible candidates; the exact
 * ranking of those few is then done by `rankProviders`. So the work a request costs does not grow
 * with the rows sent back, only with the table scan.
 */
export async function findCandidates(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  limit: number,
  at: MatchMoment = matchMoment(new Date()),
): Promise<{ candidates: Candidate[]; eligible: number }> {
  const leadStats = leadStatsSince(tx, at);
  const answerStats = tx
    .select({ companyId: quotes.companyId, answered: sql<number>`count(distinct ${quotes.leadId})`.as("answered") })
    .from(quotes)
    .groupBy(quotes.companyId)
    .as("answer_stats");
  const winStats = tx
    .select({ companyId: quotes.companyId, wins: count().as("wins") })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .where(and(eq(quotes.status, "accepted"), eq(quoteRequests.industry, request.industry)))
    .groupBy(quotes.companyId)
    .as("win_stats");
  // Requests of this industry the company turned down lately, for a reason about the work (decision 132).
  const declineStats = tx
    .select({ companyId: leads.companyId, declines: count().as("declines") })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(
      and(
        eq(leads.status, "declined"),
        inArray(leads.declineReason, [...PENALISED_DECLINE_REASONS]),
        sql`${leads.declinedAt} > now() - ${sql.raw(`interval '${DECLINE_WINDOW_DAYS} days'`)}`,
        eq(quoteRequests.industry, request.industry),
      ),
    )
    .groupBy(leads.companyId)
    .as("decline_stats");

  // The request's demand per specialty against the company's specialty bits: plain arithmetic per row.
  const covered = prepared.demand.size
    ? sql`(${sql.join(
        [...prepared.demand.entries()].map(
          ([name, w]) => sql`${w} * ((${companies.specialtyMask} >> ${PROVIDER_SPECIALTIES.indexOf(name)}) & 1)`,
        ),
        sql` + `,
      )})`
    : sql`0`;
  const specialtyShare =
    prepared.totalDemand === 0 ? sql`0.5` : sql`(${covered}::float8 / ${prepared.totalDemand}::float8)`;
  const fit = prepared.budgetFit;
  const budgetShare = fit
    ? sql`(case ${companies.size} ${sql.join(
        (Object.keys(fit) as (keyof typeof fit)[]).map((size) => sql`when ${size} then ${fit[size]}::float8`),
        sql` `,
      )} else ${UNKNOWN_BUDGET_FIT}::float8 end)`
    : sql`${UNKNOWN_BUDGET_FIT}::float8`;
  const recent = sql`coalesce(${leadStats.recent}, 0)`;
  const total = sql`coalesce(${leadStats.total}, 0)`;
  const keptOut = Object.values(preferenceConditions(requestFacts(request), at, recent));
  // The score exactly as `rankProviders` computes it (each part's points to one decimal, the sum
  // rounded to a whole number, the same float8 operations in the same order), so that the database
  // orders candidates as the exact ranking will, ties broken the same way (fewer recent leads, then
  // the lower id); the margin only absorbs float noise. float8, not numeric: several times cheaper.
  const shares: Record<keyof typeof WEIGHTS, SQL> = {
    specialty: specialtyShare,
    location: sql`1::float8`,
    budget: budgetShare,
    industryWins: sql`(least(coalesce(${winStats.wins}, 0), ${WINS_CEILING})::float8 / ${WINS_CEILING}::float8)`,
    load: sql`greatest(0::float8, 1 - ${recent}::float8 / ${LOAD_CEILING}::float8)`,
    responsiveness: sql`(case when ${total} >= ${RESPONSIVENESS_MIN_LEADS}
        then coalesce(${answerStats.answered}, 0)::float8 / ${total}::float8 else 0.5::float8 end)`,
  };
  const points = (Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]).map(
    (part) => sql`floor(${WEIGHTS[part]}::float8 * ${shares[part]} * 10 + 0.5) / 10`,
  );
  // The clients' ratings, as `reviewPoints`: the company's kept figures of its visible reviews (no
  // join), the same float8 operations in the same order, rounded to one decimal; none without reviews.
  const reviewCount = companies.reviewCount;
  points.push(
    sql`(case when ${reviewCount} > 0 then floor(((${companies.ratingSum}::float8 / ${reviewCount}::float8 - ${REVIEW_NEUTRAL_RATING}::float8)
        / ${RATING_MAX - REVIEW_NEUTRAL_RATING}::float8 * ${REVIEW_POINTS_MAX}::float8
        * (least(${reviewCount}, ${REVIEWS_FOR_FULL_WEIGHT})::float8 / ${REVIEWS_FOR_FULL_WEIGHT}::float8)) * 10 + 0.5) / 10
        else 0::float8 end)`,
  );
  // The decline penalty, last, as `declinePenalty` (whole points, so no rounding of its own).
  const declines = sql`coalesce(${declineStats.declines}, 0)`;
  points.push(
    sql`(-least(${DECLINE_PENALTY_MAX}, greatest(0, ${declines} - ${DECLINES_FORGIVEN}) * ${DECLINE_PENALTY_POINTS}))::float8`,
  );
  const score = sql<number>`least(100, greatest(0, floor((${sql.join(points, sql` + `)}) + 0.5)))`;

  // Every eligible candidate is scored once into a narrow row (id, score, statistics); the count and
  // the best few come from that, so the sort is a top-N heap in memory, and the wide company columns
  // are read for those few only.
  const scored = tx.$with("scored").as(
    tx
      .select({
        companyId: sql<number>`${companies.id}`.as("company_id"),
        score: score.as("score"),
        recent: sql<number>`${recent}`.as("recent"),
        total: sql<number>`${total}`.as("total"),
        answered: sql<number>`coalesce(${answerStats.answered}, 0)`.as("answered"),
        wins: sql<number>`coalesce(${winStats.wins}, 0)`.as("wins"),
        declines: sql<number>`${declines}`.as("declines"),
      })
      .from(companies)
      .innerJoin(subscriptions, subscribed)
      .leftJoin(leadStats, eq(leadStats.companyId, companies.id))
      .leftJoin(answerStats, eq(answerStats.companyId, companies.id))
      .leftJoin(winStats, eq(winStats.companyId, companies.id))
      .leftJoin(declineStats, eq(declineStats.companyId, companies.id))
      // The provider's lead preferences are hard filters (decision 171): a row any of them keeps out is
      // neither scored nor counted eligible.
      .where(and(mayReceive(tx, request, prepared), not(or(...keptOut) as SQL))),
  );
  const best = tx
    .with(scored)
    .select({
      companyId: scored.companyId,
      score: scored.score,
      recent: scored.recent,
      total: scored.total,
      answered: scored.answered,
      wins: scored.wins,
      declines: scored.declines,
    })
    .from(scored)
    // The invited provider first when it may receive the request (decision 172), then the best.
    .orderBy(
      ...invitedFirst(pendingInvite(request), scored.companyId),
      desc(scored.score),
      asc(scored.recent),
      asc(scored.companyId),
    )
    .limit(limit + PRE_RANK_MARGIN)
    .as("best");
  const rows = await tx
    .with(scored)
    .select({
      companyId: companies.id,
      specialties: companies.specialties,
      country: companies.country,
      size: companies.size,
      recent: best.recent,
      total: best.total,
      answered: best.answered,
      wins: best.wins,
      declines: best.declines,
      reviewCount: companies.reviewCount,
      ratingSum: companies.ratingSum,
      preferences: preferenceColumns,
      eligible: sql<number>`(select count(*) from ${scored})`.mapWith(Number),
    })
    .from(best)
    .innerJoin(companies, eq(companies.id, best.companyId))
    .orderBy(
      ...invitedFirst(pendingInvite(request), best.companyId),
      desc(best.score),
      asc(best.recent),
      asc(best.companyId),
    );
  return {
    eligible: rows[0]?.eligible ?? 0,
    candidates: rows.map((r) => ({
      companyId: r.companyId,
      specialties: r.specialties,
      country: r.country,
      size: r.size,
      winsInIndustry: Number(r.wins ?? 0),
      leadsLast7Days: Number(r.recent ?? 0),
      leadsTotal: Number(r.total ?? 0),
      leadsAnswered: Number(r.answered ?? 0),
      declinesInIndustry: Number(r.declines ?? 0),
      reviewCount: Number(r.reviewCount ?? 0),
      ratingSum: Number(r.ratingSum ?? 0),
      preferences: r.preferences,
    })),
  };
}

/** What the candidate query reads of the request. */
export type CandidateRequest = Pick<QuoteRequestRow, "id" | "industry" | "clientId" | "budgetRange" | "requirements"> &
  Partial<Pick<QuoteRequestRow, "invitedCompanyId" | "inviteStatus">>;

/** The provider the client invited, while its invitation waits for the first match (decision 172). */
export const pendingInvite = (r: CandidateRequest): number | null =>
  r.inviteStatus === "pending" ? (r.invitedCompanyId ?? null) : null;
/** The app's clock at the match (decision 082): the pause and the 7 days of the capacity count by it. */
export type MatchMoment = { now: Date; today: string };
export const matchMoment = (now: Date): MatchMoment => ({ now, today: isoDay(now) });

/**
 * What the lead preferences read of a request: the client's country as given in the wizard, else as its
 * location names it (decision 102's reading, as for providers); on site only when the client said so.
 */
export function requestFacts(request: CandidateRequest): RequestFacts {
  const r = request.requirements;
  return {
    industry: request.industry,
    budget: request.budgetRange,
    country: r.country || inferCountry(r.location),
    onSite: r.workplace === "on-site",
  };
}
export type Candidate = ProviderProfile & { preferences: LeadPreferences };

const preferenceColumns = {
  industries: sql<Industry[]>`${companies.leadIndustries}`,
  minBudget: sql<Budget | null>`${companies.leadMinBudget}`,
  countries: companies.leadCountries,
  remoteOnly: companies.leadRemoteOnly,
  weeklyCapacity: companies.leadWeeklyCapacity,
  pausedUntil: companies.leadPausedUntil,
};

const invitedFirst = (invited: number | null, companyId: SQL.Aliased<number> | SQL) =>
  invited === null ? [] : [desc(sql`(${companyId} = ${invited})`)];

/** Each company's leads: in the 7 days before the match, and in all. */
function leadStatsSince(tx: Db, at: MatchMoment) {
  const since = capacityWindowStart(at.now);
  return tx
    .select({
      companyId: leads.companyId,
      recent: sql<number>`count(*) filter (where ${leads.createdAt} > ${since})`.as("recent"),
      total: count().as("total"),
    })
    .from(leads)
    .groupBy(leads.companyId)
    .as("lead_stats");
}

const subscribed = and(
  eq(subscriptions.userId, companies.userId),
  inArray(subscriptions.status, [...ACCESS_GRANTING_STATUSES]),
);

/** Who may receive the request at all, before any preference: approved, a provider, the location gate, no lead yet. */
function mayReceive(tx: Db, request: CandidateRequest, prepared: PreparedRequest) {
  return and(
    eq(companies.status, "approved"),
    // Never the requester's own company (a client who later became a provider).
    ne(companies.userId, request.clientId),
    // A company whose owner an admin made a client or an admin (decision 094), or suspended
    // (decision 135), receives nothing.
    sql`exists (select 1 from ${users} where ${users.id} = ${companies.userId} and ${users.userType} = 'provider' and ${users.suspendedAt} is null)`,
    prepared.req.locationPreference === "us-only" ? sql`upper(${companies.country}) = 'US'` : undefined,
    notExists(
      tx
        .select({ one: sql`1` })
        .from(leads)
        .where(and(eq(leads.quoteRequestId, request.id), eq(leads.companyId, companies.id))),
    ),
  );
}

/**
 * Each lead preference as a condition that is true when it keeps the company from this request, never
 * null: `preferenceExclusions` (src/shared/lead-preferences.ts) in SQL. A rule the request cannot fail
 * (no budget given, no country known, remote work) is false without reading the row.
 */
function preferenceConditions(facts: RequestFacts, at: MatchMoment, recent: SQL): Record<PreferenceKey, SQL> {
  const budgetRank = BUDGETS.indexOf(facts.budget as Budget);
  const budgets = sql`array[${sql.join(
    BUDGETS.map((b) => sql`${b}`),
    sql`, `,
  )}]::text[]`;
  return {
    paused: sql`coalesce(${companies.leadPausedUntil} > ${at.today}::date, false)`,
    capacity: sql`coalesce(${companies.leadWeeklyCapacity} <= ${recent}, false)`,
    industry: sql`(cardinality(${companies.leadIndustries}) > 0 and not (${facts.industry}::text = any(${companies.leadIndustries})))`,
    budget:
      budgetRank < 0
        ? sql`false`
        : sql`coalesce(array_position(${budgets}, ${companies.leadMinBudget}) > ${budgetRank + 1}, false)`,
    country:
      facts.country === null
        ? sql`false`
        : sql`(cardinality(${companies.leadCountries}) > 0 and not (${facts.country}::text = any(${companies.leadCountries})))`,
    remoteOnly: facts.onSite ? sql`${companies.leadRemoteOnly}` : sql`false`,
  };
}

/**
 * How many providers that may otherwise receive the request each preference keeps from it (one provider
 * may count under several): what the admin's "too few providers" alert names. Run only then.
 */
export async function preferenceExclusionCounts(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  at: MatchMoment,
): Promise<Record<PreferenceKey, number>> {
  const leadStats = leadStatsSince(tx, at);
  const conditions = preferenceConditions(requestFacts(request), at, sql`coalesce(${leadStats.recent}, 0)`);
  const [row] = await tx
    .select(
      Object.fromEntries(
        PREFERENCE_KEYS.map((k) => [k, sql<number>`count(*) filter (where ${conditions[k]})`.mapWith(Number)]),
      ) as Record<PreferenceKey, SQL.Aliased<number> | SQL<number>>,
    )
    .from(companies)
    .innerJoin(subscriptions, subscribed)
    .leftJoin(leadStats, eq(leadStats.companyId, companies.id))
    .where(mayReceive(tx, request, prepared));
  return Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, Number(row?.[k] ?? 0)])) as Record<PreferenceKey, number>;
}

/** The first key of the capacity locks (pg_advisory_xact_lock(int, int)), the company's id the second. */
const CAPACITY_LOCK = 171;

/**
 * Takes the capacity lock of each of these companies, in id order, until the transaction ends, and
 * returns their leads of the last 7 days counted after the locks: two matches at once cannot both give
 * the last place of a capacity (decision 171). An advisory lock, not a row lock: only matches take it, so
 * a change of the company or its owner (a deletion, a suspension) never waits on a match holding it,
 * and a match never waits on them while holding it.
 */
export async function lockCapacity(tx: Db, companyIds: number[], at: MatchMoment): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const ids = [...new Set(companyIds)].sort((a, b) => a - b);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CAPACITY_LOCK}, id) from unnest(${`{${ids.join(",")}}`}::int[]) with ordinality as t(id, n) order by n`,
  );
  const since = capacityWindowStart(at.now);
  const rows = await tx
    .select({ companyId: leads.companyId, recent: count() })
    .from(leads)
    .where(and(inArray(leads.companyId, ids), gt(leads.createdAt, since)))
    .groupBy(leads.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.recent)]));
}
