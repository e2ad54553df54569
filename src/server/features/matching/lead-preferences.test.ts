// The leads a provider wants (issue 32, decision 171): each preference set through the real endpoint
// keeps out exactly the requests it should, in the database's pre-ranking, on both databases; the lead
// says which preference let it through; the admin's alert names what kept providers out; the pause and
// the capacity end by the app's clock.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { isoDay, type LeadPreferences, NO_LEAD_PREFERENCES, preferenceExclusions } from "@/shared/lead-preferences";
import { prepareRequest } from "@/shared/matching";
import { alerts } from "../../db/schema/alerts";
import { companies } from "../../db/schema/companies";
import { quoteRequests } from "../../db/schema/quote-requests";
import { createProvider, type TestProvider } from "../../test/fixtures";
import { leadsOfRequest } from "../../test/reads";
import { submitRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { getLeadPreferences } from "../companies/lead-preferences";
import { matchMoment, requestFacts } from "./eligibility";
import { findCandidates } from "./queries";
import { matchQuoteRequest, rematchOpenRequests, requestProfile, tooFewProvidersCause } from "./service";

const ctx = sharedTestContext();
const DAY_MS = 24 * 60 * 60 * 1000;
const URL = "/api/companies/me/lead-preferences";
let client: TestUser;

// Each test starts with no providers and a client signed in now (a test may move the clock past its session).
beforeEach(async () => {
  await ctx.database.db.delete(companies);
  client = await createUser(ctx, "client");
});

async function prefer(provider: TestProvider, over: Partial<LeadPreferences>) {
  const res = await as(ctx, provider, { method: "PUT", url: URL, payload: { ...NO_LEAD_PREFERENCES, ...over } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const tomorrow = () => isoDay(new Date(ctx.clock.now().getTime() + DAY_MS));

/** Whether a new request (the default one: Finance, $15k-$30k, a client in London, UK) reaches the provider. */
async function reaches(provider: TestProvider, over: Parameters<typeof submitRequest>[2] = {}) {
  const id = await submitRequest(ctx, client, over);
  await matchQuoteRequest(ctx.deps, id);
  return (await leadsOfRequest(ctx, id)).some((l) => l.companyId === provider.companyId);
}

describe("each lead preference is a hard filter of matching", () => {
  it.each<[string, Partial<LeadPreferences>, Parameters<typeof submitRequest>[2], boolean]>([
    ["no preferences", {}, {}, true],
    ["an industry it does not take", { industries: ["healthcare", "legal"] }, {}, false],
    ["one of its industries", { industries: ["legal", "finance"] }, {}, true],
    ["a budget under its minimum", { minBudget: "$30k-$50k" }, {}, false],
    ["a budget at its minimum", { minBudget: "$15k-$30k" }, {}, true],
    ["a budget over its minimum", { minBudget: "<$5k" }, { budgetRange: "$50k+" }, true],
    ["no budget given, whatever its minimum", { minBudget: "$50k+" }, { budgetRange: "Not specified" }, true],
    ["a client's country it does not serve (read from the location)", { countries: ["US", "CA"] }, {}, false],
    ["a client's country it serves (read from the location)", { countries: ["US", "GB"] }, {}, true],
    [
      "the country the client chose over the one the location names",
      { countries: ["DE"] },
      { requirements: { country: "DE" } },
      true,
    ],
    ["a client whose country is unknown", { countries: ["US"] }, { requirements: { location: "Remote" } }, true],
    [
      "on-site work, when it takes remote work only",
      { remoteOnly: true },
      { requirements: { workplace: "on-site" } },
      false,
    ],
    [
      "remote work, when it takes remote work only",
      { remoteOnly: true },
      { requirements: { workplace: "remote" } },
      true,
    ],
    ["work the client did not say is on site, when remote only", { remoteOnly: true }, {}, true],
    ["on-site work, when it also works on site", {}, { requirements: { workplace: "on-site" } }, true],
  ])("%s: reached %#", async (_name, preferences, request, reached) => {
    const provider = await createProvider(ctx);
    await prefer(provider, preferences);
    expect(await reaches(provider, request)).toBe(reached);
  });

  it("the database's pre-ranking lets through exactly the providers the scorer's own rules do", async () => {
    const variants: Partial<LeadPreferences>[] = [
      {},
      { industries: ["finance"] },
      { industries: ["legal"] },
      { minBudget: "$15k-$30k" },
      { minBudget: "$30k-$50k" },
      { countries: ["GB"] },
      { countries: ["US"] },
      { remoteOnly: true },
      { pausedUntil: tomorrow() },
      { industries: ["finance", "retail"], countries: ["US", "DE"], remoteOnly: true },
    ];
    const providers: { companyId: number; preferences: LeadPreferences }[] = [];
    for (const over of variants) {
      const provider = await createProvider(ctx);
      await prefer(provider, over);
      providers.push({ companyId: provider.companyId, preferences: { ...NO_LEAD_PREFERENCES, ...over } });
    }
    const requests: Parameters<typeof submitRequest>[2][] = [
      {},
      { requirements: { workplace: "on-site" } },
      { industry: "retail", budgetRange: "$50k+", requirements: { country: "DE" } },
      { budgetRange: "Not specified", requirements: { location: "Remote" } },
    ];
    for (const over of requests) {
      const [row] = await ctx.database.db
        .select()
        .from(quoteRequests)
        .where(eq(quoteRequests.id, await submitRequest(ctx, client, over)));
      if (!row) throw new Error("no request");
      const at = matchMoment(ctx.clock.now());
      const found = await ctx.database.db.transaction((tx) =>
        findCandidates(tx, row, prepareRequest(requestProfile(row)), 1000, at),
      );
      const allowed = providers.filter(
        (p) =>
          preferenceExclusions(p.preferences, requestFacts(row), { today: at.today, leadsLast7Days: 0 }).length === 0,
      );
      expect(found.candidates.map((c) => c.companyId).sort()).toEqual(allowed.map((p) => p.companyId).sort());
      expect(found.eligible).toBe(allowed.length);
    }
  });

  it("a paused provider gets no new lead and keeps the leads it has; the pause ends on its return date", async () => {
    const provider = await createProvider(ctx);
    const before = await submitRequest(ctx, client);
    await matchQuoteRequest(ctx.deps, before);
    expect((await leadsOfRequest(ctx, before)).map((l) => l.companyId)).toEqual([provider.companyId]);

    const state = await prefer(provider, { pausedUntil: tomorrow() });
    expect(state).toMatchObject({ paused: true, leadsLast7Days: 1 });
    const during = await submitRequest(ctx, client, { title: "Asked while the provider is away" });
    await matchQuoteRequest(ctx.deps, during);
    expect(await leadsOfRequest(ctx, during)).toHaveLength(0);
    // The lead it had is untouched.
    expect((await leadsOfRequest(ctx, before)).map((l) => l.companyId)).toEqual([provider.companyId]);

    // The return date comes (by the app's clock): the sweep delivers the waiting request, with nothing saved,
    // and the Settings read no pause any more.
    ctx.clock.advance(DAY_MS);
    await rematchOpenRequests(ctx.deps);
    expect((await leadsOfRequest(ctx, during)).map((l) => l.companyId)).toEqual([provider.companyId]);
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.id, provider.companyId));
    const read = await getLeadPreferences(ctx.database.db, ctx.clock.now, company?.userId ?? 0);
    expect(read).toMatchObject({ pausedUntil: null, paused: false });
  });

  it("a provider at its weekly capacity gets no new lead until its oldest one is 7 days old", async () => {
    const provider = await createProvider(ctx);
    const state = await prefer(provider, { weeklyCapacity: 2 });
    expect(state).toMatchObject({ weeklyCapacity: 2, leadsLast7Days: 0, full: false });
    expect(await reaches(provider)).toBe(true);
    expect(await reaches(provider)).toBe(true);
    const third = await submitRequest(ctx, client, { title: "The third request of the week" });
    await matchQuoteRequest(ctx.deps, third);
    expect(await leadsOfRequest(ctx, third)).toHaveLength(0);
    const res = await as(ctx, provider, { method: "GET", url: URL });
    expect(res.json()).toMatchObject({ leadsLast7Days: 2, full: true });

    ctx.clock.advance(7 * DAY_MS);
    await rematchOpenRequests(ctx.deps);
    expect((await leadsOfRequest(ctx, third)).map((l) => l.companyId)).toEqual([provider.companyId]);
  });
});

describe("what the preferences explain", () => {
  it("the lead says which of the provider's preferences let it through; without preferences it says nothing of them", async () => {
    const picky = await createProvider(ctx);
    const open = await createProvider(ctx);
    await prefer(picky, { industries: ["finance"], minBudget: "$5k-$15k", countries: ["GB"], weeklyCapacity: 5 });
    const id = await submitRequest(ctx, client);
    await matchQuoteRequest(ctx.deps, id);
    const delivered = new Map((await leadsOfRequest(ctx, id)).map((l) => [l.companyId, l]));
    const part = delivered.get(picky.companyId)?.scoreParts.find((p) => p.part === "preferences");
    expect(part).toEqual({
      part: "preferences",
      points: 0,
      max: 0,
      reason:
        "Your lead preferences let it through: Finance is one of your industries; its $15k-$30k budget meets your $5k-$15k minimum; the client is in United Kingdom, one of your countries; it is lead 1 of the 5 a week you take.",
    });
    expect(delivered.get(open.companyId)?.scoreParts.map((p) => p.part)).not.toContain("preferences");
  });

  it("the admin's too-few-providers alert names the preferences that kept the most providers out", async () => {
    for (const industries of [["healthcare"], ["legal"], ["retail"]] as const) {
      await prefer(await createProvider(ctx), { industries: [...industries] });
    }
    await prefer(await createProvider(ctx), { pausedUntil: tomorrow(), minBudget: "$50k+" });
    const eligible = await createProvider(ctx);
    const id = await submitRequest(ctx, client, { title: "Only one provider takes this" });
    await matchQuoteRequest(ctx.deps, id);
    expect((await leadsOfRequest(ctx, id)).map((l) => l.companyId)).toEqual([eligible.companyId]);
    const [alert] = await ctx.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.cause, tooFewProvidersCause(id)));
    expect(alert?.description).toBe(
      `Request #${id} "Only one provider takes this" (finance) has 1 eligible provider; at least 2 are needed to give the client a choice. Lead preferences kept out: industry (3), paused (1) and minimum budget (1).`,
    );
  });
});

