// The candidates that never had a lead (decision 181). Without a lead there is no quote, win, decline or
// recent lead either, so such a provider's score depends on its size, on which of the request's
// specialties it covers and on its clients' ratings only. The search visits the groups of (size,
// specialties covered) from the best a member could score, reads each group's best by ratings from an
// index, and stops when the shortlist's last place beats anything a group left could score.
import { and, desc, notExists, type SQL, sql } from "drizzle-orm";
import { COMPANY_SIZES, type CompanySize } from "@/shared/companies";
import { type PreparedRequest, type ProviderProfile, REVIEWS_FOR_FULL_WEIGHT, scoreOnly } from "@/shared/matching";
import { RATING_MAX } from "@/shared/reviews";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import type { Db } from "../../db/client";
import { companies, REVIEW_POINTS_SQL } from "../../db/schema/companies";
import { matchBounds } from "../../db/schema/match-bounds";
import { subscriptions } from "../../db/schema/subscriptions";
import { type CandidateRequest, eligibleFor, type MatchMoment, pendingInvite, subscribed } from "./eligibility";
import { candidateScore, NO_HISTORY, weightedPoints } from "./score-sql";

/** A pre-ranked candidate: its score as the database computed it, and the statistics scoring reads. */
export type Ranked = {
  companyId: number;
  invited: boolean;
  score: number;
  recent: number;
  total: number;
  answered: number;
  wins: number;
  declines: number;
};

/**
 * The eligible providers without a history are counted up to this many: counting a million rows would
 * cost more than the rest of a match, and the "too few providers" alert needs only to know whether there
 * are 2 (MIN_ELIGIBLE_PROVIDERS) once the shortlist's rejects are taken off.
 */
export const ELIGIBLE_COUNT_CAP = 1000;
/** A point of room on each group's bound: JavaScript's and PostgreSQL's roundings may differ at a half. */
const ROUNDING_ROOM = 1;
/** How many (size, specialty mask) pairs the first query of the walk reads at most. */
const FIRST_PAIRS = 64;

/** The database's order: the invited provider first (decision 172), then score, fewer recent leads, lower id. */
export const ranksBefore = (a: Ranked, b: Ranked) =>
  Number(b.invited) - Number(a.invited) || b.score - a.score || a.recent - b.recent || a.companyId - b.companyId;

export type Group = { size: CompanySize; masks: number[]; bound: number };
/** What scoring reads of a provider besides its company's columns: the statistics and the ratings. */
type History = Omit<ProviderProfile, "companyId" | "specialties" | "country" | "size">;
/** A provider without a lead history with full marks from its clients' ratings: the most such a one scores. */
const BEST_WITHOUT_HISTORY: History = {
  winsInIndustry: 0,
  leadsLast7Days: 0,
  leadsTotal: 0,
  leadsAnswered: 0,
  declinesInIndustry: 0,
  reviewCount: REVIEWS_FOR_FULL_WEIGHT,
  ratingSum: REVIEWS_FOR_FULL_WEIGHT * RATING_MAX,
};

/**
 * The best `take` of the eligible providers without a history, in the database's order; and how many are
 * eligible, up to `ELIGIBLE_COUNT_CAP`. Read before those with a history (queries.ts, decision 185).
 */
