import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REJECTION_REASON } from "@/shared/companies";
import { activityLogs } from "../../db/schema/activity-logs";
import { companies } from "../../db/schema/companies";
import { emailOutbox } from "../../db/schema/email-outbox";
import { notifications } from "../../db/schema/notifications";
import { users } from "../../db/schema/users";
import { submitRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { RUNNING_REQUESTS_MESSAGE } from "./service";

const ctx = sharedTestContext();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, "admin");
});

function profile(overrides: Record<string, unknown> = {}) {
  return {
    name: "Acme Automation",
    description: "We build robotic process automation for finance teams, from invoices to reconciliations.",
    industry: "automation",
    website: "https://acme.example.com",
    location: "Austin, TX",
    country: "US",
    size: "small",
    specialties: ["RPA", "Workflow Automation"],
    ...overrides,
  };
}

const register = (user: TestUser | null, payload: unknown) =>
  as(ctx, user, { method: "POST", url: "/api/companies", payload: payload as Record<string, unknown> });
const edit = (user: TestUser | null, payload: unknown) =>
  as(ctx, user, { method: "PUT", url: "/api/companies/me", payload: payload as Record<string, unknown> });
const myCompany = (user: TestUser | null) => as(ctx, user, { method: "GET", url: "/api/companies/me" });
const pending = (user: TestUser | null) => as(ctx, user, { method: "GET", url: "/api/admin/pending-providers" });
const approve = (user: TestUser | null, id: number | string) =>
  as(ctx, user, { method: "PATCH", url: `/api/admin/providers/${id}/approve` });
const reject = (user: TestUser | null, id: number | string, payload?: Record<string, unknown>) =>
  as(ctx, user, {
    method: "PATCH",
    url: `/api/admin/providers/${id}/reject`,
    ...(payload ? { payload } : {}),
  });

/** A client who registers a company (and so becomes a provider). */
async function registeredProvider(name: string, overrides: Record<string, unknown> = {}) {
  const user = await createUser(ctx, "client");
  const res = await register(user, profile({ name: `${name} Inc`, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return { user, company: res.json() as { id: number; name: string; status: string } };
}

const rowsFor = async (userId: number) => ({
  notifications: await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId)),
  emails: await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId)),
});
const logsFor = (companyId: number) =>
  ctx.database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.resourceId, String(companyId)))
    .orderBy(asc(activityLogs.id));

