import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { prepareRequest, rankProviders } from "@/shared/matching";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { alerts } from "../../db/schema/alerts";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { notifications } from "../../db/schema/notifications";
import { quoteRequests } from "../../db/schema/quote-requests";
import { users } from "../../db/schema/users";
import { createJobQueue } from "../../jobs/queue";
import { startWorkers } from "../../jobs/workers";
import { createProvider, createTopProvider, quoteRequestBody, type TestProvider } from "../../test/fixtures";
import { leadsOfRequest, requestStatus } from "../../test/reads";
import { createReviewedHire } from "../../test/reviewed-hires";
import { submitRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { findCandidates } from "./queries";
import {
  checkMatchDeadlines,
  matchOverdueCause,
  matchQuoteRequest,
  rematchOpenRequests,
  requestProfile,
  tooFewProvidersCause,
} from "./service";

const ctx = sharedTestContext();
let client: TestUser;
let admin: TestUser;
const deps = () => ctx.deps;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  client = await createUser(ctx, "client");
  admin = await createUser(ctx, "admin");
});
// Each test starts with no providers, so that it decides who is eligible.
beforeEach(async () => {
  await ctx.database.db.delete(companies);
});

/** A new request's row and its profile, as matching reads them. */
async function submittedProfile(over: Parameters<typeof quoteRequestBody>[0] = {}) {
  const id = await submitRequest(ctx, client, over);
  const [row] = await ctx.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
  if (!row) throw new Error("no request");
  return { row, profile: requestProfile(row) };
}

const alertsFor = (cause: string) => ctx.database.db.select().from(alerts).where(eq(alerts.cause, cause));