export async function bestWithoutHistory(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  at: MatchMoment,
  take: number,
): Promise<{ best: Ranked[]; eligible: number; eligibleAtLeast: boolean }> {
  const where = eligibleWithoutHistory(tx, request, prepared, at, "per row");
  const score = candidateScore(prepared, NO_HISTORY);
  // Up to the cap of them, scored, with their count, by one statement: the count and the rows agree, even
  // when another match's commit lands meanwhile (decision 185).
  const capped = tx.$with("capped").as(
    tx
      .select({ companyId: sql<number>`${companies.id}`.as("company_id"), score: sql<number>`${score}`.as("score") })
      .from(companies)
      .innerJoin(subscriptions, subscribed)
      .where(where)
      .limit(ELIGIBLE_COUNT_CAP),
  );
  const rows = await tx
    .with(capped)
    .select({
      companyId: capped.companyId,
      score: capped.score,
      n: sql<number>`(select count(*) from ${capped})`.mapWith(Number),
    })
    .from(capped)
    .orderBy(desc(capped.score), capped.companyId)
    .limit(take);
  const eligible = rows[0]?.n ?? 0;
  // Fewer than the cap: that statement scored them all, as cheaply as walking the groups would.
  if (eligible < ELIGIBLE_COUNT_CAP) return { best: rows.map(withoutHistory), eligible, eligibleAtLeast: false };
  const all = groupsByBound(prepared, BEST_WITHOUT_HISTORY);
  let best: Ranked[] = [];
  // The shortlist's last place, once it is full, against the most a group's member could score: a member
  // of a group whose bound is below it can never enter (its recent leads, 0, only win a tie).
  const beyondReach = (group: Group) => best.length >= take && (best[take - 1]?.score ?? 0) > group.bound;
  // The first query reads the best groups only; each next one twice as many pairs, so that a request
  // whose good groups are empty still takes a few queries.
  let batch = FIRST_PAIRS;
  for (let i = 0; i < all.length && !beyondReach(all[i] as Group); batch *= 2) {
    const next = pairsWithinReach(all, i, batch, beyondReach);
    const pairs = next.pairs;
    i = next.from;
    const found = await bestOfPairs(
      tx,
      prepared,
      eligibleWithoutHistory(tx, request, prepared, at, "as a join"),
      pairs,
      take,
      best.length >= take ? best[take - 1]?.score : undefined,
    );
    best = [...best, ...found].sort(ranksBefore).slice(0, take);
  }
  return { best, eligible, eligibleAtLeast: true };
}

/**
 * The groups of providers, best bound first: for each size, the request's specialties a provider covers
 * (its other specialties change nothing), with every specialty mask in the group and the most a member
 * can score, that of a member with the `best` statistics and ratings, plus the rounding's room.
 */
export function groupsByBound(prepared: PreparedRequest, best: History): Group[] {
  const bit = (name: string) => 1 << PROVIDER_SPECIALTIES.indexOf(name as (typeof PROVIDER_SPECIALTIES)[number]);
  const demanded = [...prepared.demand.keys()].reduce((m, name) => m | bit(name), 0);
  const others = ((1 << PROVIDER_SPECIALTIES.length) - 1) & ~demanded;
  const groups: Group[] = [];
  for (const covered of subsets(demanded)) {
    const specialties = PROVIDER_SPECIALTIES.filter((_, i) => (covered >> i) & 1);
    const masks = subsets(others).map((other) => covered | other);
    for (const size of COMPANY_SIZES) {
      const most = scoreOnly(prepared, { companyId: 0, specialties, country: null, size, ...best });
      groups.push({ size, masks, bound: most + ROUNDING_ROOM });
    }
  }
  return groups.sort((a, b) => b.bound - a.bound);
}

/**
 * The (size, specialty mask) pairs of the groups from the `from`-th on, while they are within reach: at
 * most `batch` of them, unless one group alone has more; and the group the next batch starts from.
 */
export function pairsWithinReach(groups: Group[], from: number, batch: number, beyondReach: (group: Group) => boolean) {
  const pairs: { size: CompanySize; mask: number }[] = [];
  let i = from;
  for (; i < groups.length && !beyondReach(groups[i] as Group); i++) {
    const group = groups[i] as Group;
    if (pairs.length > 0 && pairs.length + group.masks.length > batch) break;
    for (const mask of group.masks) pairs.push({ size: group.size, mask });
  }
  return { pairs, from: i };
}

/** Every subset of the bits of `set`. */
function subsets(set: number): number[] {
  const out: number[] = [];
  for (let s = set; ; s = (s - 1) & set) {
    out.push(s);
    if (s === 0) return out;
  }
}

