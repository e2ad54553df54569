// The admin portal's API (issue 12): every route admin-only, the lists (order, filters, search, keyset
// pages), the overview and analytics figures, and the three writes with their effects and log entries.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityLogs } from "../../db/schema/activity-logs";
import { alerts } from "../../db/schema/alerts";
import { leads } from "../../db/schema/leads";
import { notifications } from "../../db/schema/notifications";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { createTopProvider } from "../../test/fixtures";
import { matchedRequest, quoteOn, submitRequest } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { apiAs, as, createUser, eachOnTheOther, signIn, type TestUser } from "../../test/test-app";
import { raiseAlert } from "../alerts/service";
import { matchQuoteRequest } from "../matching/service";
import { LAST_ADMIN_MESSAGE } from "./users";

const ctx = sharedTestContext();
const [admin, client] = sharedUsers(ctx, "admin", "client");
const [a, b] = sharedTopProviders(ctx, 2);

const { get, patch } = apiAs(ctx);
/** Returns once this process has heard what was written beside the app: the Overview is kept until then (decision 194). */
const heard = () => ctx.deps.sessions.sync(ctx.database.db);

async function lastActivity() {
  const [row] = await ctx.database.db.select().from(activityLogs).orderBy(sql`${activityLogs.id} desc`).limit(1);
  return row;
}

describe("every admin route is for admins only", () => {
  const routes: [string, string][] = [];
  beforeAll(() => {
    for (const method of ["GET", "PATCH", "POST", "PUT", "DELETE"]) {
      // printRoutes lists what the app really registered; each /api/admin path is checked below.
      for (const line of ctx.app.printRoutes({ commonPrefix: false, method: method as "GET" }).split("\n")) {
        const m = /(\/api\/admin\/\S*)/.exec(line);
        if (m?.[1] && !m[1].includes("(")) routes.push([method, m[1]]);
      }
    }
  });

  it("includes every admin call of the spec", () => {
    const listed = routes.map(([m, p]) => `${m} ${p}`);
    for (const call of [
      "GET /api/admin/stats",
      "GET /api/admin/requests",
      "GET /api/admin/users",
      "GET /api/admin/alerts",
      "GET /api/admin/activity-logs",
      "GET /api/admin/pending-providers",
      "PATCH /api/admin/requests/:id/status",
      "PATCH /api/admin/users/:id/role",
      "PATCH /api/admin/providers/:id/approve",
      "PATCH /api/admin/providers/:id/reject",
      "PATCH /api/admin/alerts/:id/resolve",
    ]) {
      expect(listed).toContain(call);
    }
  });

  it("answers 401 signed out and 403 to clients and providers, on every route", async () => {
    expect(routes.length).toBeGreaterThanOrEqual(16);
    for (const [method, path] of routes) {
      const url = path.replace(":id", "1");
      const opts = { method: method as "GET", url };
      expect((await as(ctx, null, opts)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await as(ctx, client, opts)).statusCode, `${method} ${url} client`).toBe(403);
      expect((await as(ctx, a, opts)).statusCode, `${method} ${url} provider`).toBe(403);
    }
  });
});