describe("matching a submitted request", () => {
  it("a background job delivers the request to the best 3 eligible providers, with scores and reasons", async () => {
    const strong = await createProvider(ctx, {
      specialties: ["RPA", "System Integration", "Workflow Automation", "API Development"],
    });
    const good = await createProvider(ctx, { specialties: ["RPA", "System Integration"] });
    const fair = await createProvider(ctx, { specialties: ["RPA"] });
    const weak = await createProvider(ctx, { specialties: ["IoT Integration"] });

    const id = await submitRequest(ctx, client);
    // Submitting did not match: that is the job's work.
    expect(await leadsOfRequest(ctx, id)).toHaveLength(0);
    // Workers on a queue of this test's own, stopped when it ends, so that they match nothing the
    // later tests submit.
    const workerQueue = createJobQueue(ctx.database, quiet, { maintenance: false });
    await workerQueue.start();
    onTestFinished(() => workerQueue.stop());
    await startWorkers({ ...deps(), jobs: workerQueue, log: quiet }, { schedules: false });

    const until = Date.now() + 20_000;
    while ((await leadsOfRequest(ctx, id)).length < 3 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    const delivered = await leadsOfRequest(ctx, id);
    expect(delivered.map((l) => l.companyId).sort()).toEqual([strong.companyId, good.companyId, fair.companyId].sort());
    expect(delivered.map((l) => l.companyId)).not.toContain(weak.companyId);
    const byCompany = new Map(delivered.map((l) => [l.companyId, l]));
    expect(byCompany.get(strong.companyId)?.matchScore).toBeGreaterThan(
      byCompany.get(fair.companyId)?.matchScore ?? 100,
    );
    for (const lead of delivered) {
      expect(lead.matchScore).toBeGreaterThanOrEqual(0);
      expect(lead.matchScore).toBeLessThanOrEqual(100);
      expect(lead.status).toBe("new");
      expect(lead.scoreParts.map((p) => p.part)).toEqual([
        "specialty",
        "location",
        "budget",
        "industryWins",
        "load",
        "responsiveness",
      ]);
      expect(Math.round(lead.scoreParts.reduce((a, p) => a + p.points, 0))).toBe(lead.matchScore);
    }
    expect(await requestStatus(ctx, id)).toBe("matched");
    // Each provider is told, and only those who got the lead.
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.kind, "lead.delivered"));
    expect(told.map((n) => n.userId)).toEqual(expect.arrayContaining([strong.id, good.id, fair.id]));
    expect(told.map((n) => n.userId)).not.toContain(weak.id);
  });

  it("running twice, or twice at once, never duplicates a lead", async () => {
    for (let i = 0; i < 4; i++) await createProvider(ctx);
    const id = await submitRequest(ctx, client);
    const [a, b] = await Promise.all([matchQuoteRequest(deps(), id), matchQuoteRequest(deps(), id)]);
    const again = await matchQuoteRequest(deps(), id);
    const rows = await leadsOfRequest(ctx, id);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.companyId)).size).toBe(3);
    const deliveredCounts = [a, b, again].map((o) => (o.status === "done" ? o.delivered : -1));
    expect(deliveredCounts.reduce((x, y) => x + y, 0)).toBe(3);
    expect(again).toMatchObject({ status: "done", delivered: 0, totalLeads: 3 });
  });

  it("gives nothing to providers without access: pending, rejected, unsubscribed, lapsed", async () => {
    const ineligible = [
      await createProvider(ctx, { companyStatus: "pending" }),
      await createProvider(ctx, { companyStatus: "rejected" }),
      await createProvider(ctx, { subscription: null }),
      await createProvider(ctx, { subscription: "incomplete" }),
      await createProvider(ctx, { subscription: "past_due" }),
      await createProvider(ctx, { subscription: "canceled" }),
    ];
    const trialing = await createProvider(ctx, { subscription: "trialing" });
    const id = await submitRequest(ctx, client);
    await matchQuoteRequest(deps(), id);
    const rows = await leadsOfRequest(ctx, id);
    expect(rows.map((r) => r.companyId)).toEqual([trialing.companyId]);
    for (const p of ineligible) expect(rows.map((r) => r.companyId)).not.toContain(p.companyId);
  });

  it("gives nothing to a provider whose account an admin suspended", async () => {
    const suspended = await createProvider(ctx);
    const active = await createProvider(ctx);
    await ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const id = await submitRequest(ctx, client);
    await matchQuoteRequest(deps(), id);
    expect((await leadsOfRequest(ctx, id)).map((r) => r.companyId)).toEqual([active.companyId]);
  });

  it("keeps a US-only request to US providers", async () => {
    const us = await createProvider(ctx, { country: "US" });
    await createProvider(ctx, { country: "DE", specialties: ["RPA", "System Integration", "Workflow Automation"] });
    // A provider whose country is not known is not known to be in the US (decision 102).
    await createProvider(ctx, { country: null, specialties: ["RPA", "System Integration", "Workflow Automation"] });
    const id = await submitRequest(ctx, client, {
      requirements: { ...quoteRequestBody().requirements, locationPreference: "us-only" },
    });
    await matchQuoteRequest(deps(), id);
    expect((await leadsOfRequest(ctx, id)).map((r) => r.companyId)).toEqual([us.companyId]);
  });

  it("does not match a cancelled request", async () => {
    await createProvider(ctx);
    const id = await submitRequest(ctx, client);
    expect(
      (
        await as(ctx, client, {
          method: "POST",
          url: `/api/quote-requests/${id}/cancel`,
        })
      ).statusCode,
    ).toBe(200);
    expect(await matchQuoteRequest(deps(), id)).toEqual({ status: "skipped", reason: "not-open" });
    expect(await leadsOfRequest(ctx, id)).toHaveLength(0);
  });
});

describe("the requester's own company", () => {
  it("never receives the request as a lead, however well it fits", async () => {
    const own = await createTopProvider(ctx);
    const other = await createProvider(ctx);
    const id = await submitRequest(ctx, client);
    // The request's client owns an approved, subscribed company (a client who became a provider).
    await ctx.database.db.update(quoteRequests).set({ clientId: own.id }).where(eq(quoteRequests.id, id));
    await matchQuoteRequest(deps(), id);
    const companies = (await leadsOfRequest(ctx, id)).map((l) => l.companyId);
    expect(companies).toContain(other.companyId);
    expect(companies).not.toContain(own.companyId);
  });
});

