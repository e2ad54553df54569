// The demo marketplace on a first start (decision 103): what every role finds, read through the API as
// they would read it, and a new request matched to three providers with different scores.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminReview, OwnReview, RequestReview } from "@/shared/reviews";
import { companies } from "../db/schema/companies";
import { emailOutbox } from "../db/schema/email-outbox";
import { leads as leadsTable } from "../db/schema/leads";
import { users } from "../db/schema/users";
import { DEMO_APPLICANT_EMAIL } from "../features/companies/seed";
import { matchQuoteRequest } from "../features/matching/service";
import { submitRequest } from "../test/scenarios";
import { as, createTestContext, createUser, signIn, type TestContext, type TestUser } from "../test/test-app";
import { DEMO_ACCOUNTS, DEMO_OTHER_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from ".";
import { DEMO_REVIEWS } from "./reviews";

let ctx: TestContext;
const signInAs = (email: string) => signIn(ctx, email, DEMO_PASSWORD);
const get = async (user: Pick<TestUser, "cookie">, url: string) => {
  const res = await as(ctx, user, { method: "GET", url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext({}, { jobs: true });
  expect(await seedDemoData(ctx.deps)).toBe(true);
});
afterAll(async () => {
  await ctx?.close();
});

describe("the demo marketplace", () => {
  it("is seeded once: a database with users is left alone", async () => {
    expect(await seedDemoData(ctx.deps)).toBe(false);
  });

  it("lets every demo account sign in with the demo password", async () => {
    for (const account of [...DEMO_ACCOUNTS, ...DEMO_OTHER_ACCOUNTS]) {
      expect((await signInAs(account.email)).userType).toBe(account.userType);
    }
  });

  it("has six subscribed providers of different countries, sizes and specialties, one unsubscribed, one pending, one rejected", async () => {
    const admin = await signInAs("admin@demo.automatch.io");
    const page = await get(admin, "/api/admin/providers?limit=50");
    const providers: {
      id: number;
      status: string;
      country: string | null;
      specialties: string[];
      owner: { email: string };
      subscription: { status: string } | null;
    }[] = page.items;
    const subscribed = providers.filter((p) => p.status === "approved" && p.subscription?.status === "active");
    expect(subscribed.length).toBeGreaterThanOrEqual(6);
    expect(new Set(subscribed.map((p) => p.country)).size).toBe(subscribed.length);
    const sizes = await ctx.database.db
      .selectDistinct({ size: companies.size })
      .from(companies)
      .where(
        inArray(
          companies.id,
          subscribed.map((p) => p.id),
        ),
      );
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    expect(new Set(subscribed.map((p) => p.specialties.join())).size).toBe(subscribed.length);
    // Only one of them is in the US, so a US-only request has too few providers, as the alerts show.
    expect(subscribed.filter((p) => p.country === "US").map((p) => p.owner.email)).toEqual([
      "provider@demo.automatch.io",
    ]);

    const byOwner = (email: string) => providers.find((p) => p.owner.email === email);
    expect(byOwner("provider2@demo.automatch.io")).toMatchObject({ status: "approved", subscription: null });
    expect(byOwner("applicant@demo.automatch.io")).toMatchObject({ status: "pending" });
    const rejected = providers.filter((p) => p.status === "rejected");
    expect(rejected).toHaveLength(1);
    const rejectedOwner = await signInAs(rejected[0]?.owner.email ?? "");
    expect((await get(rejectedOwner, "/api/companies/me")).rejectionReason).toMatch(/references/);
  });

  it("holds requests in every state, with leads, quotes, a hire, a cancellation, alerts and activity", async () => {
    const admin = await signInAs("admin@demo.automatch.io");
    const requests: { status: string; createdAt: string }[] = (await get(admin, "/api/admin/requests?limit=50")).items;
    // "pending" is the request submitted at start-up: no worker runs here, so its matching job waits.
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(["pending", "active", "completed", "cancelled"]));
    // A past of weeks, not of one instant: the oldest request is more than a month old.
    const oldest = Math.min(...requests.map((r) => Date.parse(r.createdAt)));
    expect(Date.now() - oldest).toBeGreaterThan(30 * DAY_MS);

    const stats = await get(admin, "/api/admin/stats");
    expect(stats).toMatchObject({ totalQuotes: expect.any(Number) });
    expect(stats.totalQuotes).toBeGreaterThanOrEqual(10);

    const alerts: { isResolved: boolean; type: string }[] = (await get(admin, "/api/admin/alerts?limit=50")).items;
    expect(alerts.some((a) => a.isResolved)).toBe(true);
    expect(alerts.some((a) => !a.isResolved && a.type === "too_few_providers")).toBe(true);
    const actions = new Set(
      ((await get(admin, "/api/admin/activity-logs?limit=100")).items as { action: string }[]).map((a) => a.action),
    );
    for (const action of ["approve_provider", "reject_provider", "resolve_alert"]) expect(actions).toContain(action);

    // The past was not mailed to anyone; only what happens from now on is.
    const [outbox] = await ctx.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(emailOutbox);
    expect(outbox?.n).toBe(0);
  });

  it("shows the demo client a hire, quotes to compare and a US-only request with one provider", async () => {
    const client = await signInAs("client@demo.automatch.io");
    const summary = await get(client, "/api/quote-requests/me/summary");
    expect(summary.byStatus).toMatchObject({ matched: 2, closed: 1 });
    const mine: { id: number; title: string; status: string }[] = await get(client, "/api/quote-requests/me");
    const quotesOf = async (title: string) => {
      const request = mine.find((r) => r.title === title);
      return (await get(client, `/api/quote-requests/${request?.id}/quotes`)) as { status: string }[];
    };
    expect((await quotesOf("Month-end reconciliation reports")).map((q) => q.status).sort()).toEqual([
      "accepted",
      "declined",
      "declined",
    ]);
    expect((await quotesOf("Supplier invoice processing")).map((q) => q.status)).toEqual(["submitted", "submitted"]);
  });

  it("gives the demo provider leads, quotes sent and a win; its notifications of the past are read", async () => {
    const provider = await signInAs("provider@demo.automatch.io");
    const quotes: { status: string }[] = await get(provider, "/api/quotes/me");
    const statuses = new Set(quotes.map((q) => q.status));
    expect(statuses).toContain("accepted");
    expect(statuses).toContain("submitted");
    const leads: unknown[] = await get(provider, "/api/leads/me");
    expect(leads.length).toBeGreaterThanOrEqual(5);
    const bell = await get(provider, "/api/notifications");
    expect(bell.notifications.length).toBeGreaterThan(bell.unreadCount);
  });

  it("holds a lead a provider declined with a note, and the request went on to another provider", async () => {
    const admin = await signInAs("admin@demo.automatch.io");
    const analytics = await get(admin, "/api/admin/analytics?period=30d");
    expect(analytics.declines.declined).toBeGreaterThanOrEqual(1);
    expect(analytics.declines.recentNotes[0]?.note).toMatch(/not our field/);
    const [declined] = await ctx.database.db.select().from(leadsTable).where(eq(leadsTable.status, "declined"));
    const siblings = await ctx.database.db
      .select()
      .from(leadsTable)
      .where(eq(leadsTable.quoteRequestId, declined?.quoteRequestId ?? 0));
    expect(siblings.filter((l) => l.status !== "declined").length).toBe(3);
  });

  it("holds conversations of the past, with unread messages on both sides, each on its day", async () => {
    const provider = await signInAs("provider@demo.automatch.io");
    const client = await signInAs("client@demo.automatch.io");
    const theirs = await get(provider, "/api/conversations/unread");
    expect(theirs.total).toBeGreaterThanOrEqual(1);
    const mine = await get(client, "/api/conversations/unread");
    expect(mine.total).toBeGreaterThanOrEqual(1);
    const leadId: number = theirs.threads[0].leadId;
    const page = await get(provider, `/api/conversations/${leadId}/messages`);
    expect(page.messages.length).toBeGreaterThanOrEqual(3);
    // Written days ago, as the story tells, not at the moment of seeding.
    for (const m of page.messages as { createdAt: string }[]) {
      expect(Date.parse(m.createdAt)).toBeLessThan(Date.now() - DAY_MS);
    }
  });

  it("gives the demo providers public profiles: industries served and case studies of their own", async () => {
    const provider = await signInAs("provider@demo.automatch.io");
    const settings = await get(provider, "/api/companies/me/public-profile");
    expect(settings).toMatchObject({ isPublic: true, slug: "pat-s-process-automation" });
    expect(settings.industriesServed.length).toBeGreaterThanOrEqual(2);
    const studies: { title: string; figures: unknown[] }[] = await get(provider, "/api/companies/me/case-studies");
    expect(studies.length).toBeGreaterThanOrEqual(2);
    expect(studies.some((c) => c.figures.length > 0)).toBe(true);
    for (const email of ["lumen", "cobalt", "kestrel", "meridian", "bluebird"].map((k) => `${k}@demo.automatch.io`)) {
      const other = await signInAs(email);
      expect((await get(other, "/api/companies/me/public-profile")).industriesServed.length, email).toBeGreaterThan(0);
      const theirs: unknown[] = await get(other, "/api/companies/me/case-studies");
      expect(theirs.length, email).toBeGreaterThanOrEqual(1);
      expect(theirs.length, email).toBeLessThanOrEqual(3);
    }
  });

  it("holds reviews of the hires, each on its day: the demo provider's, one answered and one 'partly'", async () => {
    const provider = await signInAs("provider@demo.automatch.io");
    const mine: OwnReview[] = (await get(provider, "/api/companies/me/reviews")).items;
    expect(mine.map((r) => [r.requestTitle, r.outcome, r.reply !== null])).toEqual([
      ["Appointment reminders and no-show follow-up", "partly", false],
      ["Month-end reconciliation reports", "met", true],
    ]);
    for (const r of mine) {
      expect(r.hidden).toBeNull();
      expect(r.estimatedHoursPerYear).toBeGreaterThan(0);
      expect(r.hoursSavedPerYear).toBeGreaterThan(0);
      expect(Date.parse(r.createdAt)).toBeLessThan(Date.now() - DAY_MS);
    }
    const partly = mine[0] as OwnReview;
    expect(partly.hoursSavedPerYear).toBeLessThan(partly.estimatedHoursPerYear ?? 0);
    // The demo client reads its own review, with the reply, on the request's page.
    const client = await signInAs("client@demo.automatch.io");
    const requests: { id: number; title: string }[] = await get(client, "/api/quote-requests/me?limit=50");
    const hired = requests.find((r) => r.title === "Month-end reconciliation reports");
    const read: RequestReview = await get(client, `/api/quote-requests/${hired?.id}/review`);
    expect(read).toMatchObject({ canReview: false, review: { rating: 5, reviewer: "Casey C." } });
    expect(read.review?.reply?.body).toContain("Thank you, Casey");
    // Every review is a hire's, and the companies' figures count them.
    const admin = await signInAs("admin@demo.automatch.io");
    const all: AdminReview[] = (await get(admin, "/api/admin/reviews")).items;
    expect(all).toHaveLength(DEMO_REVIEWS.length);
    const [figures] = await ctx.database.db
      .select({ count: companies.reviewCount, avg: companies.ratingAvg })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.userId))
      .where(eq(users.email, "provider@demo.automatch.io"));
    expect(figures).toEqual({ count: 2, avg: 4.5 });
  });

  it("matches a new request, and the one submitted at start-up, to three providers with different scores", async () => {
    const client = await createUser(ctx, "client");
    await submitRequest(ctx, client, { title: "A new demo request" });
    const admin = await signInAs("admin@demo.automatch.io");
    const waiting: { id: number }[] = (await get(admin, "/api/admin/requests?status=pending&limit=50")).items;
    // The start-up request and this one; the job that matches them runs here by hand.
    expect(waiting).toHaveLength(2);
    // Oldest first, as the job queue takes them: the start-up request meets the demo as it was seeded.
    for (const id of waiting.map((r) => r.id).sort((a, b) => a - b)) {
      expect(await matchQuoteRequest(ctx.deps, id)).toMatchObject({ status: "done", delivered: 3 });
      const leads = await ctx.database.db
        .select({ score: leadsTable.matchScore, email: users.email })
        .from(leadsTable)
        .innerJoin(companies, eq(companies.id, leadsTable.companyId))
        .innerJoin(users, eq(users.id, companies.userId))
        .where(eq(leadsTable.quoteRequestId, id));
      expect(new Set(leads.map((l) => l.score)).size, `request ${id}`).toBe(3);
      expect(leads.map((l) => l.email)).toContain("provider@demo.automatch.io");
    }
  });

  // The companies of the demo (decision 103): what the vetting left, as each of its owners and the admin see it.
  it("gives the demo providers approved companies, the applicant a pending one the admin can see, and one a rejection", async () => {
    const provider = await signInAs("provider@demo.automatch.io");
    const applicant = await signInAs(DEMO_APPLICANT_EMAIL);
    const demoAdmin = await signInAs("admin@demo.automatch.io");
    const second = await signInAs("provider2@demo.automatch.io");
    const rejected = await signInAs("rejected@demo.automatch.io");

    expect(await get(provider, "/api/companies/me")).toMatchObject({ status: "approved" });
    expect(await get(second, "/api/companies/me")).toMatchObject({ status: "approved" });
    expect(await get(applicant, "/api/companies/me")).toMatchObject({ status: "pending" });
    expect(await get(rejected, "/api/companies/me")).toMatchObject({
      status: "rejected",
      rejectionReason: expect.stringContaining("references"),
    });
    // Only the applicant waits for review: the others were decided weeks ago, as the activity log says.
    const list = await get(demoAdmin, "/api/admin/pending-providers");
    expect(list.map((p: { owner: { email: string } }) => p.owner.email)).toEqual([DEMO_APPLICANT_EMAIL]);
    const log = (await get(demoAdmin, "/api/admin/activity-logs?limit=50")).items as { action: string }[];
    expect(log.filter((e) => e.action === "approve_provider").length).toBeGreaterThanOrEqual(7);
    expect(log.filter((e) => e.action === "reject_provider")).toHaveLength(1);
  });

  // Last: the second demo provider starts a subscription here.
  it("gives the subscribed demo providers active demo subscriptions, and the second demo provider, approved, none", async () => {
    const subscription = (user: Pick<TestUser, "cookie">, method: "GET" | "POST") =>
      as(
        ctx,
        user,
        method === "GET" ? { method, url: "/api/subscription" } : { method, url: "/api/create-subscription" },
      );
    const signInProvider = async (email: string) => {
      const user = await signInAs(email);
      expect(user.userType).toBe("provider");
      return user;
    };
    const provider = await signInProvider("provider@demo.automatch.io");
    const sub = (await subscription(provider, "GET")).json();
    expect(sub).toMatchObject({ provider: "demo", status: "active", cardLast4: "4242", canceledAt: null });
    expect(Date.parse(sub.currentPeriodEnd)).toBeGreaterThan(Date.now());
    expect((await subscription(provider, "POST")).statusCode).toBe(409);

    for (const email of ["lumen", "cobalt", "kestrel", "meridian", "bluebird"]) {
      const other = await signInProvider(`${email}@demo.automatch.io`);
      expect((await subscription(other, "GET")).json()).toMatchObject({ provider: "demo", status: "active" });
    }

    // The second demo provider is approved, so the subscription page takes its card.
    const second = await signInProvider("provider2@demo.automatch.io");
    expect((await subscription(second, "GET")).json()).toBeNull();
    expect(await get(second, "/api/companies/me")).toMatchObject({ status: "approved" });
    expect((await subscription(second, "POST")).statusCode).toBe(200);
  });
});
