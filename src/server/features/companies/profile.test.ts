// The public profile's settings and case studies (issue 17, decision 140), as the owner edits them in
// Settings, read back from the rows the public API reads.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CASE_STUDIES_FULL_MESSAGE,
  CASE_STUDIES_MAX,
  type CaseStudy,
  SLUG_HELD_MESSAGE,
  SLUG_HOLD_DAYS,
  SLUG_MESSAGE,
  SLUG_TAKEN_MESSAGE,
} from "@/shared/providers";
import { caseStudies } from "../../db/schema/case-studies";
import { companies, companySlugHolds } from "../../db/schema/companies";
import { users } from "../../db/schema/users";
import { createProvider, type TestProvider } from "../../test/fixtures";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { CASE_STUDY_NOT_FOUND_MESSAGE, getPublicProfileSettings } from "./profile";
import { NO_COMPANY_MESSAGE } from "./service";

const ctx = sharedTestContext({}, { jobs: false });
let client: TestUser;
let admin: TestUser;
let providerWithoutCompany: TestUser;
beforeAll(async () => {
  client = await createUser(ctx, "client");
  admin = await createUser(ctx, "admin");
  providerWithoutCompany = await createUser(ctx, "provider", "nocompany");
});

const PROFILE_URL = "/api/companies/me/public-profile";
const CASES_URL = "/api/companies/me/case-studies";

const getProfile = (user: TestUser | null) => as(ctx, user, { method: "GET", url: PROFILE_URL });
const patchProfile = (user: TestUser | null, payload: unknown) =>
  as(ctx, user, { method: "PATCH", url: PROFILE_URL, payload: payload as Record<string, unknown> });
const listCases = (user: TestUser | null) => as(ctx, user, { method: "GET", url: CASES_URL });
const postCase = (user: TestUser | null, payload: unknown) =>
  as(ctx, user, { method: "POST", url: CASES_URL, payload: payload as Record<string, unknown> });
const putCase = (user: TestUser | null, id: number | string, payload: unknown) =>
  as(ctx, user, { method: "PUT", url: `${CASES_URL}/${id}`, payload: payload as Record<string, unknown> });
const deleteCase = (user: TestUser | null, id: number | string) =>
  as(ctx, user, { method: "DELETE", url: `${CASES_URL}/${id}` });

function caseStudy(overrides: Record<string, unknown> = {}) {
  return {
    title: "Invoice intake for a regional distributor",
    industry: "manufacturing",
    problem: "Four clerks keyed 3,000 supplier invoices a month into SAP by hand, with frequent typos.",
    solution: "An unattended bot reads each PDF, checks it against the purchase order and posts it in SAP.",
    result: "Invoices are posted the day they arrive and the clerks now handle only the exceptions.",
    figures: [
      { label: "Hours saved a month", value: "310" },
      { label: "Error rate", value: "-92%" },
    ],
    ...overrides,
  };
}

const companyRow = async (id: number) => {
  const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw new Error(`company ${id} is gone`);
  return row;
};
const caseRows = (companyId: number) =>
  ctx.database.db.select().from(caseStudies).where(eq(caseStudies.companyId, companyId)).orderBy(asc(caseStudies.id));