describe("GET /api/admin/requests and PATCH /api/admin/requests/:id/status", () => {
  let other: TestUser;
  let ids: number[] = [];
  beforeAll(async () => {
    other = await createUser(ctx, "client", "otherclient");
    ids = [
      await submitRequest(ctx, client, { title: "Invoice matching for AP" }),
      await submitRequest(ctx, other, { title: "Payroll 100% reconciliation" }),
      await submitRequest(ctx, client, { title: "Claims intake" }),
    ];
  });

  it("lists every request newest first with its client, admin status and counts", async () => {
    await matchQuoteRequest(ctx.deps, ids[2] as number);
    const res = await get(admin, "/api/admin/requests");
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: number; status: string; leadsCount: number; client: { email: string } }[];
    expect(items.slice(0, 3).map((r) => r.id)).toEqual([...ids].reverse());
    expect(items[0]).toMatchObject({ status: "active", leadsCount: 2, client: { email: client.email } });
    expect(items[1]).toMatchObject({ status: "pending", leadsCount: 0, client: { email: other.email } });
  });

  it("searches by title or client email (any case, % taken literally) and filters by status", async () => {
    const byTitle = (await get(admin, "/api/admin/requests?q=INVOICE")).json().items;
    expect(byTitle.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    const byEmail = (await get(admin, `/api/admin/requests?q=${encodeURIComponent(other.email.toUpperCase())}`)).json()
      .items;
    expect(byEmail.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const percent = (await get(admin, "/api/admin/requests?q=100%25")).json().items;
    expect(percent.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    expect((await get(admin, "/api/admin/requests?q=0%25")).json().items).toHaveLength(1);
    const active = (await get(admin, "/api/admin/requests?status=active")).json().items;
    expect(active.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    const bad = await get(admin, "/api/admin/requests?status=open");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("status must be one of pending, active, completed, cancelled");
  });

  it("pages with a cursor, without gaps or repeats; a made-up cursor is a 400", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(admin, `/api/admin/requests?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().items.map((r: { id: number }) => r.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    const all = (await get(admin, "/api/admin/requests?limit=100")).json().items.map((r: { id: number }) => r.id);
    expect(seen).toEqual(all);
    expect((await get(admin, "/api/admin/requests?cursor=abc")).statusCode).toBe(400);
  });

  it("completed closes the request for the client, declines pending quotes and closes the leads", async () => {
    const id = ids[2] as number;
    await quoteOn(ctx, a, id, {
      amount: 12_000,
      timeline: "4 weeks",
      message: "We would automate the claims intake end to end.",
    });

    const res = await patch(admin, `/api/admin/requests/${id}/status`, { status: "completed" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: "completed", quotesCount: 1 });
    const mine = (await get(client, `/api/quote-requests/${id}`)).json();
    expect(mine.status).toBe("closed");
    const [quote] = await ctx.database.db.select().from(quotes).where(eq(quotes.quoteRequestId, id));
    expect(quote).toMatchObject({ status: "declined", declineReason: "admin-completed" });
    const leadRows = await ctx.database.db.select().from(leads).where(eq(leads.quoteRequestId, id));
    expect(leadRows.map((l) => l.status)).toEqual(["closed", "closed"]);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, "quote.declined")));
    expect(told.at(-1)?.body).toContain("The marketplace closed the request");
    expect(await lastActivity()).toMatchObject({
      adminId: admin.id,
      action: "update_request_status",
      resourceType: "quote_request",
      resourceId: String(id),
    });
    expect(JSON.parse((await lastActivity())?.details ?? "{}")).toMatchObject({
      oldStatus: "active",
      newStatus: "completed",
    });
  });

  it("pending reopens the request: its leads open again, matching runs, a new due time is promised", async () => {
    const id = ids[2] as number;
    ctx.clock.advance(60 * 60 * 1000);
    const res = await patch(admin, `/api/admin/requests/${id}/status`, { status: "pending" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("pending");
    expect(new Date(res.json().matchDueAt).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    expect((await get(client, `/api/quote-requests/${id}`)).json().status).toBe("open");
    const leadRows = await ctx.database.db.select().from(leads).where(eq(leads.quoteRequestId, id));
    expect(leadRows.every((l) => l.status !== "closed")).toBe(true);
    await matchQuoteRequest(ctx.deps, id);
    const [row] = await ctx.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(row?.status).toBe("matched");
  });

  it("cancelled shows the client Cancelled (closed) and tells the providers who quoted", async () => {
    const id = await submitRequest(ctx, client, { title: "Vendor onboarding" });
    await matchQuoteRequest(ctx.deps, id);
    const [lead] = await ctx.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.quoteRequestId, id), eq(leads.companyId, b.companyId)));
    await as(ctx, b, {
      method: "POST",
      url: `/api/leads/${lead?.id}/quote`,
      payload: { amount: 9_000, timeline: "3 weeks", message: "Onboarding vendors through one automated workflow." },
    });
    const res = await patch(admin, `/api/admin/requests/${id}/status`, { status: "cancelled" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(client, `/api/quote-requests/${id}`)).json().status).toBe("cancelled");
    const [quote] = await ctx.database.db.select().from(quotes).where(eq(quotes.quoteRequestId, id));
    expect(quote).toMatchObject({ status: "declined", declineReason: "admin-cancelled" });
  });

  it("setting the status a request has changes nothing; unknown ids 404; bad values 400", async () => {
    const id = ids[0] as number;
    const before = await lastActivity();
    const same = await patch(admin, `/api/admin/requests/${id}/status`, { status: "pending" });
    expect(same.statusCode).toBe(200);
    expect((await lastActivity())?.id).toBe(before?.id);
    expect((await patch(admin, "/api/admin/requests/999999/status", { status: "active" })).statusCode).toBe(404);
    const bad = await patch(admin, `/api/admin/requests/${id}/status`, { status: "open" });
    expect(bad.statusCode).toBe(400);
    expect((await patch(admin, `/api/admin/requests/${id}/status`)).statusCode).toBe(400);
    expect((await patch(admin, "/api/admin/requests/abc/status", { status: "active" })).statusCode).toBe(400);
  });
});

describe("GET /api/admin/users and PATCH /api/admin/users/:id/role", () => {
  it("lists users newest first with company and last sign-in; filters and searches", async () => {
    const res = await get(admin, "/api/admin/users?userType=provider");
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.map((u: { id: number }) => u.id)).toEqual([b.id, a.id]);
    expect(items[0].company).toMatchObject({ id: b.companyId, status: "approved" });
    expect(items[0].lastSignInAt).not.toBeNull();
    const found = (await get(admin, `/api/admin/users?q=${encodeURIComponent(client.email.slice(0, 12))}`)).json();
    expect(found.items.map((u: { id: number }) => u.id)).toContain(client.id);
    const byName = (await get(admin, "/api/admin/users?q=admin%20tester")).json().items;
    expect(byName.map((u: { id: number }) => u.id)).toEqual([admin.id]);
    expect((await get(admin, "/api/admin/users?userType=root")).statusCode).toBe(400);
  });

  it("a promoted user is an admin on their next request, and loses it when demoted", async () => {
    const user = await createUser(ctx, "client", "promoted");
    expect((await get(user, "/api/admin/stats")).statusCode).toBe(403);
    const up = await patch(admin, `/api/admin/users/${user.id}/role`, { userType: "admin" });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().userType).toBe("admin");
    expect((await get(user, "/api/admin/stats")).statusCode).toBe(200);
    expect(JSON.parse((await lastActivity())?.details ?? "{}")).toEqual({
      email: user.email,
      oldUserType: "client",
      newUserType: "admin",
    });
    const down = await patch(admin, `/api/admin/users/${user.id}/role`, { userType: "client" });
    expect(down.statusCode, down.body).toBe(200);
    // The same session as before: the role is read on every request.
    expect((await get(user, "/api/admin/stats")).statusCode).toBe(403);
  });

  it("the only admin cannot remove their own role (409); with a second admin they can", async () => {
    const alone = await patch(admin, `/api/admin/users/${admin.id}/role`, { userType: "client" });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(LAST_ADMIN_MESSAGE);
    const second = await createUser(ctx, "admin", "second");
    // Two admins removing each other at once: one wins, the other is refused, one admin remains.
    const { xOnY, codes } = await eachOnTheOther(admin, second, (by, on) =>
      patch(by, `/api/admin/users/${on.id}/role`, { userType: "client" }),
    );
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const winner = xOnY.statusCode === 200 ? admin : second;
    const admins = (await get(winner, "/api/admin/users?userType=admin")).json().items;
    expect(admins).toHaveLength(1);
    if (admins[0].id !== admin.id) {
      // Restore the file's admin for the tests that follow.
      const restored = await patch(second, `/api/admin/users/${admin.id}/role`, { userType: "admin" });
      expect(restored.statusCode).toBe(200);
    }
    expect((await patch(admin, "/api/admin/users/999999/role", { userType: "admin" })).statusCode).toBe(404);
    expect((await patch(admin, `/api/admin/users/${client.id}/role`, { userType: "root" })).statusCode).toBe(400);
  });

  it("a provider made a client keeps the company but receives no more leads", async () => {
    const p = await createTopProvider(ctx);
    expect((await patch(admin, `/api/admin/users/${p.id}/role`, { userType: "client" })).statusCode).toBe(200);
    const id = await submitRequest(ctx, client, { title: "Expense report checks" });
    await matchQuoteRequest(ctx.deps, id);
    const leadRows = await ctx.database.db.select().from(leads).where(eq(leads.quoteRequestId, id));
    expect(leadRows.map((l) => l.companyId)).not.toContain(p.companyId);
    const listed = (await get(admin, `/api/admin/users?q=${encodeURIComponent(p.email)}`)).json().items[0];
    expect(listed).toMatchObject({ userType: "client", company: { id: p.companyId } });
  });
});

describe("alerts and the activity log", () => {
  let ids: number[] = [];
  beforeAll(async () => {
    for (const n of [1, 2, 3]) {
      await raiseAlert(ctx.database.db, {
        type: "test_alert",
        severity: "medium",
        title: `Alert ${n}`,
        description: `Something ${n} happened.`,
        resourceType: "quote_request",
        resourceId: n,
        cause: `test:${n}`,
      });
    }
    const rows = await ctx.database.db.select().from(alerts).where(eq(alerts.type, "test_alert")).orderBy(alerts.id);
    ids = rows.map((r) => r.id);
  });

  it("resolves once, with who and when; a second resolve is a 409; the count follows", async () => {
    const before = (await get(admin, "/api/admin/alerts/count")).json().unresolved;
    const id = ids[0] as number;
    // No body and no content type, as the spec's client sends it.
    const res = await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/alerts/${id}/resolve`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, isResolved: true, resolvedBy: { id: admin.id } });
    expect(res.json().resourceLink).toBe("/quote-request/1");
    expect((await get(admin, "/api/admin/alerts/count")).json().unresolved).toBe(before - 1);
    const again = await patch(admin, `/api/admin/alerts/${id}/resolve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("already resolved by Admin Tester");
    expect((await patch(admin, "/api/admin/alerts/999999/resolve")).statusCode).toBe(404);
    expect(await lastActivity()).toMatchObject({
      action: "resolve_alert",
      resourceType: "alert",
      resourceId: String(id),
    });
  });

  it("a resolved alert's cause can be raised again", async () => {
    const raised = await raiseAlert(ctx.database.db, {
      type: "test_alert",
      severity: "medium",
      title: "Alert 1 again",
      description: "It happened again.",
      cause: "test:1",
    });
    expect(raised).toBe(true);
  });

  it("lists unresolved first, pages across the boundary, and filters", async () => {
    const seen: { id: number; isResolved: boolean }[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(admin, `/api/admin/alerts?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().items);
      cursor = res.json().nextCursor;
    } while (cursor);
    const firstResolved = seen.findIndex((x) => x.isResolved);
    expect(firstResolved).toBeGreaterThan(0);
    expect(seen.slice(firstResolved).every((x) => x.isResolved)).toBe(true);
    expect(new Set(seen.map((x) => x.id)).size).toBe(seen.length);
    const resolved = (await get(admin, "/api/admin/alerts?resolved=true")).json().items;
    expect(resolved.map((x: { id: number }) => x.id)).toEqual([ids[0]]);
    expect((await get(admin, "/api/admin/alerts?resolved=maybe")).statusCode).toBe(400);
  });

  it("lists the newest 20 entries with the admin's name, then the rest by cursor", async () => {
    for (let i = 0; i < 21; i += 1) {
      await ctx.database.db
        .insert(activityLogs)
        .values({ adminId: admin.id, action: "test_action", resourceType: "test", resourceId: String(i) });
    }
    const first = (await get(admin, "/api/admin/activity-logs")).json();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ action: "test_action", resourceId: "20", admin: { firstName: "Admin" } });
    const next = (await get(admin, `/api/admin/activity-logs?cursor=${first.nextCursor}`)).json();
    expect(next.items[0].resourceId).toBe("0");
  });
});

