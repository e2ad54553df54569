// Lists that grow with use answer one page at a time (decision 104): the spec's arrays name the next page
// in a Link header, the notification centre in its body; the dashboards' figures come from counts.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextLink } from "@/shared/next-link";
import { PAGE_SIZE } from "@/shared/paging";
import { createQuoteRequestSchema } from "@/shared/quote-requests";
import { leads } from "../db/schema/leads";
import { notifications } from "../db/schema/notifications";
import { quoteRequests } from "../db/schema/quote-requests";
import { quotes } from "../db/schema/quotes";
import { insertQuoteRequest } from "../features/quote-requests/queries";
import { createProvider, quoteRequestBody, type TestProvider } from "../test/fixtures";
import { as, createTestContext, createUser, type TestContext, type TestUser } from "../test/test-app";

let ctx: TestContext;
let client: TestUser;
let other: TestUser;
let provider: TestProvider;
/** The client's request ids, newest first as the list orders them (created_at desc, id desc). */
let expectedOrder: number[];
const REQUESTS = 45;

const get = (user: TestUser | null, url: string) => as(ctx, user, { method: "GET", url });

/** Follows the Link headers from the first page to the last, as a client of the API would. */
async function walk(user: TestUser, first: string) {
  const pages: number[][] = [];
  let url: string | null = first;
  while (url !== null) {
    const res = await get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    pages.push((res.json() as { id: number }[]).map((r) => r.id));
    url = nextLink((res.headers.link as string | undefined) ?? null);
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}

const body = createQuoteRequestSchema.parse(quoteRequestBody());
let clock = Date.parse("2026-03-01T00:00:00Z");

/** A request written as submitting writes it, without its matching job (this test runs no job queue). */
async function submit(user: TestUser, title: string) {
  clock += 60_000;
  const row = await insertQuoteRequest(
    ctx.database.db,
    {
      clientId: user.id,
      title,
      description: body.description,
      industry: body.industry,
      automationTypes: body.automationTypes,
      budgetRange: body.budgetRange,
      timeline: body.timeline,
      requirements: body.requirements,
      isComplex: false,
      matchHours: 48,
      roiHoursPerYear: null,
    },
    new Date(clock),
  );
  return row.id;
}

beforeAll(async () => {
  // No job queue: matching would deliver leads of its own to the provider while the test writes its own.
  ctx = await createTestContext({}, { jobs: false });
  client = await createUser(ctx, "client");
  other = await createUser(ctx, "client");
  provider = await createProvider(ctx);
  for (let i = 0; i < REQUESTS; i++) await submit(client, `Request ${i}`);
  await submit(other, "Someone else's");
  const { db } = ctx.database;
  // Ties on created_at are ordered by id: every third request shares one timestamp.
  await db
    .update(quoteRequests)
    .set({ createdAt: new Date("2026-01-01T00:00:00.123Z") })
    .where(and(eq(quoteRequests.clientId, client.id), sql`${quoteRequests.id} % 3 = 0`));
  // Statuses and estimates for the counts: a few of each.
  const rows = await db
    .select({ id: quoteRequests.id, createdAt: quoteRequests.createdAt })
    .from(quoteRequests)
    .where(eq(quoteRequests.clientId, client.id));
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await db
    .update(quoteRequests)
    .set({ status: "matched" })
    .where(inArray(quoteRequests.id, ids.slice(0, 5)));
  await db
    .update(quoteRequests)
    .set({ status: "closed" })
    .where(inArray(quoteRequests.id, ids.slice(5, 8)));
  await db
    .update(quoteRequests)
    .set({ status: "cancelled", roiHoursPerYear: 1000 })
    .where(inArray(quoteRequests.id, ids.slice(8, 10)));
  await db
    .update(quoteRequests)
    .set({ roiHoursPerYear: 100 })
    .where(inArray(quoteRequests.id, ids.slice(10, 14)));
  await db
    .update(quoteRequests)
    .set({ roiHoursPerYear: null })
    .where(inArray(quoteRequests.id, ids.slice(14)));
  const fresh = await db
    .select({ id: quoteRequests.id, createdAt: quoteRequests.createdAt })
    .from(quoteRequests)
    .where(eq(quoteRequests.clientId, client.id));
  expectedOrder = fresh.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.id);
  // A lead and a quote for the provider on each of the client's requests, and 25 notifications.
  const leadRows = await db
    .insert(leads)
    .values(ids.map((id) => ({ quoteRequestId: id, companyId: provider.companyId, matchScore: 70, scoreParts: [] })))
    .returning({ id: leads.id, quoteRequestId: leads.quoteRequestId });
  await db
    .update(leads)
    .set({ status: "viewed", viewedAt: new Date() })
    .where(
      inArray(
        leads.id,
        leadRows.slice(0, 30).map((l) => l.id),
      ),
    );
  await db.insert(quotes).values(
    leadRows.slice(0, 25).map((l) => ({
      leadId: l.id,
      companyId: provider.companyId,
      quoteRequestId: l.quoteRequestId,
      amountCents: 500_000,
      timeline: "4 weeks",
      message: "We can do this.",
    })),
  );
  await db
    .insert(notifications)
    .values(
      Array.from({ length: 25 }, (_, i) => ({ userId: client.id, kind: "quote.received", title: `N${i}`, body: "b" })),
    );
});
afterAll(async () => {
  await ctx.close();
});

