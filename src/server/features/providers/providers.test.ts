// The public directory and profiles (issue 17, decision 137), over HTTP on a fresh database: who is
// listed, each filter and sort, keyset pages through ties, bad queries, the owner's preview, reviews
// (hidden ones left out) and the figures computed from real leads, quotes and messages.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletedAccountEmail } from "@/shared/account";
import {
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SORTS,
  type DirectoryEntry,
  type DirectorySort,
  publicProfileInputSchema,
  REVIEWS_PAGE_SIZE,
} from "@/shared/providers";
import { INDUSTRIES } from "@/shared/quote-request-options";
import type { ReviewOutcome } from "@/shared/reviews";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { caseStudies } from "../../db/schema/case-studies";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { reviews } from "../../db/schema/reviews";
import { users } from "../../db/schema/users";
import { createProvider, createTopProvider, quoteRequestBody, type TestProvider } from "../../test/fixtures";
import { acceptQuote, matchedRequest, quoteOn } from "../../test/scenarios";
import { as, createTestContext, createUser, type TestContext, type TestUser } from "../../test/test-app";
import { refreshProviderStats } from "../companies/stats";
import { summarize } from "./service";

let ctx: TestContext;
let client: TestUser;
let admin: TestUser;
let reader: TestProvider;

type Seeded = {
  id: number;
  slug: string;
  name: string;
  specialty: string;
  industry: string;
  country: string;
  reviewCount: number;
  rating: number | null;
  hires: number;
  reviewedAt: Date | null;
};
const listed: Seeded[] = [];
const hidden: Record<"pending" | "rejected" | "suspended" | "deleted" | "demoted", TestProvider & { slug: string }> =
  {} as never;

const NAMES = [
  "Alpha Works",
  "alpha works",
  "Bravo Labs",
  "Charlie Bots",
  "Delta Flows",
  "Echo Systems",
  "Foxtrot Data",
  "Golf Robotics",
  "Hotel Automation",
  "India Apps",
  "Juliet Ops",
  "Kilo Tech",
  "Lima Logic",
  "Mike Process",
  "November Bots",
  "Oscar Flows",
  "Papa Agents",
  "Quebec Cloud",
  "Romeo Scripts",
  "Sierra Sync",
  "Tango Tasks",
  "Uniform Data",
  "Victor Bots",
  "Whiskey Works",
  "Xray Labs",
];
const BASE = new Date("2026-10-01T12:00:00.123456Z");