describe("overview and analytics figures", () => {
  it("counts users, requests by admin status, quotes, pending providers and revenue", async () => {
    const stats = (await get(admin, "/api/admin/stats")).json();
    const [counts] = await ctx.database.db
      .select({
        open: sql<number>`count(*) filter (where status = 'open')`.mapWith(Number),
        matched: sql<number>`count(*) filter (where status = 'matched')`.mapWith(Number),
        closed: sql<number>`count(*) filter (where status = 'closed')`.mapWith(Number),
        cancelled: sql<number>`count(*) filter (where status = 'cancelled')`.mapWith(Number),
      })
      .from(quoteRequests);
    expect(stats.requestsByStatus).toEqual({
      pending: counts?.open,
      active: counts?.matched,
      completed: counts?.closed,
      cancelled: counts?.cancelled,
    });
    expect(stats.requestsByStatus.completed).toBeGreaterThanOrEqual(0);
    expect(stats.totalQuotes).toBe(2);
    // Every test provider has an active demo subscription: $99 each, demo labelled.
    expect(stats.revenue).toMatchObject({ includesDemo: true });
    expect(stats.revenue.thisMonthCents).toBe(stats.revenue.activeSubscriptions * 9900);
    expect(stats.totalUsers).toBe(stats.totalClients + stats.totalProviders + stats.totalAdmins);
  });

  it("computes conversion, response time and a bucket per day of the period", async () => {
    const res = await get(admin, "/api/admin/analytics?period=7d");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.series).toHaveLength(7);
    const requests = (body.series as { requests: number }[]).reduce((s, x) => s + x.requests, 0);
    expect(requests).toBe(body.conversion.requests);
    expect(body.conversion.percent).toBe(Math.round((body.conversion.quotes / body.conversion.requests) * 100));
    expect(body.avgResponseHours).not.toBeNull();
    expect(body.pipeline.won + body.pipeline.lost + body.pipeline.quoted).toBeGreaterThan(0);
    expect((await get(admin, "/api/admin/analytics?period=1y")).statusCode).toBe(400);
    const months = (await get(admin, "/api/admin/analytics?period=12m")).json();
    expect(months.series).toHaveLength(12);
    expect(months.series.at(-1).start).toBe(`${ctx.clock.now().toISOString().slice(0, 7)}-01`);
  });
});

