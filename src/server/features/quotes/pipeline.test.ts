// The pipeline's stages (decision 133) on the provider's and the admin's analytics, and the admin's
// figures of declined leads (decision 132), against leads seeded through the API (messages straight
// into their table: the conversation API is another feature's).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leadMessages } from "../../db/schema/lead-messages";
import { quotes } from "../../db/schema/quotes";
import { createProvider, type TestProvider } from "../../test/fixtures";
import { acceptQuote, leadOf, matchedRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";

const ctx = sharedTestContext();
let client: TestUser;
let admin: TestUser;
let p: TestProvider;
let rival: TestProvider;
const QUOTE = { amount: 20_000, timeline: "6 weeks", message: "We would build an unattended bot for your invoices." };

async function quote(leadId: number): Promise<{ id: number; createdAt: Date }> {
  const res = await as(ctx, p, { method: "POST", url: `/api/leads/${leadId}/quote`, payload: QUOTE });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, res.json().id));
  if (!row) throw new Error("no quote");
  return { id: row.id, createdAt: row.createdAt };
}

const message = (leadId: number, side: "client" | "provider", createdAt: Date) =>
  ctx.database.db.insert(leadMessages).values({ leadId, side, body: "Hello", createdAt });

/** The provider's leads in each stage the seeding below took them to. */
const PROVIDER_STAGES = { leads: 7, contacted: 5, quoted: 4, negotiating: 1, won: 1, lost: 1, declined: 1 };

/** The analytics at `url` as `who` reads them, which must answer 200. */
async function analytics(who: TestUser, url: string) {
  const res = await as(ctx, who, { method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The lead the provider declined with a note. */
let declinedLead = 0;

beforeAll(async () => {
  client = await createUser(ctx, "client");
  admin = await createUser(ctx, "admin");
  p = await createProvider(ctx);
  rival = await createProvider(ctx);
  // Seven requests, each delivered to both providers; the provider takes each lead one stage further.
  const ids: number[] = [];
  for (let i = 0; i < 7; i++) ids.push(await matchedRequest(ctx, client));
  const lead = await Promise.all(ids.map((id) => leadOf(ctx, p, id)));
  const [, talked = 0, quotedOnly = 0, negotiating = 0, won = 0, lost = 0, declined = 0] = lead;
  declinedLead = declined;
  const MINUTE = 60_000;
  // 0: delivered only. 1: the client wrote; no quote.
  await message(talked, "client", new Date());
  // 2: a message before the quote, none after: contacted and quoted, not negotiating.
  await message(quotedOnly, "provider", new Date(Date.now() - 10 * MINUTE));
  await quote(quotedOnly);
  // 3: a message after the quote: negotiating.
  const q3 = await quote(negotiating);
  await message(negotiating, "client", new Date(q3.createdAt.getTime() + MINUTE));
  // 4: won. 5: lost (the client declined the quote).
  const q4 = await quote(won);
  await acceptQuote(ctx, client, q4.id);
  const q5 = await quote(lost);
  expect((await as(ctx, client, { method: "POST", url: `/api/quotes/${q5.id}/decline` })).statusCode).toBe(200);
  // 6: declined by the provider, and the rival declined the first request.
  const decline = (who: TestProvider, id: number, reason: string, note?: string) =>
    as(ctx, who, { method: "POST", url: `/api/leads/${id}/decline`, payload: { reason, note } });
  expect((await decline(p, declined, "not_fit", "We only do SAP work.")).statusCode).toBe(200);
  expect((await decline(rival, await leadOf(ctx, rival, ids[0] ?? 0), "too_small")).statusCode).toBe(200);
});

describe("the pipeline's stages", () => {
  it("the provider's analytics count every lead in each stage it reached", async () => {
    expect((await analytics(p, "/api/analytics/me")).stages).toEqual(PROVIDER_STAGES);
    // The rival opened nothing, quoted nothing and declined one.
    const theirs = await analytics(rival, "/api/analytics/me");
    expect(theirs.stages).toEqual({ leads: 7, contacted: 0, quoted: 0, negotiating: 0, won: 0, lost: 0, declined: 1 });
    // A provider without a company has none.
    const fresh = await createUser(ctx, "provider");
    expect((await analytics(fresh, "/api/analytics/me")).stages.leads).toBe(0);
  });

  it("the admin's analytics count the leads of the last 30 days alike", async () => {
    // Both providers' leads: the rival's seven added, and its one decline.
    expect((await analytics(admin, "/api/admin/analytics")).pipeline).toEqual({
      ...PROVIDER_STAGES,
      leads: 14,
      declined: 2,
    });
  });
});

describe("declined leads in the admin's analytics", () => {
  it("count the period's declines by reason, their share of the leads, and who declined most", async () => {
    expect((await analytics(admin, "/api/admin/analytics?period=7d")).declines).toEqual({
      leads: 14,
      declined: 2,
      percent: 14,
      byReason: [
        { reason: "not_fit", count: 1 },
        { reason: "too_small", count: 1 },
        { reason: "no_capacity", count: 0 },
        { reason: "other", count: 0 },
      ],
      topProviders: [
        { companyId: p.companyId, name: expect.any(String), declined: 1, leads: 7 },
        { companyId: rival.companyId, name: expect.any(String), declined: 1, leads: 7 },
      ],
      // Only the decline that came with a note, in the provider's words.
      recentNotes: [
        {
          leadId: declinedLead,
          name: expect.any(String),
          reason: "not_fit",
          note: "We only do SAP work.",
          requestTitle: expect.any(String),
          declinedAt: expect.any(String),
        },
      ],
    });
  });

  it("are the admin's only: a provider or a client gets 403", async () => {
    expect((await as(ctx, p, { method: "GET", url: "/api/admin/analytics" })).statusCode).toBe(403);
    expect((await as(ctx, client, { method: "GET", url: "/api/admin/analytics" })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: "GET", url: "/api/admin/analytics" })).statusCode).toBe(401);
  });
});