describe("GET /api/quote-requests/me, a page at a time", () => {
  it("answers the spec's array, the first page only, with the next page in a Link header", async () => {
    const res = await get(client, "/api/quote-requests/me");
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json()).toHaveLength(PAGE_SIZE);
    expect(res.headers.link).toMatch(/^<\/api\/quote-requests\/me\?cursor=\d+>; rel="next"$/);
  });

  it("walks every request once, newest first, ties by id, and the last page names no next one", async () => {
    const pages = await walk(client, "/api/quote-requests/me");
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(expectedOrder);
    const small = await walk(client, "/api/quote-requests/me?limit=7");
    expect(small.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 3]);
    expect(small.flat()).toEqual(expectedOrder);
  });

  it("neither skips nor repeats a request submitted between two pages", async () => {
    const first = await get(client, "/api/quote-requests/me?limit=10");
    const newer = await submit(client, "Arrived meanwhile");
    const rest = await walk(client, nextLink(first.headers.link as string) as string);
    const seen = [...first.json().map((r: { id: number }) => r.id), ...rest.flat()];
    expect(seen).toEqual(expectedOrder);
    expect(seen).not.toContain(newer);
    expect((await get(client, "/api/quote-requests/me?limit=1")).json()[0].id).toBe(newer);
    await ctx.database.db.delete(quoteRequests).where(eq(quoteRequests.id, newer));
  });

  it("filters by status in the client's words on the server: closed includes cancelled", async () => {
    const closed = (await walk(client, "/api/quote-requests/me?status=closed")).flat();
    expect(closed).toHaveLength(5);
    const statuses = await ctx.database.db
      .select({ status: quoteRequests.status })
      .from(quoteRequests)
      .where(inArray(quoteRequests.id, closed));
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(["closed", "cancelled"]));
    expect((await walk(client, "/api/quote-requests/me?status=matched")).flat()).toHaveLength(5);
    expect((await walk(client, "/api/quote-requests/me?status=open")).flat()).toHaveLength(35);
  });

  it("never shows another client's requests, whatever the cursor", async () => {
    const foreign = (await get(other, "/api/quote-requests/me")).json()[0].id as number;
    const res = await get(client, `/api/quote-requests/me?cursor=${foreign}`);
    expect(res.statusCode).toBe(200);
    for (const r of res.json() as { id: number }[]) expect(expectedOrder).toContain(r.id);
    // The foreign request is the newest of all: the page after it is the client's own newest 20.
    expect(res.json().map((r: { id: number }) => r.id)).toEqual(expectedOrder.slice(0, 20));
  });

  it.each([
    ["cursor=abc", "The cursor is not one this list gave out"],
    ["cursor=9999999999", "The cursor is not one this list gave out"],
    ["limit=0", "limit must be at least 1."],
    ["limit=101", "limit must be at most 100."],
    ["limit=ten", "limit must be a number."],
    ["status=cancelled", "status must be one of open, matched, closed."],
  ])("answers 400 with a message for %s", async (query, message) => {
    const res = await get(client, `/api/quote-requests/me?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("counts every request for the dashboards, whatever page the list is on", async () => {
    const res = await get(client, "/api/quote-requests/me/summary");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: REQUESTS,
      byStatus: { open: 35, matched: 5, closed: 3, cancelled: 2 },
      // A cancelled request saves nothing: 4 × 100 hours, not the cancelled 2 × 1000.
      hoursSavedPerYear: 400,
      withEstimate: 4,
    });
    expect((await get(other, "/api/quote-requests/me/summary")).json().total).toBe(1);
    expect((await get(provider, "/api/quote-requests/me/summary")).statusCode).toBe(403);
    expect((await get(null, "/api/quote-requests/me/summary")).statusCode).toBe(401);
  });
});

describe("the provider's leads and quotes, a page at a time", () => {
  it("pages /api/leads/me and /api/quotes/me by Link header, newest first, each row once", async () => {
    const leadPages = await walk(provider, "/api/leads/me");
    expect(leadPages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(new Set(leadPages.flat()).size).toBe(REQUESTS);
    const quotePages = await walk(provider, "/api/quotes/me");
    expect(quotePages.map((p) => p.length)).toEqual([20, 5]);
    expect(quotePages.flat()).toEqual([...quotePages.flat()].sort((a, b) => b - a));
  });

  it("counts new leads and quotes for the dashboard cards in the analytics", async () => {
    const res = await get(provider, "/api/analytics/me");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ newLeads: 15, quotesSent: 25, pipeline: { leads: REQUESTS } });
  });
});

describe("GET /api/notifications, a page at a time", () => {
  it("answers the latest page with the unread count of all, and the cursor of the next", async () => {
    const first = await get(client, "/api/notifications");
    expect(first.json().notifications).toHaveLength(20);
    expect(first.json().unreadCount).toBe(25);
    const cursor = first.json().nextCursor as string;
    expect(cursor).toMatch(/^\d+$/);
    const second = await get(client, `/api/notifications?cursor=${cursor}`);
    expect(second.json().notifications.map((n: { title: string }) => n.title)).toEqual(["N4", "N3", "N2", "N1", "N0"]);
    expect(second.json().nextCursor).toBeNull();
    expect((await get(client, "/api/notifications?cursor=x")).statusCode).toBe(400);
  });
});