describe("the figures the database keeps (migration 0012)", () => {
  it("equal a count of the rows after inserts, status changes, withdrawals, role changes and deletes", async () => {
    // A quote sent, then withdrawn; a request deleted with its leads and quotes; a role changed.
    const id = await matchedRequest(ctx, client, { title: "Kept figures" });
    const sent = await quoteOn(ctx, a, id, {
      amount: 5_000,
      timeline: "2 weeks",
      message: "A small, quick automation of this process.",
    });
    const withdrawn = await as(ctx, a, { method: "POST", url: `/api/quotes/${sent}/withdraw` });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const doomed = await matchedRequest(ctx, client, { title: "Deleted request" });
    await ctx.database.db.delete(quoteRequests).where(eq(quoteRequests.id, doomed));
    await heard();

    const stats = (await get(admin, "/api/admin/stats")).json();
    const [direct] = await ctx.database.db
      .select({
        open: sql<number>`(select count(*) from quote_requests where status = 'open')`.mapWith(Number),
        matched: sql<number>`(select count(*) from quote_requests where status = 'matched')`.mapWith(Number),
        closed: sql<number>`(select count(*) from quote_requests where status = 'closed')`.mapWith(Number),
        cancelled: sql<number>`(select count(*) from quote_requests where status = 'cancelled')`.mapWith(Number),
        quotes: sql<number>`(select count(*) from quotes where status <> 'withdrawn')`.mapWith(Number),
        clients:
          sql<number>`(select count(*) from users where user_type = 'client' and email not like '%@deleted.invalid')`.mapWith(
            Number,
          ),
        providers:
          sql<number>`(select count(*) from users where user_type = 'provider' and email not like '%@deleted.invalid')`.mapWith(
            Number,
          ),
        admins:
          sql<number>`(select count(*) from users where user_type = 'admin' and email not like '%@deleted.invalid')`.mapWith(
            Number,
          ),
        pending: sql<number>`(select count(*) from companies where status = 'pending')`.mapWith(Number),
        hours:
          sql<number>`(select avg(extract(epoch from q.created_at - l.created_at)) / 3600 from quotes q join leads l on l.id = q.lead_id where q.status <> 'withdrawn')`.mapWith(
            Number,
          ),
      })
      .from(sql`(select 1) one`);
    expect(stats.requestsByStatus).toEqual({
      pending: direct?.open,
      active: direct?.matched,
      completed: direct?.closed,
      cancelled: direct?.cancelled,
    });
    expect(stats.totalQuotes).toBe(direct?.quotes);
    expect([stats.totalClients, stats.totalProviders, stats.totalAdmins]).toEqual([
      direct?.clients,
      direct?.providers,
      direct?.admins,
    ]);
    expect(stats.pendingProviders).toBe(direct?.pending);
    // Every request and quote of this file is from today (the test clock's day).
    const analytics = (await get(admin, "/api/admin/analytics?period=7d")).json();
    expect(analytics.conversion).toMatchObject({
      requests: direct ? direct.open + direct.matched + direct.closed + direct.cancelled : -1,
      quotes: direct?.quotes,
    });
    expect(analytics.avgResponseHours).toBeCloseTo(direct?.hours ?? -1, 1);
  });
});