async function created(provider: TestProvider, overrides: Record<string, unknown> = {}): Promise<CaseStudy> {
  const res = await postCase(provider, caseStudy(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("who may call the profile routes", () => {
  it("answers 401 to the anonymous, 403 to clients and admins, 404 to a provider without a company", async () => {
    const owner = await createProvider(ctx);
    const caseId = (await created(owner)).id;
    const calls = [
      (u: TestUser | null) => getProfile(u),
      (u: TestUser | null) => patchProfile(u, { industriesServed: ["finance"] }),
      (u: TestUser | null) => listCases(u),
      (u: TestUser | null) => postCase(u, caseStudy()),
      (u: TestUser | null) => putCase(u, caseId, caseStudy()),
      (u: TestUser | null) => deleteCase(u, caseId),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      for (const user of [client, admin]) {
        const res = await call(user);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe("This is only for providers.");
      }
      const none = await call(providerWithoutCompany);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(NO_COMPANY_MESSAGE);
    }
    // Nothing of the owner's moved.
    expect((await caseRows(owner.companyId)).map((r) => r.id)).toEqual([caseId]);
    expect((await companyRow(owner.companyId)).industriesServed).toEqual([]);
  });

  it("lets a pending company prepare its profile; it is not public until approved", async () => {
    const pending = await createProvider(ctx, { companyStatus: "pending" });
    const res = await getProfile(pending);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      slug: (await companyRow(pending.companyId)).slug,
      industriesServed: [],
      isPublic: false,
      changeUnderReview: false,
    });
    expect((await patchProfile(pending, { industriesServed: ["legal"] })).statusCode).toBe(200);
    await created(pending);
    expect(await caseRows(pending.companyId)).toHaveLength(1);
  });

  it("says an approved company's profile is public, and not while its owner is suspended", async () => {
    const approved = await createProvider(ctx);
    expect((await getProfile(approved)).json().isPublic).toBe(true);
    await ctx.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: "Spam." })
      .where(eq(users.id, approved.id));
    // A suspended owner cannot sign in to ask; the service answers what Settings shows once reinstated.
    expect((await getPublicProfileSettings(ctx.database.db, approved.id)).isPublic).toBe(false);
    await ctx.database.db
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null })
      .where(eq(users.id, approved.id));
    expect((await getProfile(approved)).json().isPublic).toBe(true);
  });
});