describe("registration: POST /api/companies", () => {
  it("creates the company as pending, makes the client a provider, and GET /api/companies/me returns it", async () => {
    const user = await createUser(ctx, "client");
    const sent = profile();
    const res = await register(user, sent);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      ...sent,
      status: "pending",
      rejectionReason: null,
      reviewedAt: null,
    });
    expect(body).not.toHaveProperty("userId");
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).json().userType).toBe("provider");

    const me = await myCompany(user);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
  });

  it("answers no company with 404, or with 200 and null when asked with ?nullIfNone=1; a visitor still gets 401", async () => {
    const user = await createUser(ctx, "provider");
    const quietly = (who: TestUser | null) => as(ctx, who, { method: "GET", url: "/api/companies/me?nullIfNone=1" });
    expect((await myCompany(user)).statusCode).toBe(404);
    const none = await quietly(user);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const registered = await register(user, profile({ name: "Null If None Inc" }));
    expect((await quietly(user)).json()).toEqual(registered.json());
    expect((await quietly(null)).statusCode).toBe(401);
  });

  it("refuses a second company for the same user with 409 and keeps the first", async () => {
    const { user, company } = await registeredProvider("twice");
    const again = await register(user, profile({ name: "Second Try" }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already have a company/);
    const rows = await ctx.database.db.select().from(companies).where(eq(companies.userId, user.id));
    expect(rows.map((r) => r.id)).toEqual([company.id]);
  });

  it("refuses a client with running quote requests (409), until they are cancelled", async () => {
    const user = await createUser(ctx, "client");
    const requestId = await submitRequest(ctx, user);
    const refused = await register(user, profile({ name: "Client With Requests" }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RUNNING_REQUESTS_MESSAGE);
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).json().userType).toBe("client");
    expect(await ctx.database.db.select().from(companies).where(eq(companies.userId, user.id))).toEqual([]);

    const cancel = await as(ctx, user, {
      method: "POST",
      url: `/api/quote-requests/${requestId}/cancel`,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await register(user, profile({ name: "Client With Requests" }))).statusCode).toBe(201);
  });

  it("lets a provider without a company register (a provider made by an admin) and keeps the type", async () => {
    const user = await createUser(ctx, "provider");
    expect((await register(user, profile())).statusCode).toBe(201);
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).json().userType).toBe("provider");
  });

  it("stores an empty or missing website as none", async () => {
    const a = await createUser(ctx, "client");
    expect((await register(a, profile({ website: "" }))).json().website).toBeNull();
    const b = await createUser(ctx, "client");
    const { website: _omitted, ...withoutWebsite } = profile();
    expect((await register(b, withoutWebsite)).json().website).toBeNull();
  });

  it.each([
    ["name", { name: "" }, "Company name is required"],
    ["name", { name: "   " }, "Company name is required"],
    ["description", { description: "Too short to say anything." }, "Description must be at least 50 characters"],
    ["description", { description: `   ${"x".repeat(49)}   ` }, "Description must be at least 50 characters"],
    ["industry", { industry: "" }, "Industry is required"],
    ["industry", { industry: "farming" }, "Industry is required"],
    ["website", { website: "not a url" }, "Must be a valid URL"],
    ["website", { website: "acme.com" }, "Must be a valid URL"],
    ["website", { website: "ftp://acme.com" }, "Must be a valid URL"],
    ["website", { website: "javascript:alert(1)" }, "Must be a valid URL"],
    ["location", { location: "" }, "Location is required"],
    ["size", { size: "" }, "Company size is required"],
    ["size", { size: "huge" }, "Company size is required"],
    ["specialties", { specialties: [] }, "Select at least one specialty"],
    ["country", { country: "XX" }, "Choose a country from the list"],
    ["country", { country: 840 }, "Choose a country from the list"],
  ])("answers 400 for a bad %s with the spec's message (%j)", async (field, overrides, message) => {
    const user = await createUser(ctx, "client");
    const res = await register(user, profile(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ field, message });
    expect(res.json().message).toContain(`${field}: ${message}`);
    expect(await ctx.database.db.select().from(companies).where(eq(companies.userId, user.id))).toEqual([]);
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).json().userType).toBe("client");
  });

  it("answers 201 to the spec's exact fields, reading the country from the location where it says (decision 102)", async () => {
    const { country: _extension, ...specFields } = profile();
    const cases: [Record<string, unknown>, string | null][] = [
      [{}, "US"], // Austin, TX
      [{ location: "Berlin, Germany" }, "DE"],
      [{ location: "Toronto, Ontario, Canada" }, "CA"],
      [{ location: "San Francisco, CA" }, null], // California or Canada
      [{ location: "Remote" }, null],
    ];
    for (const [overrides, expected] of cases) {
      const user = await createUser(ctx, "client");
      const res = await register(user, { ...specFields, ...overrides });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().country).toBe(expected);
      expect((await myCompany(user)).json().country).toBe(expected);
    }
  });

  it("keeps a country the form chose, and reads it again on an edit that leaves it 'Not specified'", async () => {
    const user = await createUser(ctx, "client");
    // Chosen: kept even where the location would say otherwise.
    expect((await register(user, profile({ location: "Austin, TX", country: "MX" }))).json().country).toBe("MX");
    const edited = await edit(user, profile({ location: "Lyon, France", country: "" }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().country).toBe("FR");
    expect((await edit(user, profile({ location: "Remote", country: null }))).json().country).toBeNull();
  });

  it("names every missing field of an empty body", async () => {
    const user = await createUser(ctx, "client");
    const res = await register(user, {});
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      res.json().issues.map((i: { field: string; message: string }) => [i.field, i.message]),
    );
    expect(byField).toEqual({
      name: "Company name is required",
      description: "Description must be at least 50 characters",
      industry: "Industry is required",
      location: "Location is required",
      size: "Company size is required",
      specialties: "Select at least one specialty",
    });
  });

  it.each([
    ["name", { name: "n".repeat(121) }],
    ["description", { description: "d".repeat(2001) }],
    ["location", { location: "l".repeat(121) }],
    ["website", { website: `https://acme.com/${"p".repeat(500)}` }],
    ["specialties", { specialties: ["RPA", "RPA"] }],
    ["specialties.0", { specialties: ["Basket Weaving"] }],
  ])("enforces the upper bounds and the list (%s)", async (field, overrides) => {
    const user = await createUser(ctx, "client");
    const res = await register(user, profile(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { field: string }) => i.field)).toContain(field);
  });

  it("rejects unknown fields, so a status cannot be chosen by the registrant", async () => {
    const user = await createUser(ctx, "client");
    const res = await register(user, profile({ status: "approved" }));
    expect(res.statusCode).toBe(400);
  });
});

