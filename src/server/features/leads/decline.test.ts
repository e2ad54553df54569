// Declining a lead (decision 132): who may, when, and what follows: the request offered to the next
// best provider, never the same one again, and a provider who keeps declining a kind of work ranks lower.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { alerts } from "../../db/schema/alerts";
import { companies } from "../../db/schema/companies";
import { notifications } from "../../db/schema/notifications";
import { createProvider, rankedProviders } from "../../test/fixtures";
import { matchJobsFor } from "../../test/jobs";
import { leadsOfRequest, requestStatus } from "../../test/reads";
import { leadRowOf, matchedRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { matchQuoteRequest, tooFewProvidersCause } from "../matching/service";

const ctx = sharedTestContext();
let client: TestUser;
let admin: TestUser;

beforeAll(async () => {
  client = await createUser(ctx, "client");
  admin = await createUser(ctx, "admin");
});
// Each test decides who is eligible.
beforeEach(async () => {
  await ctx.database.db.delete(companies);
});

const decline = (user: TestUser | null, leadId: number | string, payload: object = { reason: "not_fit" }) =>
  as(ctx, user, { method: "POST", url: `/api/leads/${leadId}/decline`, payload });

describe("declining a lead", () => {
  it("the owner declines with a reason; the request is offered to the next best provider, never to it again", async () => {
    const p = await rankedProviders(ctx);
    const id = await matchedRequest(ctx, client);
    expect((await leadsOfRequest(ctx, id)).map((l) => l.companyId).sort()).toEqual(
      [p.first.companyId, p.second.companyId, p.third.companyId].sort(),
    );
    const lead = await leadRowOf(ctx, p.first, id);
    const jobsBefore = (await matchJobsFor(ctx.database.db, id)).length;

    const res = await decline(p.first, lead.id, { reason: "too_small", note: "  We start at $50k.  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: lead.id, status: "declined", declineReason: "too_small" });
    expect(res.json().declineNote).toBe("We start at $50k.");
    expect(Date.parse(res.json().declinedAt)).not.toBeNaN();
    // The matching job was queued with the decline, in its transaction.
    expect(await matchJobsFor(ctx.database.db, id)).toHaveLength(jobsBefore + 1);
    // Reading it again shows the same.
    expect((await as(ctx, p.first, { method: "GET", url: `/api/leads/${lead.id}` })).json().status).toBe("declined");

    // The job's work: the fourth provider takes the free place, and is told.
    expect(await matchQuoteRequest(ctx.deps, id)).toMatchObject({ status: "done", delivered: 1, totalLeads: 3 });
    const after = await leadsOfRequest(ctx, id);
    expect(after.map((l) => l.companyId).sort()).toEqual(
      [p.first.companyId, p.second.companyId, p.third.companyId, p.fourth.companyId].sort(),
    );
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.fourth.id), eq(notifications.kind, "lead.delivered")));
    expect(told).toHaveLength(1);
    expect(await requestStatus(ctx, id)).toBe("matched");

    // Matching again, or the fourth declining too, never brings the request back to the first provider.
    expect(await matchQuoteRequest(ctx.deps, id)).toMatchObject({ delivered: 0 });
    expect((await decline(p.fourth, (await leadRowOf(ctx, p.fourth, id)).id)).statusCode).toBe(200);
    await matchQuoteRequest(ctx.deps, id);
    const last = await leadsOfRequest(ctx, id);
    expect(last.filter((l) => l.companyId === p.first.companyId)).toHaveLength(1);
    expect((await leadRowOf(ctx, p.first, id)).status).toBe("declined");
    expect((await leadRowOf(ctx, p.fifth, id)).status).toBe("new");
    expect(last.filter((l) => l.status !== "declined")).toHaveLength(3);
  });

  it("the client is not told, and sees nothing of the provider who declined", async () => {
    const p = await rankedProviders(ctx);
    const id = await matchedRequest(ctx, client);
    const before = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, client.id));
    expect((await decline(p.first, (await leadRowOf(ctx, p.first, id)).id)).statusCode).toBe(200);
    const after = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, client.id));
    expect(after).toHaveLength(before.length);
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.id, p.first.companyId));
    for (const url of [`/api/quote-requests/${id}`, `/api/quote-requests/${id}/quotes`]) {
      const res = await as(ctx, client, { method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(company?.name);
      expect(res.body).not.toContain("declined");
    }
  });

  it("a request whose only provider declined, with nobody else eligible, waits for a provider again", async () => {
    const only = await createProvider(ctx);
    const id = await matchedRequest(ctx, client);
    expect(await requestStatus(ctx, id)).toBe("matched");
    expect((await decline(only, (await leadRowOf(ctx, only, id)).id, { reason: "no_capacity" })).statusCode).toBe(200);
    expect(await matchQuoteRequest(ctx.deps, id)).toMatchObject({ delivered: 0, eligible: 0, totalLeads: 0 });
    expect(await requestStatus(ctx, id)).toBe("open");
    // One too-few-providers alert, raised when the request first had one provider only.
    expect(
      await ctx.database.db
        .select()
        .from(alerts)
        .where(eq(alerts.cause, tooFewProvidersCause(id))),
    ).toHaveLength(1);
    // A provider who becomes eligible later is offered it, and it is matched again.
    const late = await createProvider(ctx);
    await matchQuoteRequest(ctx.deps, id);
    expect((await leadRowOf(ctx, late, id)).status).toBe("new");
    expect(await requestStatus(ctx, id)).toBe("matched");
  });
});

