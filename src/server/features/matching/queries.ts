// The candidate query (decisions 050, 171, 172, 181): the eligible providers that score best for a
// request, pre-ranked by the database, the best few sent back with what the exact ranking needs. Who may
// receive a request is in eligibility.ts; providers that never had a lead are found in without-history.ts.
// The rest of a match's SQL (its request, its leads, the sweeps) is in delivery-queries.ts.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { LeadPreferences } from "@/shared/lead-preferences";
import {
  DECLINE_WINDOW_DAYS,
  PENALISED_DECLINE_REASONS,
  type PreparedRequest,
  type ProviderProfile,
} from "@/shared/matching";
import type { Budget, Industry } from "@/shared/quote-request-options";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { matchBounds } from "../../db/schema/match-bounds";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { subscriptions } from "../../db/schema/subscriptions";
import {
  type CandidateRequest,
  eligibleFor,
  leadStatsSince,
  type MatchMoment,
  matchMoment,
  pendingInvite,
  subscribed,
} from "./eligibility";
import { candidateScore } from "./score-sql";
import { countWithHistory, walkWithHistory } from "./with-history";
import { bestWithoutHistory, ELIGIBLE_COUNT_CAP, type Ranked, ranked, ranksBefore } from "./without-history";

/** How far past the wanted number the database's pre-ranking reaches, so that rounding never matters. */
const PRE_RANK_MARGIN = 25;

export type Candidate = ProviderProfile & { preferences: LeadPreferences };

/**
 * The eligible providers without a lead for this request that score best, with what scoring needs:
 * company approved, its owner's subscription trialing or active, the location gate, the lead
 * preferences. The database pre-ranks the candidates with the same formula as `rankProviders` (rounded
 * alike) and returns only the best `limit` plus a margin; the exact ranking of those few is then done by
 * `rankProviders`. Of the providers without a lead history, whose score depends on their size,
 * specialties and ratings only, the best are read from an index (decision 181); of those with one, only
 * the few whose kept bound reaches the shortlist are scored (decision 195). So the work grows with
 * neither.
 *
 * `eligible` counts every eligible candidate, up to a cap: when `eligibleAtLeast` is set there are more.
 * The cap is far above what decides the "too few providers" alert.
 */
export async function findCandidates(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  limit: number,
  at: MatchMoment = matchMoment(new Date()),
): Promise<{ candidates: Candidate[]; eligible: number; eligibleAtLeast: boolean }> {
  const take = limit + PRE_RANK_MARGIN;
  const settings = await plannedForFewRows(tx);
  // The providers without a history first, then those with one. Each query sees the commits made before
  // it started, and a provider's history only grows: one whose first lead (another match's) commits
  // between the two is in the second, whereas in the other order it would be in neither (decision 185).
  const fresh = await bestWithoutHistory(tx, request, prepared, at, take);
  // Of those with a history, a few are all scored (with their exact count); many are walked best bound
  // first (decision 195), and counted only up to the cap, which the others' count then passes anyway.
  const counted = fresh.eligibleAtLeast ? null : await countWithHistory(tx, request, prepared, at);
  const withHistory =
    counted !== null && counted < ELIGIBLE_COUNT_CAP
      ? await bestScoredInFull(tx, request, prepared, take, at, "with a history")
      : { best: await walkWithHistory(tx, request, prepared, at, take, fresh.best), eligible: counted ?? 0 };
  // Found in both (its history began between them): as the second query scored it, counted once.
  const scored = new Set(withHistory.best.map((r) => r.companyId));
  const both = fresh.best.filter((r) => scored.has(r.companyId)).length;
  const best = [...withHistory.best, ...fresh.best.filter((r) => !scored.has(r.companyId))]
    .sort(ranksBefore)
    .slice(0, take);
  const candidates = await withProfiles(tx, best);
  await restore(tx, settings);
  return {
    eligible: withHistory.eligible + fresh.eligible - both,
    eligibleAtLeast: counted === null || counted >= ELIGIBLE_COUNT_CAP,
    candidates,
  };
}

/**
 * Each statement of the search reads a few rows, but is costed as the scan its LIMIT cuts short, with the
 * planner's guess of how few rows the lead preferences leave (decision 195). So, until the search ends:
 * no JIT (PostgreSQL compiled a statement for longer than the whole match), and no bitmap scans (one read
 * and sorted a whole (size, specialties) pair where the index gives its best first). Answers the settings
 * as they were.
 */
async function plannedForFewRows(tx: Db) {
  const [row] = await tx
    .select({
      jit: sql<string>`current_setting('jit')`,
      bitmap: sql<string>`current_setting('enable_bitmapscan')`,
      set: sql`set_config('jit', 'off', true) || set_config('enable_bitmapscan', 'off', true)`,
    })
    .from(sql`(select 1) as one`);
  return { jit: row?.jit ?? "on", bitmap: row?.bitmap ?? "on" };
}

async function restore(tx: Db, settings: { jit: string; bitmap: string }) {
  await tx.execute(
    sql`select set_config('jit', ${settings.jit}, true), set_config('enable_bitmapscan', ${settings.bitmap}, true)`,
  );
}

