import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox";
import { leads } from "../../db/schema/leads";
import { quotes } from "../../db/schema/quotes";
import { subscriptions } from "../../db/schema/subscriptions";
import { createProvider, createTopProvider } from "../../test/fixtures";
import { notificationsOf } from "../../test/reads";
import { leadOf, matchedRequest, quoteBody, quoteOn } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { apiAs, createUser } from "../../test/test-app";
import { unsendableReason } from "../notifications/mail";

const ctx = sharedTestContext();
const [client, otherClient] = sharedUsers(ctx, "client", ["client", "other"]);
const [a, b, c] = sharedTopProviders(ctx, 3);

const { call } = apiAs(ctx);

describe("sending a quote", () => {
  it("validates the amount, its bounds, the texts and the line items, naming the field", async () => {
    const requestId = await matchedRequest(ctx, client);
    const url = `/api/leads/${await leadOf(ctx, a, requestId)}/quote`;
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, "amount"],
      [{ amount: -5 }, "amount"],
      [{ amount: 10_000_001 }, "amount"],
      [{ amount: 12.5 }, "amount"],
      [{ amount: "24000" }, "amount"],
      [{ timeline: " " }, "timeline"],
      [{ message: "Too short." }, "message"],
      [{ lineItems: { build: 0 } }, "lineItems.build"],
      [{ lineItems: { maintenance: 1_000_001 } }, "lineItems.maintenance"],
      [{ lineItems: { support: 5 } }, "lineItems"],
      [{ lineItems: { discovery: 4_000, build: 10_000 } }, "lineItems"],
      [{ status: "accepted" }, ""],
    ];
    for (const [over, field] of cases) {
      const res = await call(a, "POST", url, quoteBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      if (field) expect(res.json().message, JSON.stringify(over)).toContain(field);
    }
    const missing = await call(a, "POST", url, { timeline: "6 weeks", message: quoteBody().message });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("amount");
    expect(await ctx.database.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId))).toEqual([]);
  });

  it("stores the quote with its line items and first-year total; the lead becomes quoted, the client is told", async () => {
    const requestId = await matchedRequest(ctx, client);
    const leadId = await leadOf(ctx, a, requestId);
    expect((await call(a, "GET", `/api/leads/${leadId}`)).json().request).not.toHaveProperty("client");
    const res = await call(
      a,
      "POST",
      `/api/leads/${leadId}/quote`,
      quoteBody({ lineItems: { discovery: 4_000, build: 18_000, licences: 2_000, hosting: 100, maintenance: 400 } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const quote = res.json();
    expect(quote).toMatchObject({ status: "submitted", amountCents: 2_400_000, timeline: "6 weeks", leadId });
    // Decision 070: one-off price + 12 × monthly items = 24,000 + 12 × 500.
    expect(quote.totalFirstYearCents).toBe(3_000_000);
    expect(quote.lineItems).toEqual([
      { kind: "discovery", amountCents: 400_000, billing: "one-off" },
      { kind: "build", amountCents: 1_800_000, billing: "one-off" },
      { kind: "licences", amountCents: 200_000, billing: "one-off" },
      { kind: "hosting", amountCents: 10_000, billing: "monthly" },
      { kind: "maintenance", amountCents: 40_000, billing: "monthly" },
    ]);

    const lead = (await call(a, "GET", `/api/leads/${leadId}`)).json();
    expect(lead.status).toBe("quoted");
    expect(lead.viewedAt).toBeTruthy();
    expect(lead.request.client.email).toBe(client.email);
    expect((await call(a, "GET", `/api/leads/${leadId}/quote`)).json()).toMatchObject({
      canQuote: false,
      quote: { id: quote.id },
    });

    const [note] = (await notificationsOf(ctx, client.id, "quote.received")).filter(
      (n) => n.link === `/quote-request/${requestId}`,
    );
    expect(note?.body).toContain("$24,000 ($30,000 in the first year)");
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, client.id), eq(emailOutbox.kind, "quote.received")));
    expect(mail?.toAddress).toBe(client.email);
    expect(mail?.textBody).toContain("6 weeks");
    // The email leads to the request's page at the app's public address.
    const requestUrl = `${ctx.config.publicUrl}/quote-request/${requestId}`;
    expect(mail?.textBody).toContain(`Compare the quotes on your request: ${requestUrl}`);
    expect(mail?.htmlBody).toContain(`<a href="${requestUrl}">Compare the quotes on your request</a>`);

    const mine = (await call(a, "GET", "/api/quotes/me")).json();
    expect(mine.find((m: { id: number }) => m.id === quote.id)).toMatchObject({ title: "Invoice processing" });
  });

  it("one live quote per lead: a second answers 409, also when two arrive at once", async () => {
    const requestId = await matchedRequest(ctx, client);
    const url = `/api/leads/${await leadOf(ctx, b, requestId)}/quote`;
    const [r1, r2] = await Promise.all([call(b, "POST", url, quoteBody()), call(b, "POST", url, quoteBody())]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    const third = await call(b, "POST", url, quoteBody({ amount: 1_000 }));
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/already sent a quote/);
  });

  it("only the lead's provider may quote; clients and admins are refused; without access: 403", async () => {
    const requestId = await matchedRequest(ctx, client);
    const leadId = await leadOf(ctx, a, requestId);
    const stranger = await createProvider(ctx);
    expect((await call(stranger, "POST", `/api/leads/${leadId}/quote`, quoteBody())).statusCode).toBe(404);
    expect((await call(stranger, "GET", `/api/leads/${leadId}/quote`)).statusCode).toBe(404);
    // Out of the later tests' matching.
    await ctx.database.db
      .update(subscriptions)
      .set({ status: "canceled" })
      .where(eq(subscriptions.userId, stranger.id));
    expect((await call(b, "POST", `/api/leads/${leadId}/quote`, quoteBody())).statusCode).toBe(404);
    expect((await call(client, "POST", `/api/leads/${leadId}/quote`, quoteBody())).statusCode).toBe(403);
    const admin = await createUser(ctx, "admin");
    expect((await call(admin, "POST", `/api/leads/${leadId}/quote`, quoteBody())).statusCode).toBe(403);
    expect((await call(null, "POST", `/api/leads/${leadId}/quote`, quoteBody())).statusCode).toBe(401);

    await ctx.database.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, a.id));
    const denied = await call(a, "POST", `/api/leads/${leadId}/quote`, quoteBody());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/subscription/i);
    await ctx.database.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.userId, a.id));
    expect((await call(a, "POST", `/api/leads/${leadId}/quote`, quoteBody())).statusCode).toBe(201);
  });
});