async function slugOf(companyId: number): Promise<string> {
  const [row] = await ctx.database.db
    .select({ slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw new Error("no such company");
  return row.slug;
}

/** Sets a company's name, directory facts and figures straight on its row (these tests are about reading them). */
async function shape(
  companyId: number,
  v: {
    name: string;
    industriesServed: string[];
    reviewCount: number;
    ratingSum: number;
    hires: number;
    reviewedAt: Date | null;
  },
) {
  await ctx.database.db
    .update(companies)
    .set({
      name: v.name,
      // Approved under this name (decision 149): the badge's name is the one an admin verified.
      verifiedName: v.name,
      industriesServed: v.industriesServed,
      reviewCount: v.reviewCount,
      ratingSum: v.ratingSum,
      hires: v.hires,
      // The same instant for several rows: ties to page through. Microseconds kept by the SQL literal.
      reviewedAt: v.reviewedAt === null ? null : sql`${v.reviewedAt.toISOString().replace("Z", "456+00")}::timestamptz`,
    })
    .where(eq(companies.id, companyId));
}

const get = (url: string, user: TestUser | null = null) => as(ctx, user, { method: "GET", url });

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createUser(ctx, "client");
  admin = await createUser(ctx, "admin");
  // Reads the directory as a provider; listed itself only after the shaped ones (see below).
  reader = await createProvider(ctx, { subscription: null });
  await shape(reader.companyId, {
    name: "Yankee Readers",
    industriesServed: ["other"],
    reviewCount: 0,
    ratingSum: 0,
    hires: 0,
    reviewedAt: new Date(BASE.getTime() - 30 * 86_400_000),
  });
  for (const [i, name] of NAMES.entries()) {
    const specialty = PROVIDER_SPECIALTIES[i % 4] as string;
    const country = i % 3 === 0 ? "GB" : "US";
    // Not subscribed: listed (the directory does not ask), never matched to requests here.
    const p = await createProvider(ctx, { specialties: [specialty], country, subscription: null });
    const reviewCount = [0, 3, 3, 2, 5, 1][i % 6] as number;
    const stars = (i % 3) + 3;
    const reviewedAt = i === NAMES.length - 1 ? null : new Date(BASE.getTime() - (i % 5) * 86_400_000);
    const industry = INDUSTRIES[i % 3] as string;
    await shape(p.companyId, {
      name,
      industriesServed: [industry, "other"],
      reviewCount,
      ratingSum: reviewCount * stars,
      hires: i % 4,
      reviewedAt,
    });
    listed.push({
      id: p.companyId,
      slug: await slugOf(p.companyId),
      name,
      specialty,
      industry,
      country,
      reviewCount,
      rating: reviewCount > 0 ? stars : null,
      hires: i % 4,
      reviewedAt,
    });
  }
  const [readerRow] = await ctx.database.db.select().from(companies).where(eq(companies.id, reader.companyId));
  listed.push({
    id: reader.companyId,
    slug: readerRow?.slug ?? "",
    name: "Yankee Readers",
    specialty: "RPA",
    industry: "other",
    country: "US",
    reviewCount: 0,
    rating: null,
    hires: 0,
    reviewedAt: readerRow?.reviewedAt ?? null,
  });

  // Not public, and better on every sort than the listed ones: any leak shows at the top.
  const best = {
    industriesServed: [...INDUSTRIES],
    reviewCount: 50,
    ratingSum: 250,
    hires: 99,
    reviewedAt: new Date(),
  };
  for (const kind of ["pending", "rejected", "suspended", "deleted", "demoted"] as const) {
    const p = await createProvider(ctx, {
      companyStatus: kind === "pending" || kind === "rejected" ? kind : "approved",
      specialties: [...PROVIDER_SPECIALTIES],
      subscription: null,
    });
    await shape(p.companyId, { name: `Aaa ${kind} company`, ...best });
    hidden[kind] = { ...p, slug: await slugOf(p.companyId) };
  }
  await ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, hidden.suspended.id));
  // An admin made the owner a client (decision 094): the company stays approved, but is no one's listing.
  await ctx.database.db.update(users).set({ userType: "client" }).where(eq(users.id, hidden.demoted.id));
  await ctx.database.db
    .update(users)
    .set({ email: deletedAccountEmail(hidden.deleted.id) })
    .where(eq(users.id, hidden.deleted.id));
});
afterAll(async () => {
  await ctx?.close();
});

type Page = { items: DirectoryEntry[]; nextCursor: string | null; total: number };