/**
 * Every eligible candidate scored in full by one query, none left out by the groups of decision 181:
 * what `findCandidates` did before, kept as the reference its test and the benchmark compare it with.
 */
export async function scoreEveryCandidate(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  limit: number,
  at: MatchMoment = matchMoment(new Date()),
): Promise<{ candidates: Candidate[]; eligible: number }> {
  const all = await bestScoredInFull(tx, request, prepared, limit + PRE_RANK_MARGIN, at, "all");
  return { eligible: all.eligible, candidates: await withProfiles(tx, all.best) };
}

/** The pre-ranked candidates, in their order, with the company's columns scoring and the preferences read. */
async function withProfiles(tx: Db, ranked: Ranked[]): Promise<Candidate[]> {
  const ids = ranked.map((r) => r.companyId);
  const rows = ids.length
    ? await tx
        .select({
          companyId: companies.id,
          specialties: companies.specialties,
          country: companies.country,
          size: companies.size,
          reviewCount: companies.reviewCount,
          ratingSum: companies.ratingSum,
          preferences: preferenceColumns,
        })
        .from(companies)
        .where(inArray(companies.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.companyId, r]));
  return ranked.flatMap((r) => {
    const row = byId.get(r.companyId);
    if (!row) return [];
    return [
      {
        companyId: r.companyId,
        specialties: row.specialties,
        country: row.country,
        size: row.size,
        winsInIndustry: r.wins,
        leadsLast7Days: r.recent,
        leadsTotal: r.total,
        leadsAnswered: r.answered,
        declinesInIndustry: r.declines,
        reviewCount: row.reviewCount,
        ratingSum: row.ratingSum,
        preferences: row.preferences,
      },
    ];
  });
}

/**
 * The best `take` of the eligible providers, each scored in full, in the ranking's order; and how many
 * are eligible. Of those that had a lead or a quote (and the invited provider, whatever its history)
 * only, or of all.
 */
async function bestScoredInFull(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  take: number,
  at: MatchMoment,
  which: "with a history" | "all",
): Promise<{ best: Ranked[]; eligible: number }> {
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
  const stats = {
    recent: sql`coalesce(${leadStats.recent}, 0)`,
    total: sql`coalesce(${leadStats.total}, 0)`,
    answered: sql`coalesce(${answerStats.answered}, 0)`,
    wins: sql`coalesce(${winStats.wins}, 0)`,
    declines: sql`coalesce(${declineStats.declines}, 0)`,
  };
  const invited = pendingInvite(request);
  // Read from the companies marked with a history (migration 0034) and the invitation, not by a scan.
  const hadHistory =
    which === "all"
      ? undefined
      : sql`${companies.id} in (select ${matchBounds.companyId} from ${matchBounds} where ${matchBounds.hasHistory}${
          invited === null ? sql`` : sql` union select ${invited}::int`
        })`;

  // Every such candidate is scored once into a narrow row (id, score, statistics); the count and the best
  // few come from that, so the sort is a top-N heap in memory.
  const scored = tx.$with("scored").as(
    tx
      .select({
        companyId: sql<number>`${companies.id}`.as("company_id"),
        score: candidateScore(prepared, stats).as("score"),
        recent: sql<number>`${stats.recent}`.as("recent"),
        total: sql<number>`${stats.total}`.as("total"),
        answered: sql<number>`${stats.answered}`.as("answered"),
        wins: sql<number>`${stats.wins}`.as("wins"),
        declines: sql<number>`${stats.declines}`.as("declines"),
      })
      .from(companies)
      .innerJoin(subscriptions, subscribed)
      .leftJoin(leadStats, eq(leadStats.companyId, companies.id))
      .leftJoin(answerStats, eq(answerStats.companyId, companies.id))
      .leftJoin(winStats, eq(winStats.companyId, companies.id))
      .leftJoin(declineStats, eq(declineStats.companyId, companies.id))
      // The provider's lead preferences are hard filters (decision 171): a row any of them keeps out is
      // neither scored nor counted eligible.
      .where(and(hadHistory, eligibleFor(tx, request, prepared, at, stats.recent))),
  );
  const rows = await tx
    .with(scored)
    .select({
      companyId: scored.companyId,
      score: scored.score,
      recent: scored.recent,
      total: scored.total,
      answered: scored.answered,
      wins: scored.wins,
      declines: scored.declines,
      eligible: sql<number>`(select count(*) from ${scored})`.mapWith(Number),
    })
    .from(scored)
    // The invited provider first when it may receive the request (decision 172), then the best.
    .orderBy(
      ...(invited === null ? [] : [desc(sql`(${scored.companyId} = ${invited})`)]),
      desc(scored.score),
      asc(scored.recent),
      asc(scored.companyId),
    )
    .limit(take);
  return {
    eligible: rows[0]?.eligible ?? 0,
    best: rows.map((r) => ranked(r, invited)),
  };
}

const preferenceColumns = {
  industries: sql<Industry[]>`${companies.leadIndustries}`,
  minBudget: sql<Budget | null>`${companies.leadMinBudget}`,
  countries: companies.leadCountries,
  remoteOnly: companies.leadRemoteOnly,
  weeklyCapacity: companies.leadWeeklyCapacity,
  pausedUntil: companies.leadPausedUntil,
};