describe("editing and withdrawing", () => {
  it("the provider edits and withdraws a pending quote; the lead returns to viewed and may be quoted again", async () => {
    const requestId = await matchedRequest(ctx, client);
    const leadId = await leadOf(ctx, a, requestId);
    const id = await quoteOn(ctx, a, requestId);

    const edited = await call(a, "PUT", `/api/quotes/${id}`, quoteBody({ amount: 20_000, timeline: "5 weeks" }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ amountCents: 2_000_000, timeline: "5 weeks", status: "submitted" });
    expect((await call(a, "PUT", `/api/quotes/${id}`, quoteBody({ amount: 0 }))).statusCode).toBe(400);
    expect((await call(b, "PUT", `/api/quotes/${id}`, quoteBody())).statusCode).toBe(404);
    expect((await call(b, "POST", `/api/quotes/${id}/withdraw`)).statusCode).toBe(404);
    expect((await call(client, "PUT", `/api/quotes/${id}`, quoteBody())).statusCode).toBe(403);

    const withdrawn = await call(a, "POST", `/api/quotes/${id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: "withdrawn" });
    expect(withdrawn.json().decidedAt).toBeTruthy();
    expect((await call(a, "GET", `/api/leads/${leadId}`)).json().status).toBe("viewed");
    expect((await call(a, "PUT", `/api/quotes/${id}`, quoteBody())).statusCode).toBe(409);
    expect((await call(a, "POST", `/api/quotes/${id}/withdraw`)).statusCode).toBe(409);
    // The client no longer sees it.
    expect((await call(client, "GET", `/api/quote-requests/${requestId}/quotes`)).json()).toEqual([]);
    expect((await call(client, "POST", `/api/quotes/${id}/accept`)).statusCode).toBe(404);
    expect((await call(a, "GET", `/api/leads/${leadId}/quote`)).json()).toEqual({ quote: null, canQuote: true });
    await quoteOn(ctx, a, requestId);
  });

  it("an accepted or declined quote, or one on a closed request, can no longer be edited or withdrawn", async () => {
    const requestId = await matchedRequest(ctx, client);
    const won = await quoteOn(ctx, a, requestId);
    const lost = await quoteOn(ctx, b, requestId);
    expect((await call(client, "POST", `/api/quotes/${won}/accept`)).statusCode).toBe(200);
    for (const [p, id] of [
      [a, won],
      [b, lost],
    ] as const) {
      const edit = await call(p, "PUT", `/api/quotes/${id}`, quoteBody());
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toMatch(/closed/);
      expect((await call(p, "POST", `/api/quotes/${id}/withdraw`)).statusCode).toBe(409);
    }
    // c never quoted: the request no longer takes quotes.
    const late = await call(c, "POST", `/api/leads/${await leadOf(ctx, c, requestId)}/quote`, quoteBody());
    expect(late.statusCode).toBe(409);
    expect((await call(c, "GET", `/api/leads/${await leadOf(ctx, c, requestId)}/quote`)).json().canQuote).toBe(false);
  });
});

describe("the client's choice", () => {
  it("lists the request's quotes with the provider's profile and match score, to its owner only", async () => {
    const requestId = await matchedRequest(ctx, client);
    await quoteOn(ctx, a, requestId, { lineItems: { maintenance: 500 } });
    await quoteOn(ctx, b, requestId, { amount: 30_000 });
    const res = await call(client, "GET", `/api/quote-requests/${requestId}/quotes`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      amountCents: 2_400_000,
      totalFirstYearCents: 3_000_000,
      timeline: "6 weeks",
      provider: { size: "small", location: "Austin, TX" },
    });
    expect(list[0].provider.name).toMatch(/Provider \d+ Automation/);
    expect(list[0].provider.specialties).toContain("RPA");
    expect(list[0].matchScore).toBeGreaterThan(0);
    expect(list[1].totalFirstYearCents).toBe(3_000_000);

    expect((await call(otherClient, "GET", `/api/quote-requests/${requestId}/quotes`)).statusCode).toBe(404);
    expect((await call(a, "GET", `/api/quote-requests/${requestId}/quotes`)).statusCode).toBe(403);
    expect((await call(null, "GET", `/api/quote-requests/${requestId}/quotes`)).statusCode).toBe(401);
    expect((await call(client, "GET", "/api/quote-requests/99999999/quotes")).statusCode).toBe(404);
  });

  it("accepting hires one: the others declined, the request and all its leads closed, providers told", async () => {
    const requestId = await matchedRequest(ctx, client);
    const won = await quoteOn(ctx, a, requestId);
    const lost = await quoteOn(ctx, b, requestId);
    expect((await call(otherClient, "POST", `/api/quotes/${won}/accept`)).statusCode).toBe(404);
    expect((await call(a, "POST", `/api/quotes/${won}/accept`)).statusCode).toBe(403);

    const res = await call(client, "POST", `/api/quotes/${won}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: won, status: "accepted" });

    const list = (await call(client, "GET", `/api/quote-requests/${requestId}/quotes`)).json();
    expect(list.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([
      [won, "accepted"],
      [lost, "declined"],
    ]);
    expect(list[1].declineReason).toBe("other-accepted");
    expect((await call(client, "GET", `/api/quote-requests/${requestId}`)).json().status).toBe("closed");
    const leadRows = await ctx.database.db.select().from(leads).where(eq(leads.quoteRequestId, requestId));
    expect(leadRows.map((l) => l.status)).toEqual(["closed", "closed", "closed"]);

    const accepted = await notificationsOf(ctx, a.id, "quote.accepted");
    expect(accepted.map((n) => n.link)).toContain(`/provider-dashboard/leads/${await leadOf(ctx, a, requestId)}`);
    const declined = await notificationsOf(ctx, b.id, "quote.declined");
    expect(declined.map((n) => n.link)).toContain(`/provider-dashboard/leads/${await leadOf(ctx, b, requestId)}`);
    expect(declined.at(-1)?.body).toMatch(/another provider/);
    // c never quoted: nothing to tell it.
    expect((await notificationsOf(ctx, c.id, "quote.declined")).length).toBe(0);
    // Each notification went to its own user only.
    expect((await notificationsOf(ctx, client.id, "quote.accepted")).length).toBe(0);
    const mails = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, b.id), eq(emailOutbox.kind, "quote.declined")));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.at(-1)?.textBody).toContain(
      `Open the lead: ${ctx.config.publicUrl}/provider-dashboard/leads/${await leadOf(ctx, b, requestId)}`,
    );

    const again = await call(client, "POST", `/api/quotes/${lost}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/closed/);
    expect((await call(client, "POST", `/api/quotes/${lost}/decline`)).statusCode).toBe(409);
  });

  it("a request with the longest title still makes sendable emails for the winner and the declined", async () => {
    const title = `Automate ${"x".repeat(191)}`;
    expect(title).toHaveLength(200);
    const requestId = await matchedRequest(ctx, client, { title });
    const won = await quoteOn(ctx, a, requestId);
    await quoteOn(ctx, b, requestId);
    expect((await call(client, "POST", `/api/quotes/${won}/accept`)).statusCode).toBe(200);

    const mails = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like ${"%Automate xxx%"}`);
    // The title is in the subjects of the lead (to each provider), the win and the decline.
    expect(new Set(mails.map((m) => m.kind))).toEqual(new Set(["lead.delivered", "quote.accepted", "quote.declined"]));
    for (const mail of mails) expect(unsendableReason(mail), mail.subject).toBeNull();
  });

  it("two accepts racing on one request: exactly one 200, the other a clear 409", async () => {
    const requestId = await matchedRequest(ctx, client);
    const q1 = await quoteOn(ctx, a, requestId);
    const q2 = await quoteOn(ctx, b, requestId);
    const results = await Promise.all([
      call(client, "POST", `/api/quotes/${q1}/accept`),
      call(client, "POST", `/api/quotes/${q2}/accept`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().message).toMatch(/closed/);
    const statuses = (await ctx.database.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId))).map(
      (x) => x.status,
    );
    expect(statuses.sort()).toEqual(["accepted", "declined"]);
    // The same quote accepted twice at once: one 200 as well.
    const other = await matchedRequest(ctx, client);
    const q3 = await quoteOn(ctx, a, other);
    const twice = await Promise.all([
      call(client, "POST", `/api/quotes/${q3}/accept`),
      call(client, "POST", `/api/quotes/${q3}/accept`),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("declining one pending quote closes its lead and tells its provider; the request stays open", async () => {
    const requestId = await matchedRequest(ctx, client);
    const id = await quoteOn(ctx, c, requestId);
    expect((await call(otherClient, "POST", `/api/quotes/${id}/decline`)).statusCode).toBe(404);
    const res = await call(client, "POST", `/api/quotes/${id}/decline`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "declined", declineReason: "client-declined" });
    expect((await call(client, "POST", `/api/quotes/${id}/decline`)).statusCode).toBe(409);
    expect((await call(client, "POST", `/api/quotes/${id}/accept`)).statusCode).toBe(409);
    expect((await call(client, "GET", `/api/quote-requests/${requestId}`)).json().status).toBe("matched");
    const [lead] = await ctx.database.db
      .select()
      .from(leads)
      .where(eq(leads.id, await leadOf(ctx, c, requestId)));
    expect(lead?.status).toBe("closed");
    const notes = await notificationsOf(ctx, c.id, "quote.declined");
    expect(notes.at(-1)?.body).toMatch(/declined your quote/);
    // A declined quote is still the lead's quote: no second one.
    expect((await call(c, "POST", `/api/leads/${lead?.id}/quote`, quoteBody())).statusCode).toBe(409);
  });

  it("cancelling a request declines its pending quotes and closes its leads", async () => {
    const requestId = await matchedRequest(ctx, client);
    const id = await quoteOn(ctx, a, requestId);
    const before = (await notificationsOf(ctx, a.id, "quote.declined")).length;
    const res = await call(client, "POST", `/api/quote-requests/${requestId}/cancel`);
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row).toMatchObject({ status: "declined", declineReason: "request-cancelled" });
    const leadRows = await ctx.database.db.select().from(leads).where(eq(leads.quoteRequestId, requestId));
    expect(leadRows.every((l) => l.status === "closed")).toBe(true);
    const after = await notificationsOf(ctx, a.id, "quote.declined");
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.body).toMatch(/cancelled/);
    expect((await call(client, "POST", `/api/quotes/${id}/accept`)).statusCode).toBe(409);
  });
});

