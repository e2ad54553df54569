// Direct invites (issue 32 part 4, decision 172): a client names a listed provider from its profile; the
// first match sends it the request before anyone else when its preferences and subscription allow, and
// fills the other places as usual; otherwise the client is told and the match goes on without it.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { IDEMPOTENT_REPLAYED_HEADER } from "@/shared/idempotency";
import { INVITED_PROVIDER_GONE } from "@/shared/quote-requests";
import { companies } from "../../db/schema/companies";
import { notifications } from "../../db/schema/notifications";
import { users } from "../../db/schema/users";
import { createTopProvider, quoteRequestBody, rankedProviders, slugOf, type TestProvider } from "../../test/fixtures";
import { leadsOfRequest } from "../../test/reads";
import { acceptQuote, quoteOn, submitRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { matchQuoteRequest } from "./service";

const ctx = sharedTestContext();
let client: TestUser;
let ranked: Awaited<ReturnType<typeof rankedProviders>>;

// Each test starts with five providers ranked on the default request, and a client of its own.
beforeEach(async () => {
  await ctx.database.db.delete(companies);
  ranked = await rankedProviders(ctx);
  client = await createUser(ctx, "client");
});

async function invite(provider: TestProvider, title = "Invoice processing") {
  const id = await submitRequest(ctx, client, { title, invitedProvider: await slugOf(ctx, provider) });
  await matchQuoteRequest(ctx.deps, id);
  return id;
}

const readAs = async (user: TestUser, id: number) =>
  (await as(ctx, user, { method: "GET", url: `/api/quote-requests/${id}` })).json();

describe("a direct invite", () => {
  it("sends the request to the invited provider first, and the ranking fills the other places", async () => {
    // The fifth covers almost nothing of the request: matching alone would never pick it.
    const id = await invite(ranked.fifth);
    const delivered = await leadsOfRequest(ctx, id);
    expect(delivered.map((l) => l.companyId).sort()).toEqual(
      [ranked.fifth.companyId, ranked.first.companyId, ranked.second.companyId].sort(),
    );
    const invitedLead = delivered.find((l) => l.companyId === ranked.fifth.companyId);
    expect(invitedLead?.invited).toBe(true);
    expect(invitedLead?.scoreParts.find((p) => p.part === "invited")).toMatchObject({ points: 0, max: 0 });
    expect(delivered.filter((l) => l.invited)).toHaveLength(1);

    // The client reads whom it invited and that it got the request; a provider reads nothing of it.
    const slug = await slugOf(ctx, ranked.fifth);
    expect((await readAs(client, id)).invite).toEqual({
      companyName: await nameOf(ranked.fifth),
      slug,
      status: "delivered",
    });
    expect(await readAs(ranked.fifth, id)).not.toHaveProperty("invite");
    const lead = await as(ctx, ranked.fifth, { method: "GET", url: `/api/leads/${invitedLead?.id}` });
    expect(lead.json()).toMatchObject({ invited: true });
  });

  it("reaches an invited provider that ranks below the database's whole shortlist", async () => {
    // More providers better than the fifth than the pre-ranking's shortlist holds (3 + a margin of 25).
    for (let i = 0; i < 30; i++) await createTopProvider(ctx);
    const id = await invite(ranked.fifth);
    const delivered = await leadsOfRequest(ctx, id);
    expect(delivered).toHaveLength(3);
    expect(delivered.filter((l) => l.invited).map((l) => l.companyId)).toEqual([ranked.fifth.companyId]);
  });

  it("when the invited provider cannot take it, the client is told and the best providers get it", async () => {
    const res = await as(ctx, ranked.fifth, {
      method: "PUT",
      url: "/api/companies/me/lead-preferences",
      payload: {
        industries: ["legal"],
        minBudget: null,
        countries: [],
        remoteOnly: false,
        weeklyCapacity: null,
        pausedUntil: null,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = await invite(ranked.fifth, "Supplier onboarding");
    expect((await leadsOfRequest(ctx, id)).map((l) => l.companyId).sort()).toEqual(
      [ranked.first.companyId, ranked.second.companyId, ranked.third.companyId].sort(),
    );
    expect((await readAs(client, id)).invite).toMatchObject({ status: "unavailable" });
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.kind, "request.provider_withdrawn")));
    expect(told.map((n) => n.title)).toEqual([`${await nameOf(ranked.fifth)} cannot take "Supplier onboarding" now`]);
  });

  it("is pending until the first match, and a later match leaves it as it was", async () => {
    const id = await submitRequest(ctx, client, { invitedProvider: await slugOf(ctx, ranked.fourth) });
    expect((await readAs(client, id)).invite).toMatchObject({ status: "pending" });
    await matchQuoteRequest(ctx.deps, id);
    await matchQuoteRequest(ctx.deps, id);
    expect((await readAs(client, id)).invite).toMatchObject({ status: "delivered" });
    expect((await leadsOfRequest(ctx, id)).filter((l) => l.invited).map((l) => l.companyId)).toEqual([
      ranked.fourth.companyId,
    ]);
  });

  it.each([
    ["a company waiting for review", async (p: TestProvider) => setStatus(p, "pending")],
    ["a suspended provider", async (p: TestProvider) => suspend(p)],
    ["an address nobody has", async () => undefined],
  ])("naming %s is a 400 at the field, and no request is made", async (_name, make) => {
    await make(ranked.fifth);
    const slug = _name === "an address nobody has" ? "nobody-has-this-address" : await slugOf(ctx, ranked.fifth);
    const res = await as(ctx, client, {
      method: "POST",
      url: "/api/quote-requests",
      payload: quoteRequestBody({ invitedProvider: slug }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ field: "invitedProvider", message: INVITED_PROVIDER_GONE }]);
    const mine = await as(ctx, client, { method: "GET", url: "/api/quote-requests/me" });
    expect(mine.json()).toEqual([]);
  });

  it("a retry of a submission that went through answers its request, though the provider has left since", async () => {
    const slug = await slugOf(ctx, ranked.fourth);
    const post = () =>
      as(ctx, client, {
        method: "POST",
        url: "/api/quote-requests",
        headers: { "idempotency-key": "invite-retry-1" },
        payload: quoteRequestBody({ title: "Retried", invitedProvider: slug }),
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(201);
    await suspend(ranked.fourth);
    const retry = await post();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe("true");
  });

  it("counts in the provider's analytics apart from the leads matching chose", async () => {
    const invited = await invite(ranked.second);
    await invite(ranked.fifth, "Another process");
    const matched = await submitRequest(ctx, client, { title: "Not an invitation" });
    await matchQuoteRequest(ctx.deps, matched);
    await acceptQuote(ctx, client, await quoteOn(ctx, ranked.second, invited));
    const res = await as(ctx, ranked.second, { method: "GET", url: "/api/analytics/me" });
    expect(res.json().bySource).toEqual({ invited: { leads: 1, won: 1 }, matched: { leads: 2, won: 0 } });
  });
});

async function nameOf(provider: TestProvider) {
  const [row] = await ctx.database.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, provider.companyId));
  return row?.name;
}

async function setStatus(provider: TestProvider, status: "pending") {
  await ctx.database.db.update(companies).set({ status }).where(eq(companies.id, provider.companyId));
}

async function suspend(provider: TestProvider) {
  await ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, provider.id));
}