describe("who may decline, and when", () => {
  it("anonymous 401, a client or an admin 403, another provider 404, the owner 200", async () => {
    const owner = await createProvider(ctx);
    const id = await matchedRequest(ctx, client);
    const other = await createProvider(ctx);
    const lead = await leadRowOf(ctx, owner, id);
    expect((await decline(null, lead.id)).statusCode).toBe(401);
    expect((await decline(client, lead.id)).statusCode).toBe(403);
    expect((await decline(admin, lead.id)).statusCode).toBe(403);
    const stranger = await decline(other, lead.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe("No lead of yours has this id.");
    expect((await decline(owner, 999_999)).statusCode).toBe(404);
    expect((await decline(owner, "abc")).statusCode).toBe(400);
    // Nothing of the above changed the lead.
    expect((await leadRowOf(ctx, owner, id)).status).toBe("new");
    expect((await decline(owner, lead.id)).statusCode).toBe(200);
  });

  it("a reason outside the four, or a note too long, is 400 with a message to act on", async () => {
    const owner = await createProvider(ctx);
    const id = await matchedRequest(ctx, client);
    const lead = await leadRowOf(ctx, owner, id);
    for (const payload of [{}, { reason: "bored" }]) {
      const res = await decline(owner, lead.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("Choose why you are declining this lead.");
    }
    const long = await decline(owner, lead.id, { reason: "other", note: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("The note must be at most 500 characters.");
    expect((await leadRowOf(ctx, owner, id)).status).toBe("new");
  });

  it("declining twice is 409", async () => {
    const owner = await createProvider(ctx);
    const lead = await leadRowOf(ctx, owner, await matchedRequest(ctx, client));
    expect((await decline(owner, lead.id)).statusCode).toBe(200);
    const again = await decline(owner, lead.id, { reason: "other" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You already declined this lead.");
    expect((await leadRowOf(ctx, owner, lead.quoteRequestId)).declineReason).toBe("not_fit");
  });

  it("a lead with a pending quote is 409 until the quote is withdrawn; a declined lead takes no quote", async () => {
    const owner = await createProvider(ctx);
    const lead = await leadRowOf(ctx, owner, await matchedRequest(ctx, client));
    const quote = await as(ctx, owner, {
      method: "POST",
      url: `/api/leads/${lead.id}/quote`,
      payload: { amount: 20_000, timeline: "6 weeks", message: "We would build an unattended bot for your invoices." },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const refused = await decline(owner, lead.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/withdraw your quote first/);
    const withdrawn = await as(ctx, owner, { method: "POST", url: `/api/quotes/${quote.json().id}/withdraw` });
    expect(withdrawn.statusCode).toBe(200);
    expect((await decline(owner, lead.id)).statusCode).toBe(200);

    const state = await as(ctx, owner, { method: "GET", url: `/api/leads/${lead.id}/quote` });
    expect(state.json()).toEqual({ quote: null, canQuote: false });
    const late = await as(ctx, owner, {
      method: "POST",
      url: `/api/leads/${lead.id}/quote`,
      payload: { amount: 20_000, timeline: "6 weeks", message: "We would build an unattended bot for your invoices." },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("You declined this lead: it can no longer be quoted.");
  });

  it("a lead of a cancelled request is 409", async () => {
    const owner = await createProvider(ctx);
    const id = await matchedRequest(ctx, client);
    expect((await as(ctx, client, { method: "POST", url: `/api/quote-requests/${id}/cancel` })).statusCode).toBe(200);
    const res = await decline(owner, (await leadRowOf(ctx, owner, id)).id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/closed/);
  });
});

describe("a provider who keeps declining a kind of work", () => {
  it("scores lower for it, and the lead's reasons say why; 'no capacity' and other industries do not count", async () => {
    // Three providers alike in every way the score reads: they receive the same leads.
    const decliner = await createProvider(ctx);
    const busy = await createProvider(ctx);
    const keen = await createProvider(ctx);
    for (let i = 0; i < 3; i++) {
      const id = await matchedRequest(ctx, client);
      expect((await decline(decliner, (await leadRowOf(ctx, decliner, id)).id, { reason: "not_fit" })).statusCode).toBe(
        200,
      );
      expect((await decline(busy, (await leadRowOf(ctx, busy, id)).id, { reason: "no_capacity" })).statusCode).toBe(
        200,
      );
    }
    // Requests of another industry are another kind of work.
    const other = await matchedRequest(ctx, client, { industry: "healthcare" });

    const id = await matchedRequest(ctx, client);
    const mine = await as(ctx, decliner, {
      method: "GET",
      url: `/api/leads/${(await leadRowOf(ctx, decliner, id)).id}`,
    });
    const theirs = await as(ctx, keen, { method: "GET", url: `/api/leads/${(await leadRowOf(ctx, keen, id)).id}` });
    const busys = (await leadRowOf(ctx, busy, id)).scoreParts;
    expect(mine.json().matchScore).toBe(theirs.json().matchScore - 10);
    const part = mine.json().scoreParts.find((p: { part: string }) => p.part === "declines");
    expect(part).toMatchObject({ points: -10, max: 0 });
    expect(part.reason).toMatch(/^You declined 3 finance requests in the last 90 days \(\u221210 points\)/);
    expect(theirs.json().scoreParts.map((p: { part: string }) => p.part)).not.toContain("declines");
    expect(busys.map((p) => p.part)).not.toContain("declines");
    expect((await leadRowOf(ctx, decliner, other)).scoreParts.map((p) => p.part)).not.toContain("declines");
  });
});