describe("PATCH /api/companies/me/public-profile", () => {
  it("starts from the slug the database made from the company's name", async () => {
    const provider = await createProvider(ctx);
    const row = await companyRow(provider.companyId);
    expect(row.slug).toMatch(/^provider-\d+-automation(-\d+)?$/);
    expect((await getProfile(provider)).json().slug).toBe(row.slug);
  });

  it("trims and lower-cases the slug, stores it, and leaves the industries as they were", async () => {
    const provider = await createProvider(ctx);
    expect((await patchProfile(provider, { industriesServed: ["finance", "retail"] })).statusCode).toBe(200);
    const slug = `Acme-Bots-${provider.companyId}`;
    const res = await patchProfile(provider, { slug: `  ${slug.toUpperCase()}  ` });
    expect(res.statusCode, res.body).toBe(200);
    // An approved company's new address waits for an admin (decision 149); the profile stays public.
    expect(res.json()).toEqual({
      slug: slug.toLowerCase(),
      industriesServed: ["finance", "retail"],
      isPublic: true,
      changeUnderReview: true,
    });
    const row = await companyRow(provider.companyId);
    expect(row.slug).toBe(slug.toLowerCase());
    expect(row.industriesServed).toEqual(["finance", "retail"]);
    expect((await getProfile(provider)).json().slug).toBe(slug.toLowerCase());
  });

  it("replaces the industries served, and may empty them", async () => {
    const provider = await createProvider(ctx);
    const before = (await companyRow(provider.companyId)).slug;
    const set = await patchProfile(provider, { industriesServed: ["healthcare", "tech"] });
    expect(set.statusCode, set.body).toBe(200);
    expect((await companyRow(provider.companyId)).industriesServed).toEqual(["healthcare", "tech"]);
    const both = await patchProfile(provider, { slug: `two-fields-${provider.companyId}`, industriesServed: [] });
    expect(both.statusCode, both.body).toBe(200);
    const row = await companyRow(provider.companyId);
    expect(row.industriesServed).toEqual([]);
    expect(row.slug).not.toBe(before);
  });

  it("refuses a slug another company holds with 409, keeps its own, and holds the old slug for its company", async () => {
    const first = await createProvider(ctx);
    const second = await createProvider(ctx);
    const firstSlug = (await companyRow(first.companyId)).slug;
    const secondSlug = (await companyRow(second.companyId)).slug;

    const taken = await patchProfile(second, { slug: firstSlug.toUpperCase(), industriesServed: ["finance"] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SLUG_TAKEN_MESSAGE);
    // Nothing of the refused change was written, the industries neither.
    const unchanged = await companyRow(second.companyId);
    expect(unchanged.slug).toBe(secondSlug);
    expect(unchanged.industriesServed).toEqual([]);

    // Saving one's own slug again is no conflict.
    expect((await patchProfile(first, { slug: firstSlug })).statusCode).toBe(200);

    const moved = await patchProfile(first, { slug: `moved-${first.companyId}` });
    expect(moved.statusCode, moved.body).toBe(200);
    // The address given up is not another company's for SLUG_HOLD_DAYS (decision 149).
    const reused = await patchProfile(second, { slug: firstSlug, industriesServed: ["finance"] });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().message).toBe(SLUG_HELD_MESSAGE);
    expect(await companyRow(second.companyId)).toMatchObject({ slug: secondSlug, industriesServed: [] });
    // The company that gave it up may take it back.
    expect((await patchProfile(first, { slug: firstSlug })).statusCode).toBe(200);
    expect((await patchProfile(first, { slug: `moved-${first.companyId}` })).statusCode).toBe(200);
    // Once the hold has run out, the address is free for anyone.
    await ctx.database.db
      .update(companySlugHolds)
      .set({ releasedAt: new Date(Date.now() - (SLUG_HOLD_DAYS + 1) * 86_400_000) })
      .where(eq(companySlugHolds.slug, firstSlug));
    const later = await patchProfile(second, { slug: firstSlug });
    expect(later.statusCode, later.body).toBe(200);
    expect((await companyRow(second.companyId)).slug).toBe(firstSlug);
  });

  it("answers bad input with 400 and the schema's messages", async () => {
    const provider = await createProvider(ctx);
    const slugBefore = (await companyRow(provider.companyId)).slug;
    for (const slug of ["ab", "-acme", "acme--bots", "acme bots", "acme_bots", "a".repeat(61), 42]) {
      const res = await patchProfile(provider, { slug });
      expect(res.statusCode, String(slug)).toBe(400);
      expect(res.json().issues).toEqual([{ field: "slug", message: SLUG_MESSAGE }]);
    }
    const unknown = await patchProfile(provider, { industriesServed: ["space"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { field: "industriesServed.0", message: "Choose industries from the list" },
    ]);
    const twice = await patchProfile(provider, { industriesServed: ["legal", "legal"] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain("Each industry can be selected once");
    const empty = await patchProfile(provider, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Send a slug or industries served");
    const extra = await patchProfile(provider, { slug: "fine-slug", isPublic: true });
    expect(extra.statusCode).toBe(400);
    const row = await companyRow(provider.companyId);
    expect(row.slug).toBe(slugBefore);
    expect(row.industriesServed).toEqual([]);
  });
});

describe("case studies", () => {
  it("adds, lists in id order, edits and deletes the owner's case studies", async () => {
    const provider = await createProvider(ctx);
    expect((await listCases(provider)).json()).toEqual([]);

    const first = await created(provider);
    expect(first).toMatchObject({ ...caseStudy(), id: expect.any(Number) });
    const second = await created(provider, {
      title: "  Claims triage  ",
      industry: "healthcare",
      figures: undefined,
    });
    expect(second.title).toBe("Claims triage");
    expect(second.figures).toEqual([]);

    const list = await listCases(provider);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: CaseStudy) => c.id)).toEqual([first.id, second.id]);

    const edit = await putCase(provider, first.id, caseStudy({ title: "Invoice intake, phase two", figures: [] }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ id: first.id, title: "Invoice intake, phase two", figures: [] });
    const rows = await caseRows(provider.companyId);
    expect(rows.map((r) => [r.id, r.title, r.figures])).toEqual([
      [first.id, "Invoice intake, phase two", []],
      [second.id, "Claims triage", []],
    ]);

    const gone = await deleteCase(provider, second.id);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe("");
    expect((await caseRows(provider.companyId)).map((r) => r.id)).toEqual([first.id]);
    expect((await deleteCase(provider, second.id)).statusCode).toBe(404);
  });

  it("answers 404 for another company's case study and leaves it as it was", async () => {
    const owner = await createProvider(ctx);
    const other = await createProvider(ctx);
    const pending = await createProvider(ctx, { companyStatus: "pending" });
    const theirs = await created(owner);
    for (const intruder of [other, pending]) {
      const put = await putCase(intruder, theirs.id, caseStudy({ title: "Taken over" }));
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe(CASE_STUDY_NOT_FOUND_MESSAGE);
      const del = await deleteCase(intruder, theirs.id);
      expect(del.statusCode).toBe(404);
      expect(del.json().message).toBe(CASE_STUDY_NOT_FOUND_MESSAGE);
      expect((await listCases(intruder)).json()).toEqual([]);
    }
    const [row] = await caseRows(owner.companyId);
    expect(row?.title).toBe(caseStudy().title);
    expect((await putCase(owner, 2_147_483_647, caseStudy())).statusCode).toBe(404);
  });

  it("answers bad input with 400 and the schema's messages", async () => {
    const provider = await createProvider(ctx);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "ab" }, "title", "Title must be at least 3 characters"],
      [{ title: undefined }, "title", "Title is required"],
      [{ industry: "space" }, "industry", "Choose the client's industry"],
      [{ problem: "Too short." }, "problem", "Problem must be at least 20 characters"],
      [{ solution: "x".repeat(2001) }, "solution", "Solution must be at most 2000 characters"],
      [{ result: "   " }, "result", "Result must be at least 20 characters"],
      [{ figures: [{ label: "", value: "3" }] }, "figures.0.label", "Each figure needs a label"],
      [{ figures: [{ label: "Hours", value: " " }] }, "figures.0.value", "Each figure needs a value"],
      [
        { figures: Array.from({ length: 5 }, (_, i) => ({ label: `Figure ${i}`, value: "1" })) },
        "figures",
        "Add at most 4 figures",
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await postCase(provider, caseStudy(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().issues).toEqual([{ field, message }]);
    }
    const extra = await postCase(provider, { ...caseStudy(), companyId: 1 });
    expect(extra.statusCode).toBe(400);
    const badId = await putCase(provider, "abc", caseStudy());
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain("must be a case study id");
    expect((await deleteCase(provider, 0)).statusCode).toBe(400);
    expect(await caseRows(provider.companyId)).toEqual([]);
  });

  it(`holds at most ${CASE_STUDIES_MAX}, even when posts arrive together`, async () => {
    const provider = await createProvider(ctx);
    for (let i = 0; i < CASE_STUDIES_MAX / 2; i += 1) await created(provider, { title: `Project ${i + 1}` });
    // Half the slots left, twice as many posts at once: as many are written as there is room for.
    const rush = Array.from({ length: CASE_STUDIES_MAX }, (_, i) => i + 1);
    const together = await Promise.all(rush.map((i) => postCase(provider, caseStudy({ title: `Rush ${i}` }))));
    const statuses = together.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CASE_STUDIES_MAX / 2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CASE_STUDIES_MAX / 2);
    const refused = together.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe(CASE_STUDIES_FULL_MESSAGE);
    expect(await caseRows(provider.companyId)).toHaveLength(CASE_STUDIES_MAX);

    const full = await postCase(provider, caseStudy());
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(CASE_STUDIES_FULL_MESSAGE);

    // Deleting one makes room again.
    const [oldest] = await caseRows(provider.companyId);
    expect((await deleteCase(provider, oldest?.id ?? 0)).statusCode).toBe(204);
    expect((await postCase(provider, caseStudy())).statusCode).toBe(201);
    expect(await caseRows(provider.companyId)).toHaveLength(CASE_STUDIES_MAX);
  });
});