describe("the database's pre-ranking", () => {
  it("picks the same providers as scoring every candidate, and counts all eligible ones", async () => {
    const all = [...PROVIDER_SPECIALTIES];
    const sizes = ["startup", "small", "medium", "large", "enterprise"] as const;
    for (let i = 0; i < 40; i++) {
      await createProvider(ctx, {
        // A spread of specialties and sizes, some outside the US.
        specialties: all.filter((_, j) => (i * 7 + j * 3) % 4 === 0),
        size: sizes[i % 5],
        country: i % 6 === 0 ? "DE" : "US",
      });
    }
    const { row, profile } = await submittedProfile({
      budgetRange: "$50k+",
      requirements: { ...quoteRequestBody().requirements, locationPreference: "us-only" },
    });
    await ctx.database.db.transaction(async (tx) => {
      const everyone = await findCandidates(tx, row, prepareRequest(profile), 10_000);
      const top = await findCandidates(tx, row, prepareRequest(profile), 3);
      expect(everyone.candidates).toHaveLength(everyone.eligible);
      expect(top.eligible).toBe(everyone.eligible);
      expect(everyone.eligible).toBe(40 - 7); // ids 0, 6, ..., 36 are in Germany
      expect(rankProviders(profile, top.candidates, 3)).toEqual(rankProviders(profile, everyone.candidates, 3));
      // The database orders every candidate exactly as the ranking does (rounded scores, then ties),
      // so that its shortlist can never leave out a provider the ranking would pick.
      const exact = rankProviders(profile, everyone.candidates, everyone.eligible).map((r) => r.companyId);
      expect(everyone.candidates.map((c) => c.companyId)).toEqual(exact);
    });
  });
});