/** Every page of the directory for this query string, following nextCursor. */
async function allPages(query: string): Promise<{ slugs: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? "&" : "";
    const res = await get(`/api/providers?${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    const page: Page = res.json();
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(20);
  } while (cursor !== null);
  return { slugs: pages.flatMap((p) => p.items.map((i) => i.slug)), pages };
}

const cmp = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
const SORTERS: Record<DirectorySort, (a: Seeded, b: Seeded) => number> = {
  rating: (a, b) =>
    (a.rating === null ? 1 : 0) - (b.rating === null ? 1 : 0) ||
    cmp(b.rating ?? 0, a.rating ?? 0) ||
    cmp(b.reviewCount, a.reviewCount) ||
    cmp(a.id, b.id),
  reviews: (a, b) => cmp(b.reviewCount, a.reviewCount) || cmp(a.id, b.id),
  hires: (a, b) => cmp(b.hires, a.hires) || cmp(a.id, b.id),
  newest: (a, b) =>
    (a.reviewedAt === null ? 1 : 0) - (b.reviewedAt === null ? 1 : 0) ||
    cmp(b.reviewedAt?.getTime() ?? 0, a.reviewedAt?.getTime() ?? 0) ||
    cmp(a.id, b.id),
  name: (a, b) =>
    a.name.toLowerCase() < b.name.toLowerCase()
      ? -1
      : a.name.toLowerCase() > b.name.toLowerCase()
        ? 1
        : cmp(a.id, b.id),
};

describe("the directory", () => {
  it("lists approved providers of owners in good standing, best rated first, with total", async () => {
    const res = await get("/api/providers");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const page: Page = res.json();
    expect(page.total).toBe(listed.length);
    expect(page.items).toHaveLength(DIRECTORY_PAGE_SIZE);
    const hiddenSlugs = Object.values(hidden).map((h) => h.slug);
    const { slugs } = await allPages("");
    expect(slugs.filter((s) => hiddenSlugs.includes(s))).toEqual([]);
    const top = page.items[0] as DirectoryEntry;
    const seeded = [...listed].sort(SORTERS.rating)[0] as Seeded;
    expect(top).toMatchObject({
      slug: seeded.slug,
      name: seeded.name,
      verified: true,
      specialties: [seeded.specialty],
      industriesServed: [seeded.industry, "other"],
      country: seeded.country,
      rating: { average: seeded.rating, count: seeded.reviewCount },
      figures: { hires: seeded.hires, requestsQuoted: 0, medianResponseMinutes: null },
      memberSince: seeded.reviewedAt?.toISOString(),
    });
  });

  it.each(DIRECTORY_SORTS)("sorted by %s, pages through everyone once, ties included", async (sort) => {
    const { slugs, pages } = await allPages(`sort=${sort}`);
    expect(pages.length).toBe(Math.ceil(listed.length / DIRECTORY_PAGE_SIZE));
    expect(slugs).toEqual([...listed].sort(SORTERS[sort]).map((s) => s.slug));
    for (const p of pages) expect(p.total).toBe(listed.length);
  });

  it("is the same for every reader, signed in or not", async () => {
    const anonymous = (await get("/api/providers?sort=name")).json();
    for (const user of [client, admin, reader, hidden.pending]) {
      const res = await get("/api/providers?sort=name", user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(anonymous);
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
    }
  });

  const FILTERS: [string, string, (s: Seeded) => boolean][] = [
    ["specialty", "specialty=AI%2FMachine%20Learning", (s) => s.specialty === "AI/Machine Learning"],
    ["industry", "industry=healthcare", (s) => s.industry === "healthcare"],
    ["country", "country=gb", (s) => s.country === "GB"],
    ["minRating", "minRating=4", (s) => s.rating !== null && s.rating >= 4],
    [
      "all four together",
      "specialty=Workflow%20Automation&industry=healthcare&country=US&minRating=3",
      (s) =>
        s.specialty === "Workflow Automation" && s.industry === "healthcare" && s.country === "US" && s.rating !== null,
    ],
  ];
  it.each(FILTERS)("filters by %s, over every page, with its total", async (_name, query, keep) => {
    const expected = listed.filter(keep).sort(SORTERS.hires);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(listed.length);
    const { slugs, pages } = await allPages(`${query}&sort=hires`);
    expect(slugs).toEqual(expected.map((s) => s.slug));
    expect(pages[0]?.total).toBe(expected.length);
  });

  it("with facets=1, offers only the values listed providers have, counted under the other filters", async () => {
    /** The listed entries' values of each filter, counted, most first (then by value), as the API orders them. */
    const countsOf = (entries: DirectoryEntry[], values: (e: DirectoryEntry) => string[]) => {
      const counts = new Map<string, number>();
      for (const e of entries) for (const v of values(e)) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
    };
    const facetsOf = (entries: DirectoryEntry[], countries: DirectoryEntry[]) => ({
      specialties: countsOf(entries, (e) => e.specialties),
      industries: countsOf(entries, (e) => e.industriesServed),
      countries: countsOf(countries, (e) => (e.country ? [e.country] : [])),
    });
    const everyone = (await allPages("")).pages.flatMap((p) => p.items);
    expect(everyone).toHaveLength(listed.length);
    const all = await get("/api/providers?facets=1");
    expect(all.statusCode, all.body).toBe(200);
    // As the listing: the hidden companies (which have every specialty and industry) count nowhere.
    expect(all.json().facets).toEqual(facetsOf(everyone, everyone));
    expect(
      all
        .json()
        .facets.countries.map((c: { value: string }) => c.value)
        .sort(),
    ).toEqual(["GB", "US"]);
    // A country chosen: the other filters count within it; the countries stay offered, under the rest.
    const gb = everyone.filter((e) => e.country === "GB");
    const inGb = (await get("/api/providers?country=GB&facets=1")).json();
    expect(inGb.total).toBe(gb.length);
    expect(inGb.facets).toEqual(facetsOf(gb, everyone));
    // Without the flag the answer has no facets; a flag of another value is refused.
    expect((await get("/api/providers")).json()).not.toHaveProperty("facets");
    expect((await get("/api/providers?facets=yes")).statusCode).toBe(400);
  });

  it("answers an empty page when nobody matches", async () => {
    const res = await get("/api/providers?country=FR");
    expect(res.json()).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it("cuts a long description at a word for the summary", () => {
    const long = `${"automation ".repeat(30)}end`;
    const summary = summarize(long);
    expect(summary.length).toBeLessThanOrEqual(200);
    expect(summary).toMatch(/^automation( automation)*…$/);
    expect(summarize("Short and sweet.")).toBe("Short and sweet.");
  });

  it.each([
    ["specialty=Knitting", "specialty: Choose a specialty from the list"],
    ["industry=space", "industry: Choose an industry from the list"],
    ["country=USA", "country: Choose a country from the list"],
    ["minRating=6", "minRating: minRating must be a whole number from 1 to 5"],
    ["minRating=2.5", "minRating: minRating must be a whole number from 1 to 5"],
    ["minRating=x", "minRating: minRating must be a whole number from 1 to 5"],
    ["sort=price", "sort: sort must be one of: rating, reviews, hires, newest, name"],
    [`cursor=${"a".repeat(201)}`, "cursor: The cursor is not one this list gave out."],
  ])("refuses %s with the schema's message", async (query, message) => {
    const res = await get(`/api/providers?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a cursor it did not give out, or one of another sort", async () => {
    const first: Page = (await get("/api/providers?sort=hires")).json();
    const cursor = first.nextCursor as string;
    const decoded = Buffer.from(cursor, "base64url").toString();
    const tampered = [
      "abc",
      "!!!",
      Buffer.from("hires~x~1").toString("base64url"),
      Buffer.from("hires~1~99999999999").toString("base64url"),
      Buffer.from(`${decoded}~1`).toString("base64url"),
      Buffer.from("rating~9.99~1~1").toString("base64url"),
      Buffer.from("newest~2026-01-01~1").toString("base64url"),
    ];
    for (const c of tampered) {
      const res = await get(`/api/providers?sort=hires&cursor=${encodeURIComponent(c)}`);
      expect(res.statusCode, c).toBe(400);
      expect(res.json().message).toBe("The cursor is not one this list gave out: reload the list.");
    }
    const otherSort = await get(`/api/providers?sort=name&cursor=${cursor}`);
    expect(otherSort.statusCode).toBe(400);
  });
});