describe("provider analytics", () => {
  it("counts the pipeline and the win rate: 1 accepted of 3 sent is 33%, withdrawn quotes not counted", async () => {
    const p = await createTopProvider(ctx);
    const empty = (await call(p, "GET", "/api/analytics/me")).json();
    expect(empty.winRate).toBe(0);
    expect(empty.months).toHaveLength(6);

    // Four requests delivered to p (and two of the others).
    const requests = [];
    for (let i = 0; i < 4; i++) requests.push(await matchedRequest(ctx, client));
    const [r1, r2, r3, r4] = requests as [number, number, number, number];
    await call(p, "POST", `/api/leads/${await leadOf(ctx, p, r4)}/view`);
    const won = await quoteOn(ctx, p, r1);
    await quoteOn(ctx, p, r2);
    const pending = await quoteOn(ctx, p, r3);
    const withdrawnLead = await matchedRequest(ctx, client);
    const withdrawn = await quoteOn(ctx, p, withdrawnLead);
    await call(p, "POST", `/api/quotes/${withdrawn}/withdraw`);
    expect((await call(client, "POST", `/api/quotes/${won}/accept`)).statusCode).toBe(200);
    const r2Quote = (await call(client, "GET", `/api/quote-requests/${r2}/quotes`)).json()[0].id;
    expect((await call(client, "POST", `/api/quotes/${r2Quote}/decline`)).statusCode).toBe(200);

    const res = await call(p, "GET", "/api/analytics/me");
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.pipeline).toEqual({ leads: 5, viewed: 5, quoted: 3, won: 1, lost: 1 });
    expect(stats.quotesSent).toBe(3);
    expect(stats.winRate).toBe(33);
    const current = stats.months.at(-1);
    expect(current).toEqual({ month: current.month, sent: 3, accepted: 1, winRate: 33 });
    expect(stats.months.slice(0, -1).every((m: { sent: number }) => m.sent === 0)).toBe(true);

    // A quote sent three months ago counts in its own month.
    await ctx.database.db
      .update(quotes)
      .set({ createdAt: sql`now() - interval '3 months'` })
      .where(eq(quotes.id, pending));
    const moved = (await call(p, "GET", "/api/analytics/me")).json();
    expect(moved.months.at(-1)).toMatchObject({ sent: 2, accepted: 1, winRate: 50 });
    expect(moved.months.at(-4)).toMatchObject({ sent: 1, accepted: 0, winRate: 0 });
    expect(moved.winRate).toBe(33);

    expect((await call(client, "GET", "/api/analytics/me")).statusCode).toBe(403);
    expect((await call(null, "GET", "/api/analytics/me")).statusCode).toBe(401);
  });
});
