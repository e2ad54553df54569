// Who may receive a request (decisions 050, 171, 172), as SQL the candidate queries share: the hard
// filters, each lead preference, the leads' statistics; with the capacity locks a match takes and the
// count of what each preference kept out. The scoring and the ranking are in queries.ts.
import { and, count, eq, gt, inArray, ne, not, notExists, or, type SQL, sql } from "drizzle-orm";
import { ACCESS_GRANTING_STATUSES } from "@/shared/billing";
import { inferCountry } from "@/shared/countries";
import {
  capacityWindowStart,
  isoDay,
  PREFERENCE_KEYS,
  type PreferenceKey,
  type RequestFacts,
} from "@/shared/lead-preferences";
import type { PreparedRequest } from "@/shared/matching";
import { BUDGETS, type Budget } from "@/shared/quote-request-options";
import { countWhere } from "../../db/aggregates";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import type { QuoteRequestRow } from "../../db/schema/quote-requests";
import { subscriptions } from "../../db/schema/subscriptions";
import { users } from "../../db/schema/users";

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
/** Each company's leads: in the 7 days before the match, and in all. */
export function leadStatsSince(tx: Db, at: MatchMoment) {
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

export const subscribed = and(
  eq(subscriptions.userId, companies.userId),
  inArray(subscriptions.status, [...ACCESS_GRANTING_STATUSES]),
);

/** Who may receive the request at all, before any preference: approved, a provider, the location gate, no lead yet. */
export function mayReceive(tx: Db, request: CandidateRequest, prepared: PreparedRequest) {
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
 * Eligible for the request: it may receive it (mayReceive) and none of its lead preferences keeps it
 * out (decision 171: hard filters), given the leads it got lately (`recent`, for the weekly cap).
 */
export function eligibleFor(
  tx: Db,
  request: CandidateRequest,
  prepared: PreparedRequest,
  at: MatchMoment,
  recent: SQL,
) {
  const keptOut = Object.values(preferenceConditions(requestFacts(request), at, recent));
  return and(mayReceive(tx, request, prepared), not(or(...keptOut) as SQL));
}

/**
 * Each lead preference as a condition that is true when it keeps the company from this request, never
 * null: `preferenceExclusions` (src/shared/lead-preferences.ts) in SQL. A rule the request cannot fail
 * (no budget given, no country known, remote work) is false without reading the row.
 */
export function preferenceConditions(facts: RequestFacts, at: MatchMoment, recent: SQL): Record<PreferenceKey, SQL> {
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
      Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, countWhere(conditions[k])])) as Record<
        PreferenceKey,
        SQL.Aliased<number> | SQL<number>
      >,
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