describe("who may call what", () => {
  it("answers 401 to a visitor on every company and vetting route", async () => {
    expect((await register(null, profile())).statusCode).toBe(401);
    expect((await myCompany(null)).statusCode).toBe(401);
    expect((await edit(null, profile())).statusCode).toBe(401);
    expect((await pending(null)).statusCode).toBe(401);
    expect((await approve(null, 1)).statusCode).toBe(401);
    expect((await reject(null, 1, { reason: "no" })).statusCode).toBe(401);
  });

  it("answers 403 to clients and providers on the admin routes, with nothing changed", async () => {
    const { company } = await registeredProvider("victim");
    const client = await createUser(ctx, "client");
    const provider = await createUser(ctx, "provider");
    for (const user of [client, provider]) {
      const list = await pending(user);
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBeTruthy();
      expect((await approve(user, company.id)).statusCode).toBe(403);
      expect((await reject(user, company.id, { reason: "no" })).statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.status).toBe("pending");
    expect(await logsFor(company.id)).toEqual([]);
  });

  it("does not let an admin register a company (403)", async () => {
    const res = await register(admin, profile());
    expect(res.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.userType).toBe("admin");
  });

  it("answers 404 for /me when the user has no company, and never shows another user's company", async () => {
    await registeredProvider("someone");
    const user = await createUser(ctx, "client");
    const me = await myCompany(user);
    expect(me.statusCode).toBe(404);
    expect(me.json().message).toMatch(/not created a company profile/);
    expect((await edit(user, profile())).statusCode).toBe(404);
  });
});

describe("vetting", () => {
  it("lists pending providers with their profile and the owner's name and email, not decided ones", async () => {
    const a = await registeredProvider("listed");
    const b = await registeredProvider("decided");
    expect((await approve(admin, b.company.id)).statusCode).toBe(200);
    const res = await pending(admin);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; status: string; owner: unknown; description: string }[];
    const entry = list.find((p) => p.id === a.company.id);
    expect(entry).toMatchObject({
      name: "listed Inc",
      status: "pending",
      description: profile().description,
      specialties: ["RPA", "Workflow Automation"],
      owner: { id: a.user.id, firstName: "Client", lastName: "Tester", email: a.user.email },
    });
    expect(list.some((p) => p.id === b.company.id)).toBe(false);
    // Besides pending companies, only approved ones with a change of name or address to review (decision 149).
    expect(list.every((p) => p.status === "pending" || (p as { changeUnderReview?: unknown }).changeUnderReview)).toBe(
      true,
    );
  });

  it("approves: status, reviewer, activity log, notification and email for that provider only", async () => {
    const target = await registeredProvider("approved");
    const bystander = await registeredProvider("bystander");
    const res = await approve(admin, target.company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.company.id, status: "approved", rejectionReason: null });
    expect(res.json().reviewedAt).toEqual(expect.any(String));
    expect((await myCompany(target.user)).json().status).toBe("approved");

    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, target.company.id));
    expect(row?.reviewedBy).toBe(admin.id);

    const logs = await logsFor(target.company.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ adminId: admin.id, action: "approve_provider", resourceType: "company" });
    expect(JSON.parse(logs[0]?.details ?? "null")).toEqual({
      companyName: "approved Inc",
      oldStatus: "pending",
      newStatus: "approved",
    });

    const mine = await rowsFor(target.user.id);
    expect(mine.notifications).toHaveLength(1);
    expect(mine.notifications[0]).toMatchObject({ kind: "provider.approved", link: "/subscription", readAt: null });
    expect(mine.notifications[0]?.body).toContain("approved Inc has been approved");
    expect(mine.emails).toHaveLength(1);
    expect(mine.emails[0]).toMatchObject({
      toAddress: target.user.email,
      kind: "provider.approved",
      status: "pending",
      attempts: 0,
      sentAt: null,
    });
    expect(mine.emails[0]?.subject).toContain("approved Inc");
    expect(mine.emails[0]?.textBody).toContain(`Set up your subscription: ${ctx.config.publicUrl}/subscription`);
    expect(mine.emails[0]?.htmlBody).toContain(`<a href="${ctx.config.publicUrl}/subscription">`);

    const theirs = await rowsFor(bystander.user.id);
    expect(theirs).toEqual({ notifications: [], emails: [] });
    expect(await rowsFor(admin.id)).toEqual({ notifications: [], emails: [] });
  });

  it("rejects with the given reason, tells the provider, and escapes it in the email's HTML", async () => {
    const { user, company } = await registeredProvider("rejected");
    const reason = "Portfolio <b>missing</b> & no references";
    const res = await reject(admin, company.id, { reason: `  ${reason}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "rejected", rejectionReason: reason });

    const [log] = await logsFor(company.id);
    expect(log).toMatchObject({ adminId: admin.id, action: "reject_provider", resourceType: "company" });
    expect(JSON.parse(log?.details ?? "null")).toEqual({
      companyName: "rejected Inc",
      oldStatus: "pending",
      newStatus: "rejected",
      reason,
    });
    const { notifications: n, emails } = await rowsFor(user.id);
    expect(n).toHaveLength(1);
    expect(n[0]).toMatchObject({ kind: "provider.rejected", link: "/provider-registration" });
    expect(n[0]?.body).toContain(reason);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.textBody).toContain(reason);
    expect(emails[0]?.textBody).toContain(`${ctx.config.publicUrl}/provider-registration`);
    expect(emails[0]?.htmlBody).toContain("Portfolio &lt;b&gt;missing&lt;/b&gt; &amp; no references");
    expect(emails[0]?.htmlBody).not.toContain("<b>missing</b>");
  });

  it.each([
    ["no body", undefined],
    ["an empty object", {}],
    ["an empty reason", { reason: "" }],
    ["a blank reason", { reason: "   " }],
  ])("rejects with the default reason given %s", async (_label, payload) => {
    const { company } = await registeredProvider("defaulted");
    const res = await reject(admin, company.id, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rejectionReason).toBe(DEFAULT_REJECTION_REASON);
  });

  it("refuses a reason that is too long or an unknown field (400), changing nothing", async () => {
    const { company } = await registeredProvider("badreason");
    expect((await reject(admin, company.id, { reason: "r".repeat(1001) })).statusCode).toBe(400);
    expect((await reject(admin, company.id, { reason: "x", notify: false })).statusCode).toBe(400);
    expect((await pending(admin)).json().some((p: { id: number }) => p.id === company.id)).toBe(true);
  });

  it("answers 409 for a decision on a company that is not pending, writing nothing", async () => {
    const a = await registeredProvider("twiceapproved");
    const b = await registeredProvider("twicerejected");
    expect((await approve(admin, a.company.id)).statusCode).toBe(200);
    expect((await reject(admin, b.company.id, { reason: "Not yet" })).statusCode).toBe(200);
    const before = { a: await rowsFor(a.user.id), b: await rowsFor(b.user.id) };

    for (const res of [
      await approve(admin, a.company.id),
      await reject(admin, a.company.id, { reason: "Changed my mind" }),
      await approve(admin, b.company.id),
      await reject(admin, b.company.id),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/only pending providers/);
    }
    expect((await myCompany(a.user)).json()).toMatchObject({ status: "approved", rejectionReason: null });
    expect((await myCompany(b.user)).json()).toMatchObject({ status: "rejected", rejectionReason: "Not yet" });
    expect(await logsFor(a.company.id)).toHaveLength(1);
    expect(await logsFor(b.company.id)).toHaveLength(1);
    expect({ a: await rowsFor(a.user.id), b: await rowsFor(b.user.id) }).toEqual(before);
  });

  it("answers 404 for an unknown company and 400 for an id that is not one", async () => {
    for (const res of [await approve(admin, 999_999), await reject(admin, 999_999, { reason: "x" })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("No provider company has this id.");
    }
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await approve(admin, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toMatch(/^id: /);
      expect((await reject(admin, id, { reason: "x" })).statusCode, id).toBe(400);
    }
  });
});

describe("editing and resubmitting: PUT /api/companies/me", () => {
  it("resubmits a rejected company: edited, pending again, reason cleared, back in the admin's list", async () => {
    const { user, company } = await registeredProvider("resubmit");
    await reject(admin, company.id, { reason: "Add your website" });
    const res = await edit(user, profile({ name: "Resubmitted Inc", website: "https://resubmitted.example" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: company.id,
      name: "Resubmitted Inc",
      website: "https://resubmitted.example",
      status: "pending",
      rejectionReason: null,
    });
    expect((await pending(admin)).json().some((p: { id: number }) => p.id === company.id)).toBe(true);

    expect((await approve(admin, company.id)).statusCode).toBe(200);
    const actions = (await logsFor(company.id)).map((l) => l.action);
    expect(actions).toEqual(["reject_provider", "approve_provider"]);
  });

  it("edits a pending company and keeps it pending", async () => {
    const { user } = await registeredProvider("pendingedit");
    const res = await edit(user, profile({ specialties: ["API Development"] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "pending", specialties: ["API Development"] });
  });

  it("edits an approved company and keeps it approved", async () => {
    const { user, company } = await registeredProvider("approvededit");
    await approve(admin, company.id);
    const res = await edit(user, profile({ location: "Denver, CO", size: "medium" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "approved", location: "Denver, CO", size: "medium" });
  });

  it("validates an edit like a registration", async () => {
    const { user } = await registeredProvider("badedit");
    const res = await edit(user, profile({ description: "short" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      field: "description",
      message: "Description must be at least 50 characters",
    });
    expect((await myCompany(user)).json().description).toBe(profile().description);
  });

  it("changes only the caller's own company", async () => {
    const mine = await registeredProvider("owner");
    const other = await registeredProvider("other");
    await edit(mine.user, profile({ name: "Mine Renamed" }));
    expect((await myCompany(other.user)).json().name).toBe("other Inc");
  });
});

describe("an approved company's change of name or address (decision 149)", () => {
  const publicProfile = (slug: string) => ctx.app.inject({ method: "GET", url: `/api/providers/${slug}` });
  const slugOf = async (id: number) =>
    (await ctx.database.db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, id)))[0]?.slug ?? "";
  const newestEntry = async (slug: string) => {
    const page = (await ctx.app.inject({ method: "GET", url: "/api/providers?sort=newest" })).json();
    return (page.items as { slug: string; verified: boolean }[]).find((i) => i.slug === slug);
  };

  it("keeps serving without the Verified badge, in the admin's review list, until an admin approves it", async () => {
    const { user, company } = await registeredProvider("verified");
    expect((await approve(admin, company.id)).statusCode).toBe(200);
    const slug = await slugOf(company.id);
    expect((await publicProfile(slug)).json()).toMatchObject({ name: "verified Inc", verified: true });
    expect((await myCompany(user)).json().changeUnderReview).toBeNull();

    const renamed = await edit(user, profile({ name: "Posing Corp" }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const change = { verifiedName: "verified Inc", verifiedSlug: slug, slug };
    expect(renamed.json()).toMatchObject({ status: "approved", name: "Posing Corp", changeUnderReview: change });
    expect((await myCompany(user)).json()).toMatchObject({ status: "approved", changeUnderReview: change });
    // Still public and listed (it keeps its leads), without the badge.
    expect((await publicProfile(slug)).json()).toMatchObject({ name: "Posing Corp", verified: false });
    expect(await newestEntry(slug)).toMatchObject({ verified: false });
    const listed = (await pending(admin)).json().find((p: { id: number }) => p.id === company.id);
    expect(listed).toMatchObject({ status: "approved", name: "Posing Corp", changeUnderReview: change });
    // The Overview's "pending" figure counts it with the registrations, as the Providers tab lists it.
    const pendingFigure = async () =>
      (await as(ctx, admin, { method: "GET", url: "/api/admin/stats" })).json().pendingProviders;
    const whileUnderReview = await pendingFigure();
    expect(whileUnderReview).toBe((await pending(admin)).json().length);

    const approved = await approve(admin, company.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", name: "Posing Corp", changeUnderReview: null });
    expect((await publicProfile(slug)).json()).toMatchObject({ name: "Posing Corp", verified: true });
    expect(await newestEntry(slug)).toMatchObject({ verified: true });
    expect((await pending(admin)).json().some((p: { id: number }) => p.id === company.id)).toBe(false);
    expect(await pendingFigure()).toBe(whileUnderReview - 1);
    const { notifications: notes } = await rowsFor(user.id);
    expect(notes.map((n) => n.title)).toContain("Your name change is approved");
    expect(JSON.parse(String((await logsFor(company.id)).at(-1)?.details))).toMatchObject({
      companyName: "Posing Corp",
      verifiedName: "verified Inc",
      oldStatus: "approved",
      newStatus: "approved",
    });
    // Nothing is left to decide.
    expect((await approve(admin, company.id)).statusCode).toBe(409);

    // Back to the verified name: the badge returns without an admin.
    expect((await edit(user, profile({ name: "Someone Else" }))).json().changeUnderReview).not.toBeNull();
    expect((await edit(user, profile({ name: "Posing Corp" }))).json().changeUnderReview).toBeNull();
    expect((await publicProfile(slug)).json().verified).toBe(true);
  });

  it("withdraws the badge for a new address too, and a rejected change rejects the company", async () => {
    const { user, company } = await registeredProvider("readdressed");
    await approve(admin, company.id);
    const slug = `readdressed-${company.id}`;
    const moved = await as(ctx, user, {
      method: "PATCH",
      url: "/api/companies/me/public-profile",
      payload: { slug },
    });
    expect(moved.json()).toMatchObject({ slug, isPublic: true, changeUnderReview: true });
    expect((await publicProfile(slug)).json().verified).toBe(false);

    const rejected = await reject(admin, company.id, { reason: "Poses as another company" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rejected", rejectionReason: "Poses as another company" });
    expect((await publicProfile(slug)).statusCode).toBe(404);
  });

  it("gives a new registration another address than one a company just gave up", async () => {
    const { user, company } = await registeredProvider("held name");
    const given = await slugOf(company.id);
    expect(given).toBe("held-name-inc");
    const moved = await as(ctx, user, {
      method: "PATCH",
      url: "/api/companies/me/public-profile",
      payload: { slug: `held-elsewhere-${company.id}` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const next = await registeredProvider("held name");
    expect(await slugOf(next.company.id)).toBe(`held-name-inc-${next.company.id}`);
  });
});