describe("a profile", () => {
  it("is public for listed providers: every role reads the same answer", async () => {
    const seeded = listed[2] as Seeded;
    const anonymous = await get(`/api/providers/${seeded.slug}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers["cache-control"]).toBe("public, max-age=60");
    expect(anonymous.json()).toMatchObject({
      slug: seeded.slug,
      name: seeded.name,
      verified: true,
      preview: false,
      caseStudies: [],
      reviews: { items: [], nextCursor: null },
      rating: { average: seeded.rating, count: seeded.reviewCount, outcomes: { met: 0, partly: 0, notMet: 0 } },
    });
    for (const user of [client, admin, reader]) {
      const res = await get(`/api/providers/${seeded.slug.toUpperCase()}`, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(anonymous.json());
      // Read with a session: never kept by a shared cache.
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it.each(["pending", "rejected", "suspended", "deleted", "demoted"] as const)(
    "of a %s company is 404 for everyone but its owner",
    async (kind) => {
      const company = hidden[kind];
      for (const user of [null, client, admin, reader]) {
        const res = await get(`/api/providers/${company.slug}`, user);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe("No provider has this address");
        expect(res.headers["cache-control"]).toBe("no-store");
        expect((await get(`/api/providers/${company.slug}/reviews`, user)).statusCode).toBe(404);
      }
    },
  );

  it("is the owner's preview while not public", async () => {
    for (const kind of ["pending", "rejected"] as const) {
      const res = await get(`/api/providers/${hidden[kind].slug}`, hidden[kind]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ preview: true, verified: false });
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect((await get(`/api/providers/${hidden[kind].slug}/reviews`, hidden[kind])).statusCode).toBe(200);
    }
  });

  it("is 404 for an address nobody has", async () => {
    const res = await get("/api/providers/no-such-provider");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No provider has this address");
    expect((await get("/api/providers/no-such-provider/reviews")).statusCode).toBe(404);
  });

  it("shows case studies in id order", async () => {
    const seeded = listed[3] as Seeded;
    const base = { industry: "finance", problem: "p".repeat(20), solution: "s".repeat(20), result: "r".repeat(20) };
    await ctx.database.db.insert(caseStudies).values([
      { ...base, companyId: seeded.id, title: "First", figures: [{ label: "Hours saved a month", value: "120" }] },
      { ...base, companyId: seeded.id, title: "Second" },
    ]);
    const body = (await get(`/api/providers/${seeded.slug}`)).json();
    expect(body.caseStudies.map((c: { title: string }) => c.title)).toEqual(["First", "Second"]);
    expect(body.caseStudies[0]).toMatchObject({
      industry: "finance",
      figures: [{ label: "Hours saved a month", value: "120" }],
    });
    expect(Number.isNaN(Date.parse(body.caseStudies[0].createdAt))).toBe(false);
  });
});

describe("figures and reviews from real leads, quotes and messages", () => {
  let firm: TestProvider & { slug: string };
  const hires: { quoteId: number; requestId: number; client: TestUser }[] = [];

  /** A request of a new client, matched to the firm, its lead delivered `minutesAgo` before the firm answers. */
  async function leadFor(minutesAgo: number) {
    const owner = await createUser(ctx, "client", "hirer");
    // Matched as the job does (the firm is the only provider that may receive leads here).
    const requestId = await matchedRequest(ctx, owner);
    const [lead] = await ctx.database.db
      .update(leads)
      .set({ createdAt: sql`now() - ${minutesAgo} * interval '1 minute'` })
      .where(and(eq(leads.quoteRequestId, requestId), eq(leads.companyId, firm.companyId)))
      .returning({ id: leads.id });
    if (!lead) throw new Error("no lead");
    return { owner, requestId, leadId: lead.id };
  }

  /** The firm's quote (201) on its lead of the request: the quote's id. */
  const quote = (requestId: number) =>
    quoteOn(ctx, firm, requestId, {
      amount: 12_000,
      timeline: "4 weeks",
      message: "We would automate the whole invoice flow end to end.",
    });

  beforeAll(async () => {
    const p = await createTopProvider(ctx);
    firm = { ...p, slug: await slugOf(p.companyId) };
    // Answered after 30 minutes and hired; after 90, still pending; after 60, then withdrawn; a message after 10.
    const hired = await leadFor(30);
    const hiredQuote = await quote(hired.requestId);
    await acceptQuote(ctx, hired.owner, hiredQuote);
    hires.push({ quoteId: hiredQuote, requestId: hired.requestId, client: hired.owner });
    await quote((await leadFor(90)).requestId);
    const withdrawn = await quote((await leadFor(60)).requestId);
    expect((await as(ctx, firm, { method: "POST", url: `/api/quotes/${withdrawn}/withdraw` })).statusCode).toBe(200);
    const asked = await leadFor(10);
    const message = await as(ctx, firm, {
      method: "POST",
      url: `/api/conversations/${asked.leadId}/messages`,
      payload: { body: "Which ERP do you run?" },
    });
    expect(message.statusCode, message.body).toBe(201);
    // More hires, for reviews to page through.
    for (let i = 0; i < REVIEWS_PAGE_SIZE + 2; i++) {
      const l = await leadFor(20);
      const q = await quote(l.requestId);
      await acceptQuote(ctx, l.owner, q);
      hires.push({ quoteId: q, requestId: l.requestId, client: l.owner });
    }
  });

  it("counts requests quoted (not withdrawn), hires and the median first answer", async () => {
    const body = (await get(`/api/providers/${firm.slug}`)).json();
    // Quoted: the hired one, the pending one and the others hired; the withdrawn quote does not count.
    expect(body.figures).toEqual({
      requestsQuoted: 2 + REVIEWS_PAGE_SIZE + 2,
      hires: 1 + REVIEWS_PAGE_SIZE + 2,
      // First answers after 30, 90, 60, 10 and (the later hires) 20 minutes each.
      medianResponseMinutes: 20,
    });
    const entry = (await allPages("sort=hires")).pages[0]?.items[0];
    expect(entry?.slug).toBe(firm.slug);
    expect(entry?.figures).toEqual(body.figures);
  });

  it("shows visible reviews newest first, pages on, and leaves hidden ones out of everything", async () => {
    const outcomes: ReviewOutcome[] = ["met", "partly", "not_met"];
    const written: number[] = [];
    for (const [i, h] of hires.entries()) {
      const [row] = await ctx.database.db
        .insert(reviews)
        .values({
          quoteId: h.quoteId,
          quoteRequestId: h.requestId,
          companyId: firm.companyId,
          clientId: h.client.id,
          rating: (i % 5) + 1,
          body: `Review number ${i}: the bots run every night without fail.`,
          outcome: outcomes[i % 3] as ReviewOutcome,
          hoursSavedPerYear: 100 + i,
          estimatedHoursPerYear: 120,
          // The first is hidden by the admin; the second has the provider's reply.
          ...(i === 0 ? { hiddenAt: new Date(), hiddenReason: "Off topic", hiddenBy: admin.id } : {}),
          ...(i === 1 ? { replyBody: "Thank you!", repliedAt: new Date() } : {}),
        })
        .returning({ id: reviews.id });
      if (!row) throw new Error("no review");
      written.push(row.id);
    }
    // The second reviewer has since deleted the account.
    await ctx.database.db
      .update(users)
      .set({ email: deletedAccountEmail(hires[2]?.client.id ?? 0), firstName: "Deleted", lastName: "user" })
      .where(eq(users.id, hires[2]?.client.id ?? 0));
    await refreshProviderStats(ctx.database.db, firm.companyId);

    const visible = hires.slice(1).map((_, j) => j + 1);
    const ratings = visible.map((i) => (i % 5) + 1);
    const body = (await get(`/api/providers/${firm.slug}`)).json();
    expect(body.rating.count).toBe(visible.length);
    expect(body.rating.average).toBe(Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100);
    expect(body.rating.outcomes).toEqual({
      met: visible.filter((i) => i % 3 === 0).length,
      partly: visible.filter((i) => i % 3 === 1).length,
      notMet: visible.filter((i) => i % 3 === 2).length,
    });

    const expectedIds = written.slice(1).reverse();
    expect(body.reviews.items.map((r: { id: number }) => r.id)).toEqual(expectedIds.slice(0, REVIEWS_PAGE_SIZE));
    expect(body.reviews.nextCursor).not.toBeNull();
    const next = await get(`/api/providers/${firm.slug}/reviews?cursor=${body.reviews.nextCursor}`);
    expect(next.statusCode).toBe(200);
    expect(next.headers["cache-control"]).toBe("public, max-age=60");
    expect(next.json().items.map((r: { id: number }) => r.id)).toEqual(expectedIds.slice(REVIEWS_PAGE_SIZE));
    expect(next.json().nextCursor).toBeNull();

    const all = [...body.reviews.items, ...next.json().items];
    expect(all.find((r) => r.id === written[0])).toBeUndefined();
    const replied = all.find((r) => r.id === written[1]);
    expect(replied).toMatchObject({
      reviewer: "Hirer T.",
      industry: quoteRequestBody().industry,
      hoursSavedPerYear: 101,
      estimatedHoursPerYear: 120,
      reply: { body: "Thank you!" },
    });
    expect(all.find((r) => r.id === written[2])?.reviewer).toBe("Former client");
    expect(all.find((r) => r.id === written[3])?.reply).toBeNull();

    const bad = await get(`/api/providers/${firm.slug}/reviews?cursor=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The cursor is not one this list gave out: reload the list.");
  });
});

describe("company slugs", () => {
  it("two companies of one name get different slugs: the second has its id", async () => {
    const make = async (who: string) => {
      const user = await createUser(ctx, "client", who);
      const res = await as(ctx, user, {
        method: "POST",
        url: "/api/companies",
        payload: {
          name: "Twin Robotics GmbH",
          description: "We automate back-office processes with RPA and integrations, end to end, for mid-size firms.",
          industry: "automation",
          location: "Berlin, Germany",
          country: "DE",
          size: "small",
          specialties: ["RPA"],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id: number = res.json().id;
      return { id, slug: await slugOf(id) };
    };
    const first = await make("twinone");
    const second = await make("twintwo");
    expect(first.slug).toBe("twin-robotics-gmbh");
    expect(second.slug).toBe(`twin-robotics-gmbh-${second.id}`);
  });

  it("a long name's slug stays within the 60 characters the owner may save, with the id too", async () => {
    const name = "Extraordinarily Thorough Enterprise Workflow Automation Consultancy International";
    const slugs: string[] = [];
    for (const who of ["longone", "longtwo"]) {
      const user = await createUser(ctx, "provider", who);
      const [row] = await ctx.database.db
        .insert(companies)
        .values({
          userId: user.id,
          name,
          description: "We automate back-office processes with RPA and integrations, end to end.",
          industry: "automation",
          location: "Austin, TX",
          size: "small",
        })
        .returning({ id: companies.id, slug: companies.slug });
      if (!row) throw new Error("no company");
      slugs.push(row.slug);
      // The Settings form sends the saved slug back: it must pass the same rule.
      expect(publicProfileInputSchema.safeParse({ slug: row.slug }).success, row.slug).toBe(true);
    }
    expect(slugs[0]).toBe("extraordinarily-thorough-enterprise-workflow-automation-cons");
    expect(slugs[1]).toMatch(/^extraordinarily-thorough-enterprise-workflow-[a-z-]*-\d+$/);
    expect(slugs[1]?.length).toBeLessThanOrEqual(60);
  });
});