describe("the decline penalty in the database's pre-ranking", () => {
  it("counts each provider's recent declines of the industry as scoring does, and orders alike", async () => {
    const providers: TestProvider[] = [];
    for (let i = 0; i < 12; i++) {
      providers.push(await createProvider(ctx, { specialties: i % 2 ? ["RPA"] : ["RPA", "System Integration"] }));
    }
    const finance = [
      await submitRequest(ctx, client),
      await submitRequest(ctx, client),
      await submitRequest(ctx, client),
      await submitRequest(ctx, client),
      await submitRequest(ctx, client),
    ];
    const health = await submitRequest(ctx, client, { industry: "healthcare" });
    const DAY = 24 * HOUR_MS;
    // Provider i declined i % 6 finance requests lately for a reason about the work; some declined
    // more that do not count: "no capacity", too long ago, another industry.
    const declined = providers.flatMap((p, i) => [
      ...finance.slice(0, i % 6).map((requestId, k) => ({
        requestId,
        companyId: p.companyId,
        reason: (["not_fit", "too_small", "other"] as const)[k % 3],
        at: new Date(Date.now() - DAY),
      })),
      ...(i % 3 === 0
        ? [
            { requestId: finance[4] as number, companyId: p.companyId, reason: "no_capacity" as const, at: new Date() },
            { requestId: health, companyId: p.companyId, reason: "not_fit" as const, at: new Date() },
          ]
        : []),
      ...(i % 4 === 1
        ? [
            {
              requestId: finance[4] as number,
              companyId: p.companyId,
              reason: "not_fit" as const,
              at: new Date(Date.now() - 91 * DAY),
            },
          ]
        : []),
    ]);
    // A company declines a request once: the (request, company) key.
    const seen = new Set<string>();
    const rows = declined.filter((d) => {
      const key = `${d.requestId}:${d.companyId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    await ctx.database.db.insert(leads).values(
      rows.map((d) => ({
        quoteRequestId: d.requestId,
        companyId: d.companyId,
        matchScore: 50,
        scoreParts: [],
        status: "declined" as const,
        declineReason: d.reason,
        declinedAt: d.at,
      })),
    );
    const { row, profile } = await submittedProfile();
    await ctx.database.db.transaction(async (tx) => {
      const everyone = await findCandidates(tx, row, prepareRequest(profile), 10_000);
      const counted = new Map(everyone.candidates.map((c) => [c.companyId, c.declinesInIndustry]));
      expect(providers.map((p) => counted.get(p.companyId))).toEqual(providers.map((_, i) => i % 6));
      const exact = rankProviders(profile, everyone.candidates, everyone.eligible);
      expect(everyone.candidates.map((c) => c.companyId)).toEqual(exact.map((r) => r.companyId));
      // Alike but for four declines, the decliner ranks below the provider who declined nothing.
      const scoreOf = new Map(exact.map((r) => [r.companyId, r.score]));
      expect(scoreOf.get(providers[4]?.companyId ?? 0)).toBeLessThan(scoreOf.get(providers[6]?.companyId ?? 0) ?? 0);
      const top = await findCandidates(tx, row, prepareRequest(profile), 3);
      expect(rankProviders(profile, top.candidates, 3)).toEqual(rankProviders(profile, everyone.candidates, 3));
    });
  });
});

describe("the clients' ratings in the score", () => {
  it("the database's pre-ranking reads the visible reviews as scoring does, and orders alike", async () => {
    const providers: TestProvider[] = [];
    for (let i = 0; i < 10; i++) {
      providers.push(await createProvider(ctx, { specialties: i % 2 ? ["RPA"] : ["RPA", "System Integration"] }));
    }
    // Provider i: i % 4 reviewed hires rated from 1 to 5 stars, and for some a hidden 5-star review.
    const ratings = providers.map((_, i) => Array.from({ length: i % 4 }, (_, k) => ((i + k * 3) % 5) + 1));
    for (const [i, p] of providers.entries()) {
      for (const rating of ratings[i] ?? []) await createReviewedHire(ctx, { client, companyId: p.companyId, rating });
      if (i % 3 === 0) await createReviewedHire(ctx, { client, companyId: p.companyId, rating: 5, hidden: true });
    }
    const { row, profile } = await submittedProfile();
    await ctx.database.db.transaction(async (tx) => {
      const everyone = await findCandidates(tx, row, prepareRequest(profile), 10_000);
      const read = new Map(everyone.candidates.map((c) => [c.companyId, [c.reviewCount, c.ratingSum]]));
      expect(providers.map((p) => read.get(p.companyId))).toEqual(
        ratings.map((r) => [r.length, r.reduce((a, b) => a + b, 0)]),
      );
      const exact = rankProviders(profile, everyone.candidates, everyone.eligible);
      expect(everyone.candidates.map((c) => c.companyId)).toEqual(exact.map((r) => r.companyId));
      const top = await findCandidates(tx, row, prepareRequest(profile), 3);
      expect(rankProviders(profile, top.candidates, 3)).toEqual(rankProviders(profile, everyone.candidates, 3));
    });
  });

  it("of providers alike in every other part, the better rated wins the lead and is told why", async () => {
    const alike: TestProvider[] = [];
    for (let i = 0; i < 4; i++) alike.push(await createProvider(ctx));
    const [first, second, third, last] = alike as [TestProvider, TestProvider, TestProvider, TestProvider];
    // Each was hired once before (same load, same answer rate, no finance wins); only the reviews differ.
    await createReviewedHire(ctx, { client, companyId: first.companyId, rating: 1, outcome: "not_met" });
    await createReviewedHire(ctx, { client, companyId: second.companyId, rating: 3 });
    await createReviewedHire(ctx, { client, companyId: third.companyId, rating: 5, hidden: true });
    await createReviewedHire(ctx, { client, companyId: last.companyId, rating: 5 });

    const id = await submitRequest(ctx, client);
    await matchQuoteRequest(deps(), id);
    const delivered = await leadsOfRequest(ctx, id);
    // Without ratings the lowest ids would win the tie; the 1-star provider drops out for the 5-star one.
    expect(delivered.map((l) => l.companyId).sort()).toEqual(
      [second.companyId, third.companyId, last.companyId].sort(),
    );
    const byCompany = new Map(delivered.map((l) => [l.companyId, l]));
    expect(byCompany.get(last.companyId)?.matchScore).toBeGreaterThan(byCompany.get(second.companyId)?.matchScore ?? 0);

    const leadId = byCompany.get(last.companyId)?.id;
    const res = await as(ctx, last, { method: "GET", url: `/api/leads/${leadId}` });
    expect(res.statusCode).toBe(200);
    const parts: { part: string; points: number; max: number; reason: string }[] = res.json().scoreParts;
    expect(parts.find((p) => p.part === "reviews")).toEqual({
      part: "reviews",
      points: 1.7,
      max: 5,
      reason: "Rated 5.0 from 1 review by clients who hired you: +1.7 points (ratings count in full from 3 reviews)",
    });
    // A hidden review counts for nothing: no part at all.
    const hiddenOnly = byCompany.get(third.companyId)?.scoreParts.map((p) => p.part);
    expect(hiddenOnly).not.toContain("reviews");
    expect(byCompany.get(second.companyId)?.scoreParts.find((p) => p.part === "reviews")?.points).toBe(0);
  });
});

describe("providers who become eligible later", () => {
  it("a newly approved provider picks up an open request that was short of leads", async () => {
    const early = await createProvider(ctx);
    const id = await submitRequest(ctx, client);
    await matchQuoteRequest(deps(), id);
    expect((await leadsOfRequest(ctx, id)).map((l) => l.companyId)).toEqual([early.companyId]);

    const late = await createProvider(ctx, { companyStatus: "pending" });
    const approve = await as(ctx, admin, {
      method: "PATCH",
      url: `/api/admin/providers/${late.companyId}/approve`,
    });
    expect(approve.statusCode).toBe(200);
    expect(await rematchOpenRequests(deps())).toBeGreaterThanOrEqual(1);
    expect((await leadsOfRequest(ctx, id)).map((l) => l.companyId).sort()).toEqual(
      [early.companyId, late.companyId].sort(),
    );
  });

  it("reaches every short request, however many older ones stay short, batch after batch", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await submitRequest(ctx, client));
    const late = await createTopProvider(ctx);
    // Batches of two: the newest requests are only reached by going on past the first batch.
    await rematchOpenRequests(deps(), 2);
    for (const id of ids) expect((await leadsOfRequest(ctx, id)).map((l) => l.companyId)).toContain(late.companyId);
  });
});

describe("alerts", () => {
  it("raises one alert when fewer than 2 providers were eligible, however often matching runs", async () => {
    await createProvider(ctx);
    const id = await submitRequest(ctx, client);
    await matchQuoteRequest(deps(), id);
    await matchQuoteRequest(deps(), id);
    await rematchOpenRequests(deps());
    const raised = await alertsFor(tooFewProvidersCause(id));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: "too_few_providers",
      severity: "high",
      resourceType: "quote_request",
      resourceId: id,
      isResolved: false,
    });
  });

  it("raises no such alert when enough providers are eligible", async () => {
    await createProvider(ctx);
    await createProvider(ctx);
    const id = await submitRequest(ctx, client);
    await matchQuoteRequest(deps(), id);
    expect(await alertsFor(tooFewProvidersCause(id))).toHaveLength(0);
  });

  it("a request past its due time without a match raises one alert", async () => {
    const id = await submitRequest(ctx, client);
    // The promise of a simple project is 48 hours: a minute past it, a request submitted now is on time.
    ctx.clock.advance(48 * HOUR_MS + 60_000);
    const onTime = await submitRequest(ctx, client);
    expect(await checkMatchDeadlines(deps())).toBeGreaterThanOrEqual(1);
    expect(await checkMatchDeadlines(deps())).toBe(0);
    const raised = await alertsFor(matchOverdueCause(id));
    expect(raised).toHaveLength(1);
    expect(raised[0]?.type).toBe("match_deadline_missed");
    expect(await alertsFor(matchOverdueCause(onTime))).toHaveLength(0);
  });
});
