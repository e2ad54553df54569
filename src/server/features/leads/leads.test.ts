import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../db/schema/companies";
import { quotes } from "../../db/schema/quotes";
import { subscriptions } from "../../db/schema/subscriptions";
import { createProvider, createTopProvider, type TestProvider } from "../../test/fixtures";
import { matchedRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { apiAs, createUser, type TestUser } from "../../test/test-app";

const ctx = sharedTestContext();
let client: TestUser;
let a: TestProvider;
let b: TestProvider;
let requestId: number;
const { get, post } = apiAs(ctx);

async function leadIdOf(p: TestProvider): Promise<number> {
  const list = await get(p, "/api/leads/me");
  expect(list.statusCode).toBe(200);
  const lead = list.json().find((l: { quoteRequestId: number }) => l.quoteRequestId === requestId);
  if (!lead) throw new Error("provider has no lead for the request");
  return lead.id;
}

beforeAll(async () => {
  client = await createUser(ctx, "client");
  a = await createProvider(ctx);
  b = await createProvider(ctx);
  requestId = await matchedRequest(ctx, client);
});

describe("a provider's leads", () => {
  it("lists the provider's own leads with the spec's fields", async () => {
    const res = await get(a, "/api/leads/me");
    expect(res.statusCode).toBe(200);
    const [lead] = res.json();
    expect(lead).toMatchObject({ status: "new", quoteRequestId: requestId, title: "Invoice processing" });
    expect(typeof lead.matchScore).toBe("number");
    expect(typeof lead.createdAt).toBe("string");
  });

  it("shows a lead with its reasons and the ROI estimate, hiding the client's contact details before a quote", async () => {
    const id = await leadIdOf(a);
    const res = await get(a, `/api/leads/${id}`);
    expect(res.statusCode).toBe(200);
    const lead = res.json();
    expect(lead.scoreParts).toHaveLength(6);
    expect(lead.scoreParts[0]).toMatchObject({ part: "specialty", max: 40 });
    expect(lead.request.roiHoursPerYear).toBeGreaterThan(0);
    expect(lead.request.matchDueAt).toBeTruthy();
    expect(lead.request).not.toHaveProperty("client");
    expect(lead.request.requirements).not.toHaveProperty("email");
    expect(lead.request.requirements).not.toHaveProperty("fullName");
    expect(lead.request.requirements.tasksToAutomate).toBeTruthy();
    expect(JSON.stringify(lead)).not.toContain("ada@example.com");
  });

  it("opening the lead marks it viewed, once", async () => {
    const id = await leadIdOf(b);
    expect((await get(b, `/api/leads/${id}`)).json().status).toBe("new");
    const viewed = await post(b, `/api/leads/${id}/view`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().status).toBe("viewed");
    const firstViewedAt = viewed.json().viewedAt;
    expect(firstViewedAt).toBeTruthy();
    expect((await post(b, `/api/leads/${id}/view`)).json().viewedAt).toBe(firstViewedAt);
  });

  it("shows the client's contact details once the provider has quoted", async () => {
    const id = await leadIdOf(a);
    await ctx.database.db.insert(quotes).values({
      leadId: id,
      companyId: a.companyId,
      quoteRequestId: requestId,
      amountCents: 1_500_000,
      timeline: "6 weeks",
      message: "We can do this.",
    });
    const lead = (await get(a, `/api/leads/${id}`)).json();
    expect(lead.request.requirements.email).toBe("ada@example.com");
    expect(lead.request.client.email).toBe(client.email);
    const mine = await get(a, "/api/quotes/me");
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({ leadId: id, status: "submitted", amountCents: 1_500_000 });
    expect((await get(b, "/api/quotes/me")).json()).toEqual([]);
  });

  it("lets a provider holding a lead read the request, without contact details until it quotes", async () => {
    const res = await get(b, `/api/quote-requests/${requestId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty("client");
    const stranger = await createProvider(ctx);
    expect((await get(stranger, `/api/quote-requests/${requestId}`)).statusCode).toBe(404);
  });
});

describe("must not", () => {
  it("provider A cannot read or mark provider B's lead: 404", async () => {
    const bLead = await leadIdOf(b);
    expect((await get(a, `/api/leads/${bLead}`)).statusCode).toBe(404);
    expect((await post(a, `/api/leads/${bLead}/view`)).statusCode).toBe(404);
    expect((await get(a, "/api/leads/999999")).statusCode).toBe(404);
    expect((await get(a, "/api/leads/abc")).statusCode).toBe(400);
  });

  it("clients and admins cannot call provider routes (403), visitors get 401", async () => {
    const admin = await createUser(ctx, "admin");
    const lead = await leadIdOf(a);
    for (const url of ["/api/leads/me", "/api/quotes/me", "/api/leads/access", `/api/leads/${lead}`]) {
      expect((await get(client, url)).statusCode).toBe(403);
      expect((await get(admin, url)).statusCode).toBe(403);
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });

  it("a provider without access sees why, and gets 403 for leads; access returns with the subscription", async () => {
    // Every specialty: the best score, so that c surely gets the new request's lead.
    const c = await createTopProvider(ctx);
    const newRequest = await matchedRequest(ctx, client);
    const lead = (await get(c, "/api/leads/me")).json()[0].id;
    const requestUrl = `/api/quote-requests/${newRequest}`;
    expect((await get(c, requestUrl)).statusCode).toBe(200);
    await ctx.database.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, c.id));
    const access = (await get(c, "/api/leads/access")).json();
    expect(access).toMatchObject({ hasAccess: false, companyStatus: "approved", subscriptionStatus: "canceled" });
    expect(access.reason).toMatch(/subscription/i);
    const denied = await get(c, `/api/leads/${lead}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/subscription/i);
    expect((await get(c, "/api/leads/me")).statusCode).toBe(403);
    // The request behind the lead is closed to it the same way, not only the lead's page.
    const requestDenied = await get(c, requestUrl);
    expect(requestDenied.statusCode).toBe(403);
    expect(requestDenied.json().message).toMatch(/subscription/i);

    await ctx.database.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.userId, c.id));
    expect((await get(c, `/api/leads/${lead}`)).statusCode).toBe(200);
    expect((await get(c, requestUrl)).statusCode).toBe(200);

    await ctx.database.db.update(companies).set({ status: "pending" }).where(eq(companies.id, c.companyId));
    const pending = (await get(c, "/api/leads/access")).json();
    expect(pending).toMatchObject({ hasAccess: false, companyStatus: "pending" });
    expect(pending.reason).toMatch(/under review/);
    expect((await get(c, `/api/leads/${lead}`)).statusCode).toBe(403);
    expect((await get(c, requestUrl)).statusCode).toBe(403);
  });

  it("tells an approved provider without a working subscription why, in its own state's words", async () => {
    const c = await createTopProvider(ctx);
    const reasonWhen = async (status: "incomplete" | "past_due" | "canceled") => {
      await ctx.database.db.update(subscriptions).set({ status }).where(eq(subscriptions.userId, c.id));
      return (await get(c, "/api/leads/access")).json().reason as string;
    };
    // Never finished checkout: it had no leads to resume.
    expect(await reasonWhen("incomplete")).toBe(
      "You started your subscription but did not finish checkout. Complete it to start receiving leads.",
    );
    expect(await reasonWhen("past_due")).toBe(
      "Your last subscription payment failed. Leads resume once the payment goes through.",
    );
    expect(await reasonWhen("canceled")).toBe("Your subscription was canceled. Subscribe again to receive leads.");
    await ctx.database.db.delete(subscriptions).where(eq(subscriptions.userId, c.id));
    expect((await get(c, "/api/leads/access")).json().reason).toBe("Subscribe to start receiving leads.");
  });

  it("a provider with no company is told to create one", async () => {
    const fresh = await createUser(ctx, "provider");
    const access = (await get(fresh, "/api/leads/access")).json();
    expect(access).toMatchObject({ hasAccess: false, companyStatus: "none", subscriptionStatus: null });
    expect((await get(fresh, "/api/quotes/me")).json()).toEqual([]);
  });
});