describe("the preferences' endpoint", () => {
  it("keeps what it is given, and reads it back", async () => {
    const provider = await createProvider(ctx);
    const wanted: LeadPreferences = {
      industries: ["finance", "retail"],
      minBudget: "$15k-$30k",
      countries: ["GB", "US"],
      remoteOnly: true,
      weeklyCapacity: 12,
      pausedUntil: tomorrow(),
    };
    await prefer(provider, wanted);
    const res = await as(ctx, provider, { method: "GET", url: URL });
    expect(res.json()).toEqual({ ...wanted, leadsLast7Days: 0, paused: true, full: false });
  });

  it.each<[string, Partial<LeadPreferences> | Record<string, unknown>, string, string]>([
    ["a return date of today", { pausedUntil: "TODAY" }, "pausedUntil", "The return date must be after today"],
    [
      "a return date over a year away",
      { pausedUntil: "FAR" },
      "pausedUntil",
      "The return date must be within 366 days",
    ],
    [
      "a date that is none",
      { pausedUntil: "2026-02-30" },
      "pausedUntil",
      "Enter the return date as a date (YYYY-MM-DD)",
    ],
    [
      "a capacity of 0",
      { weeklyCapacity: 0 },
      "weeklyCapacity",
      "Weekly capacity must be a whole number from 1 to 500, or empty for no limit",
    ],
    ["a country that is none", { countries: ["XX"] }, "countries.0", "Choose countries from the list"],
    ["an industry that is none", { industries: ["space"] }, "industries.0", "Choose industries from the list"],
    ["a budget that is none", { minBudget: "$1m" }, "minBudget", "Choose a budget from the list"],
  ])("refuses %s with a 400 naming the field, and changes nothing", async (_name, over, field, message) => {
    const provider = await createProvider(ctx);
    const today = isoDay(ctx.clock.now());
    const far = isoDay(new Date(ctx.clock.now().getTime() + 400 * DAY_MS));
    const payload = {
      ...NO_LEAD_PREFERENCES,
      ...over,
      ...(over.pausedUntil === "TODAY"
        ? { pausedUntil: today }
        : over.pausedUntil === "FAR"
          ? { pausedUntil: far }
          : {}),
    };
    const res = await as(ctx, provider, { method: "PUT", url: URL, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ field, message });
    const after = await as(ctx, provider, { method: "GET", url: URL });
    expect(after.json()).toMatchObject(NO_LEAD_PREFERENCES);
  });
});