/**
 * Each (size, specialty mask) pair's best `take` eligible providers without a history, by their clients'
 * ratings then id: one short walk of the index each (a larger rating never lowers the score).
 */
async function bestOfPairs(
  tx: Db,
  prepared: PreparedRequest,
  where: SQL | undefined,
  pairs: { size: CompanySize; mask: number }[],
  take: number,
  last: number | undefined,
): Promise<Ranked[]> {
  if (pairs.length === 0) return [];
  const score = candidateScore(prepared, NO_HISTORY);
  // Once the shortlist is full, only the rows that could score at least its last place: by their ratings'
  // points, which the index is sorted by, so that a pair whose best cannot reach it costs one probe. The
  // pair's other parts are computed here by the same SQL as the score; the millionth only absorbs the
  // float subtraction.
  const pairPoints = weightedPoints(prepared, NO_HISTORY, { size: sql`pair.size`, specialtyMask: sql`pair.mask` });
  const reaches =
    last === undefined
      ? undefined
      : sql`${sql.raw(REVIEW_POINTS_SQL)} >= ${last}::float8 - 0.5 - ${pairPoints} - 0.000001`;
  const best = tx
    .select({ companyId: companies.id, score: sql<number>`${score}`.as("score") })
    .from(companies)
    .innerJoin(subscriptions, subscribed)
    .where(and(sql`${companies.size} = pair.size and ${companies.specialtyMask} = pair.mask`, reaches, where))
    .orderBy(sql`${sql.raw(REVIEW_POINTS_SQL)} desc`, companies.id)
    .limit(take)
    .as("best");
  const rows = await tx
    .select({ companyId: best.companyId, score: best.score })
    .from(
      sql`unnest(${`{${pairs.map((p) => p.size).join(",")}}`}::company_size[], ${`{${pairs.map((p) => p.mask).join(",")}}`}::int[]) as pair(size, mask)`,
    )
    .crossJoinLateral(best);
  return rows.map(withoutHistory);
}

const withoutHistory = (r: { companyId: number; score: number }): Ranked =>
  ranked({ ...r, recent: 0, total: 0, answered: 0, wins: 0, declines: 0 }, null);

/** A pre-ranked row as the database answers it (counts may come as strings), `invited` the invited company. */
export const ranked = (
  r: Record<Exclude<keyof Ranked, "invited" | "companyId">, unknown> & { companyId: number },
  invited: number | null,
): Ranked => ({
  companyId: r.companyId,
  invited: r.companyId === invited,
  score: Number(r.score),
  recent: Number(r.recent),
  total: Number(r.total),
  answered: Number(r.answered),
  wins: Number(r.wins),
  declines: Number(r.declines),
});

/**
 * Eligible (eligibility.ts), without any lead or quote, and not the invited provider (scored with a
 * history). A company's first lead or quote marks its row of match_bounds in the same transaction
 * (migration 0034), so the mark is what tells the two kinds apart, for both searches alike. The count's
 * scan looks the mark up row by row (as a join, the planner hashed every mark first); a pair's reading
 * takes it as a join (as a lookup, its estimate of the rows left made it sort a whole pair).
 */
function eligibleWithoutHistory(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  at: MatchMoment,
  lookup: "per row" | "as a join",
) {
  const invited = pendingInvite(request);
  const marked = tx
    .select({ one: sql`1` })
    .from(matchBounds)
    .where(and(sql`${matchBounds.companyId} = ${companies.id}`, matchBounds.hasHistory));
  return and(
    lookup === "per row"
      ? sql`not coalesce((select ${matchBounds.hasHistory} from ${matchBounds} where ${matchBounds.companyId} = ${companies.id}), false)`
      : notExists(marked),
    invited === null ? undefined : sql`${companies.id} <> ${invited}`,
    eligibleFor(tx, request, prepared, at, sql`0`),
  );
}
