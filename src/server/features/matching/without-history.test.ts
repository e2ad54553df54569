// Matching at scale (decisions 181 and 195): the candidate query that reads the providers without a lead
// history group by group from an index, and those with one by their kept bounds, gives exactly what scoring
// every candidate gives (the same shortlist, in the same order, with the same statistics), on varied data
// (histories recent and old, declines, answers, wins, ratings, lead preferences) and on both databases;
// and counts the eligible providers exactly below its cap.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareRequest } from "@/shared/matching";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { createProvider, quoteRequestBody, type TestProvider } from "../../test/fixtures";
import { createReviewedHire } from "../../test/reviewed-hires";
import { submitRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { createUser, type TestUser } from "../../test/test-app";
import { matchMoment } from "./eligibility";
import { findCandidates, scoreEveryCandidate } from "./queries";
import { requestProfile } from "./service";
import { ELIGIBLE_COUNT_CAP } from "./without-history";

const ctx = sharedTestContext();
const DAY_MS = 24 * 60 * 60 * 1000;
/** Providers without a history, more than the count's cap so that the group walk is what runs. */
const PLAIN = 1300;
let client: TestUser;
const history: TestProvider[] = [];

/**
 * PLAIN providers in one statement, spread over sizes, specialty masks and countries (a third in the US),
 * some with ratings of their own, some kept out by a lead preference, a pending status, a cancelled
 * subscription or a suspended owner.
 */
async function seedPlainProviders() {
  const specialties = sql.raw(`array[${PROVIDER_SPECIALTIES.map((s) => `'${s}'`).join(",")}]`);
  await ctx.database.db.execute(sql`
    with u as (
      insert into users (email, password_hash, first_name, last_name, user_type, suspended_at)
      select 'plain-' || g || '@example.com', 'x', 'Plain', 'Provider ' || g, 'provider',
        case when g % 97 = 0 then now() end
      from generate_series(1, ${PLAIN}) g
      returning id
    ), c as (
      insert into companies (user_id, name, description, industry, location, country, size, specialties, status,
        review_count, rating_sum, lead_industries, lead_min_budget, lead_countries, lead_remote_only,
        lead_weekly_capacity, lead_paused_until)
      select u.id, 'Plain Co ' || u.id, 'A provider of the matching-at-scale test.', 'automation', 'Somewhere',
        (array['US', 'DE', 'GB'])[1 + u.id % 3],
        (array['startup', 'small', 'medium', 'large', 'enterprise'])[1 + (u.id * 7) % 5]::company_size,
        array(select s from unnest(${specialties}) with ordinality t(s, i) where ((u.id * 2654435761) >> i::int) % 3 = 0),
        (case when u.id % 89 = 0 then 'pending' else 'approved' end)::company_status,
        case when u.id % 23 = 0 then 1 + u.id % 5 else 0 end,
        case when u.id % 23 = 0 then (1 + u.id % 5) * (1 + u.id % 5) else 0 end,
        case when u.id % 31 = 0 then array['healthcare'] else '{}'::text[] end,
        case when u.id % 37 = 0 then '$50k+' end,
        case when u.id % 41 = 0 then array['DE'] else '{}'::text[] end,
        u.id % 43 = 0,
        case when u.id % 47 = 0 then 1 end,
        case when u.id % 53 = 0 then current_date + 10 end
      from u
      returning user_id
    )
    insert into subscriptions (user_id, provider, customer_id, external_id, status)
    select user_id, 'demo', 'cus_plain_' || user_id, 'sub_plain_' || user_id,
      (case when user_id % 59 = 0 then 'canceled' else 'active' end)::subscription_status
    from c`);
}

/**
 * Providers with a history: leads on other requests (recent or not), answered with quotes or not, won,
 * declined for a reason about the work or for no capacity; some hired and reviewed.
 */
async function seedHistory(): Promise<number[]> {
  const other = await createUser(ctx, "client");
  const earlier: number[] = [];
  for (const industry of ["finance", "finance", "finance", "healthcare", "retail", "finance", "retail"] as const) {
    earlier.push(await submitRequest(ctx, other, { industry }));
  }
  const sizes = ["startup", "small", "medium", "large", "enterprise"] as const;
  for (let i = 0; i < 24; i++) {
    history.push(
      await createProvider(ctx, {
        specialties: PROVIDER_SPECIALTIES.filter((_, j) => (i * 5 + j * 3) % 4 !== 0),
        size: sizes[i % 5],
        country: i % 4 === 0 ? "DE" : "US",
      }),
    );
  }
  for (const [i, p] of history.entries()) {
    for (const [k, requestId] of earlier.slice(0, 1 + (i % earlier.length)).entries()) {
      const declined = (i + k) % 4 === 0;
      const [lead] = await ctx.database.db
        .insert(leads)
        .values({
          quoteRequestId: requestId,
          companyId: p.companyId,
          matchScore: 60,
          scoreParts: [],
          status: declined ? "declined" : (i + k) % 3 === 0 ? "quoted" : "viewed",
          declineReason: declined ? (["not_fit", "no_capacity", "too_small", "other"] as const)[(i + k) % 4] : null,
          declinedAt: declined ? new Date(Date.now() - ((i * 13) % 120) * DAY_MS) : null,
          createdAt: new Date(Date.now() - ((i + k * 5) % 12) * DAY_MS),
        })
        .returning({ id: leads.id });
      if (!lead || (i + k) % 3 !== 0 || declined) continue;
      const accepted = (i + k) % 2 === 0;
      await ctx.database.db.insert(quotes).values({
        leadId: lead.id,
        companyId: p.companyId,
        quoteRequestId: requestId,
        amountCents: 1_500_000,
        timeline: "4 weeks",
        message: "A quote of the matching-at-scale test.",
        status: accepted ? "accepted" : "submitted",
        decidedAt: accepted ? new Date() : null,
      });
    }
    if (i % 5 === 2) await createReviewedHire(ctx, { client: other, companyId: p.companyId, rating: 1 + (i % 5) });
  }
  return earlier;
}

/** Providers with a history of the second kind, seeded in SQL through the triggers of migration 0034. */
const RICH = 400;

/**
 * RICH providers with many specialties (so that they compete with the best without a history), each with
 * 0 to 5 leads on the requests `on`: recent or weeks old, declined lately or long ago, for a reason about
 * the work or for no capacity, answered with quotes, some accepted (wins in the requests' industries);
 * ratings on some; a weekly capacity (that their recent leads may fill), a pause or an industry on others.
 */
async function seedRichHistory(on: number[], count = RICH, tag = "rich") {
  const specialties = sql.raw(`array[${PROVIDER_SPECIALTIES.map((s) => `'${s}'`).join(",")}]`);
  const requests = sql.raw(`array[${on.join(",")}]`);
  await ctx.database.db.execute(sql`
    with u as (
      insert into users (email, password_hash, first_name, last_name, user_type)
      select ${tag} || '-' || g || '@example.com', 'x', 'Rich', 'Provider ' || g, 'provider' from generate_series(1, ${count}) g
      returning id
    ), c as (
      insert into companies (user_id, name, description, industry, location, country, size, specialties, status,
        review_count, rating_sum, lead_industries, lead_weekly_capacity, lead_paused_until)
      select u.id, 'Rich Co ' || u.id, 'A provider with a history.', 'automation', 'Somewhere',
        case when u.id % 5 = 0 then 'DE' else 'US' end,
        (array['startup', 'small', 'medium', 'large', 'enterprise'])[1 + (u.id * 3) % 5]::company_size,
        array(select s from unnest(${specialties}) with ordinality t(s, i) where ((u.id * 2654435761) >> i::int) % 5 <> 0),
        (case when u.id % 67 = 0 then 'pending' else 'approved' end)::company_status,
        case when u.id % 3 = 0 then 1 + u.id % 6 else 0 end,
        case when u.id % 3 = 0 then (1 + u.id % 6) * (1 + (u.id / 3) % 5) else 0 end,
        case when u.id % 19 = 0 then array['healthcare'] else '{}'::text[] end,
        case when u.id % 11 = 0 then 1 + u.id % 3 end,
        case when u.id % 61 = 0 then current_date + 3 end
      from u
      returning id, user_id
    ), s as (
      insert into subscriptions (user_id, provider, customer_id, external_id, status)
      select user_id, 'demo', 'cus_' || ${tag} || user_id, 'sub_' || ${tag} || user_id, 'active' from c
    )
    insert into leads (quote_request_id, company_id, match_score, score_parts, status, decline_reason, declined_at, created_at)
    select (${requests})[1 + (c.id + j) % cardinality(${requests})], c.id, 60, '[]'::jsonb,
      (case when (c.id + j) % 4 = 0 then 'declined' when (c.id * 7 + j) % 3 = 0 then 'quoted' else 'viewed' end)::lead_status,
      case when (c.id + j) % 4 = 0 then (array['not_fit', 'no_capacity', 'too_small', 'other'])[1 + (c.id / 4 + j) % 4]::lead_decline_reason end,
      case when (c.id + j) % 4 = 0 then now() - ((c.id * 13 + j * 7) % 130) * interval '1 day' end,
      now() - ((c.id * 5 + j * 3) % 21) * interval '1 day' - interval '1 hour'
    from c cross join generate_series(0, 4) j
    where j < c.id % 6`);
  await ctx.database.db.execute(sql`
    insert into quotes (lead_id, company_id, quote_request_id, amount_cents, timeline, message, status, decided_at)
    select l.id, l.company_id, l.quote_request_id, 1500000, '4 weeks', 'A quote of the matching-at-scale test.',
      (case when l.id % 3 <> 0 then 'accepted' else 'submitted' end)::quote_status, case when l.id % 3 <> 0 then now() end
    from leads l join companies c on c.id = l.company_id
    where l.status = 'quoted' and c.name like 'Rich Co %' and not exists (select 1 from quotes q where q.lead_id = l.id)`);
}

let earlier: number[] = [];

beforeAll(async () => {
  await ctx.database.db.delete(companies);
  client = await createUser(ctx, "client");
  earlier = await seedHistory();
  await seedRichHistory(earlier);
  await seedPlainProviders();
});

/** A request of the client as matching reads it, with the invitation the test gives it. */
async function request(over: Parameters<typeof quoteRequestBody>[0], invitedCompanyId: number | null = null) {
  const id = await submitRequest(ctx, client, over);
  if (invitedCompanyId !== null) {
    await ctx.database.db
      .update(quoteRequests)
      .set({ invitedCompanyId, inviteStatus: "pending" })
      .where(eq(quoteRequests.id, id));
  }
  const [row] = await ctx.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
  if (!row) throw new Error("no request");
  return row;
}

/** The providers with a history the shortlists compared held. */
const withHistory: number[] = [];

/** Both queries for the request and each wanted number: the same candidates, the count exact below its cap. */
async function expectSameAsScoringEveryone(row: Awaited<ReturnType<typeof request>>) {
  const prepared = prepareRequest(requestProfile(row));
  const at = matchMoment(new Date());
  const walked: boolean[] = [];
  await ctx.database.db.transaction(async (tx) => {
    for (const wanted of [1, 3, 10]) {
      const fast = await findCandidates(tx, row, prepared, wanted, at);
      const full = await scoreEveryCandidate(tx, row, prepared, wanted, at);
      expect(fast.candidates).toEqual(full.candidates);
      withHistory.push(...fast.candidates.filter((c) => c.leadsTotal > 0).map((c) => c.companyId));
      expect(fast.candidates.length).toBeGreaterThan(0);
      if (fast.eligibleAtLeast) {
        expect(full.eligible).toBeGreaterThanOrEqual(fast.eligible);
        expect(fast.eligible).toBeGreaterThanOrEqual(ELIGIBLE_COUNT_CAP);
      } else {
        expect(fast.eligible).toBe(full.eligible);
      }
      walked.push(fast.eligibleAtLeast);
    }
  });
  return walked;
}

describe("the candidates without a lead history, read group by group", () => {
  it("are those of scoring every candidate, for requests of every kind", async () => {
    const body = quoteRequestBody();
    const plainIds = (
      await ctx.database.db
        .select({ id: companies.id })
        .from(companies)
        .where(sql`${companies.name} like 'Plain Co %'`)
        .orderBy(companies.id)
    ).map((r) => r.id);
    const requests = [
      // The wizard's usual request: many specialties, a mid-size budget.
      await request({}),
      // One specialty asked (RPA, by the browser and the trigger), a large budget, on-site work.
      await request({
        automationTypes: ["Other"],
        budgetRange: "$50k+",
        requirements: {
          ...body.requirements,
          systems: ["Browser"],
          systemTypes: ["Not sure"],
          triggerType: "manual",
          workplace: "on-site",
        },
      }),
      // Another industry than most providers' history, no budget given.
      await request({ industry: "healthcare", budgetRange: "Not specified" }),
      // An invited provider without a history, far down the ranking; and one with a history.
      await request({}, plainIds.at(-2) ?? null),
      await request({ industry: "retail" }, history[7]?.companyId ?? null),
      // The industry of most wins and declines, a small budget; and another of some.
      await request({ budgetRange: "<$5k" }),
      await request({ industry: "retail", budgetRange: "$30k-$50k" }),
    ];
    const walked: boolean[] = [];
    for (const row of requests) walked.push(...(await expectSameAsScoringEveryone(row)));
    // The group walk ran (more providers without a history than the cap), and the providers with a history
    // competed: some of them made the shortlists.
    expect(walked.every(Boolean)).toBe(true);
    expect(new Set(withHistory).size).toBeGreaterThan(10);
  });

  it("count exactly, and score them all, when fewer than the cap may receive the request", async () => {
    const body = quoteRequestBody();
    // Only a third of the providers without a history are in the US.
    const row = await request({ requirements: { ...body.requirements, locationPreference: "us-only" } });
    const walked = await expectSameAsScoringEveryone(row);
    expect(walked.some(Boolean)).toBe(false);
  });

  it("are those of scoring every candidate when most providers have a history", async () => {
    // More eligible providers with a history than the cap, and none without one: the walk starts without a
    // last place to reach, and counts those with a history.
    await seedRichHistory(earlier, 1200, "mature");
    await ctx.database.db
      .update(companies)
      .set({ leadPausedUntil: sql`current_date + 30` })
      .where(sql`${companies.name} like 'Plain Co %'`);
    const walked: boolean[] = [];
    for (const row of [await request({}), await request({ industry: "retail", budgetRange: "<$5k" })]) {
      walked.push(...(await expectSameAsScoringEveryone(row)));
    }
    expect(walked.every(Boolean)).toBe(true);
  });
});
