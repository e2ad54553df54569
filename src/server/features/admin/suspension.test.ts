// Suspending a provider (issue 30, decision 151): like a decline, its open leads go back to matching and
// its pending quotes are withdrawn, the clients told; a hire stays; the client's quote cards say when the
// provider's profile is no longer public.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quoteRequestPath } from "@/shared/paths";
import { activityLogs } from "../../db/schema/activity-logs";
import { companies } from "../../db/schema/companies";
import { quotes } from "../../db/schema/quotes";
import { createProvider, rankedProviders, type TestProvider } from "../../test/fixtures";
import { matchJobsFor } from "../../test/jobs";
import { emailsTo, notificationsOf, requestStatus } from "../../test/reads";
import { hire, leadRowOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { matchQuoteRequest } from "../matching/service";

const ctx = sharedTestContext();
let client: TestUser;
let admin: TestUser;
beforeAll(async () => {
  [client, admin] = [await createUser(ctx, "client"), await createUser(ctx, "admin")];
});
// No provider of one test is eligible in the next.
beforeEach(async () => {
  await ctx.database.db.delete(companies);
});

const suspend = (user: TestProvider) =>
  as(ctx, admin, { method: "PATCH", url: `/api/admin/users/${user.id}/suspend`, payload: { reason: "Spam" } });
const reinstate = (user: TestProvider) =>
  as(ctx, admin, { method: "PATCH", url: `/api/admin/users/${user.id}/reinstate` });
const get = (url: string) => as(ctx, client, { method: "GET", url });
const companyName = async (p: TestProvider) =>
  (await ctx.database.db.select().from(companies).where(eq(companies.id, p.companyId)))[0]?.name ?? "?";

describe("suspending a provider", () => {
  it("withdraws its open leads and pending quotes, matches those requests again and tells their clients; a hire stays", async () => {
    const p = await rankedProviders(ctx);
    const hired = await hire(ctx, client, p.first);
    const quoted = await matchedRequest(ctx, client);
    const quoteId = await quoteOn(ctx, p.first, quoted);
    const waiting = await matchedRequest(ctx, client);
    const name = await companyName(p.first);
    expect((await get(`/api/quote-requests/${waiting}/conversations`)).body).toContain(name);
    const jobs = async () => [
      (await matchJobsFor(ctx.database.db, quoted)).length,
      (await matchJobsFor(ctx.database.db, waiting)).length,
    ];
    const jobsBefore = await jobs();

    const res = await suspend(p.first);
    expect(res.statusCode, res.body).toBe(200);

    // Its leads on the open requests are taken back; its pending quote leaves the client's list.
    for (const id of [quoted, waiting]) {
      const lead = await leadRowOf(ctx, p.first, id);
      expect(lead.status).toBe("closed");
      expect(lead.withdrawnAt).not.toBeNull();
    }
    const [quote] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.status).toBe("withdrawn");
    expect((await get(`/api/quote-requests/${quoted}/quotes`)).json()).toEqual([]);
    // The client's open request no longer lists it among the providers who have not quoted.
    const threads = await get(`/api/quote-requests/${waiting}/conversations`);
    expect(threads.statusCode).toBe(200);
    expect(threads.body).not.toContain(name);

    // The hire is the client's and the provider's: untouched.
    expect((await leadRowOf(ctx, p.first, hired)).withdrawnAt).toBeNull();
    expect((await get(`/api/quote-requests/${hired}/quotes`)).json()).toMatchObject([{ status: "accepted" }]);

    // Each request was handed to matching with the suspension; the job offers it to the next best provider.
    expect(await jobs()).toEqual(jobsBefore.map((n) => n + 1));
    for (const id of [quoted, waiting]) {
      expect(await matchQuoteRequest(ctx.deps, id)).toMatchObject({ status: "done", delivered: 1, totalLeads: 3 });
      expect((await leadRowOf(ctx, p.fourth, id)).status).toBe("new");
      expect(await requestStatus(ctx, id)).toBe("matched");
    }

    // The client is told, once per request, in the app and by email; why is not said.
    const told = await notificationsOf(ctx, client.id, "request.provider_withdrawn");
    expect(told.map((n) => n.link).sort()).toEqual([quoteRequestPath(quoted), quoteRequestPath(waiting)].sort());
    const onQuoted = told.find((n) => n.link === quoteRequestPath(quoted));
    expect(onQuoted?.body).toContain(name);
    expect(onQuoted?.body).toContain("Its quote was withdrawn.");
    expect(told.find((n) => n.link === quoteRequestPath(waiting))?.body).not.toContain("quote was withdrawn");
    expect(told.map((n) => n.body).join(" ")).not.toMatch(/suspend|Spam/i);
    expect(await emailsTo(ctx, client.email, "request.provider_withdrawn")).toHaveLength(2);
    const [log] = await ctx.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, "suspend_user"))
      .orderBy(activityLogs.id);
    expect(JSON.parse(String(log?.details))).toMatchObject({ leadsWithdrawn: 2, quotesWithdrawn: 1 });

    // Reinstated, the provider is never offered those requests again, even when an admin reopens one.
    expect((await reinstate(p.first)).statusCode).toBe(200);
    const reopen = (status: string) =>
      as(ctx, admin, { method: "PATCH", url: `/api/admin/requests/${waiting}/status`, payload: { status } });
    expect((await reopen("cancelled")).statusCode).toBe(200);
    expect((await reopen("pending")).statusCode).toBe(200);
    await matchQuoteRequest(ctx.deps, waiting);
    expect((await leadRowOf(ctx, p.first, waiting)).status).toBe("closed");
    expect((await leadRowOf(ctx, p.fourth, waiting)).status).toBe("new");
  });

  it("a request whose only provider is suspended, with nobody else eligible, waits for a provider again", async () => {
    const only = await createProvider(ctx);
    const id = await matchedRequest(ctx, client);
    expect((await suspend(only)).statusCode).toBe(200);
    expect(await matchQuoteRequest(ctx.deps, id)).toMatchObject({ delivered: 0, eligible: 0, totalLeads: 0 });
    expect(await requestStatus(ctx, id)).toBe("open");
  });
});

describe("the client's quote cards say whether the provider's profile is public", () => {
  it("true while listed; false once its owner is suspended or its company unlisted; true again when reinstated", async () => {
    const provider = await createProvider(ctx);
    const id = await hire(ctx, client, provider);
    const profilePublic = async () => (await get(`/api/quote-requests/${id}/quotes`)).json()[0]?.provider.profilePublic;
    expect(await profilePublic()).toBe(true);
    expect((await suspend(provider)).statusCode).toBe(200);
    expect(await profilePublic()).toBe(false);
    expect((await reinstate(provider)).statusCode).toBe(200);
    expect(await profilePublic()).toBe(true);
    await ctx.database.db.update(companies).set({ status: "rejected" }).where(eq(companies.id, provider.companyId));
    expect(await profilePublic()).toBe(false);
  });
});