describe("deleted accounts in the admin's figures (issue 30, migration 0019)", () => {
  it("count in no figure of users: not by type, not in the total, not among the week's or month's new ones", async () => {
    const leaving = await createUser(ctx, "client", "leaving");
    const retiring = await createTopProvider(ctx);
    await heard();
    const stats = async () => (await get(admin, "/api/admin/stats")).json();
    const analytics = async () => (await get(admin, "/api/admin/analytics?period=7d")).json();
    const [before, weekBefore] = [await stats(), await analytics()];
    for (const user of [leaving, retiring]) {
      const res = await as(ctx, user, {
        method: "POST",
        url: "/api/account/delete",
        payload: { password: user.password },
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    const [after, weekAfter] = [await stats(), await analytics()];
    expect(after.totalClients).toBe(before.totalClients - 1);
    expect(after.totalProviders).toBe(before.totalProviders - 1);
    expect(after.totalUsers).toBe(before.totalUsers - 2);
    // Both signed up today (the test clock's day); the provider's company was registered today too.
    const fewer = (n: { clients: number; providers: number }) => ({
      clients: n.clients - 2,
      providers: n.providers - 1,
    });
    expect(after.newThisMonth).toMatchObject(fewer(before.newThisMonth));
    expect(weekAfter.newThisWeek).toMatchObject(fewer(weekBefore.newThisWeek));
    expect(weekAfter.newThisMonth).toMatchObject(fewer(weekBefore.newThisMonth));

    // The kept figures still equal a count of the rows, deleted accounts left out.
    const [direct] = await ctx.database.db
      .select({
        clients: sql<number>`count(*) filter (where user_type = 'client')`.mapWith(Number),
        providers: sql<number>`count(*) filter (where user_type = 'provider')`.mapWith(Number),
        admins: sql<number>`count(*) filter (where user_type = 'admin')`.mapWith(Number),
      })
      .from(sql`users`)
      .where(sql`email not like '%@deleted.invalid'`);
    expect([after.totalClients, after.totalProviders, after.totalAdmins]).toEqual([
      direct?.clients,
      direct?.providers,
      direct?.admins,
    ]);
  });
});

describe("GET /api/admin/providers", () => {
  it("lists every company with its subscription and lead counts, filtered and searched", async () => {
    const res = await get(admin, "/api/admin/providers?status=approved");
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().items.find((p: { id: number }) => p.id === a.companyId);
    expect(mine).toMatchObject({ subscription: { status: "active", demo: true }, owner: { email: a.email } });
    expect(mine.leadsCount).toBeGreaterThan(0);
    const byEmail = (await get(admin, `/api/admin/providers?q=${encodeURIComponent(b.email)}`)).json().items;
    expect(byEmail.map((p: { id: number }) => p.id)).toEqual([b.companyId]);
    expect((await get(admin, "/api/admin/providers?status=pending")).json().items).toEqual([]);
  });
});

it("signs in again after the role tests (sanity of the shared admin)", async () => {
  const again = await signIn(ctx, admin.email, admin.password);
  expect(again.userType).toBe("admin");
});
