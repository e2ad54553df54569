import { and, eq, sql } from "drizzle-orm";
import { jsonb, pgSchema, text } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_MAX } from "@/shared/idempotency";
import { DESCRIPTION_MAX, MESSAGES } from "@/shared/quote-request-limits";
import { type CreateQuoteRequestInput, quoteRequestSummarySchema } from "@/shared/quote-requests";
import { idempotencyKeys } from "../../db/schema/idempotency-keys";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quoteRequestBody as validBody } from "../../test/fixtures";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, signIn, type TestUser } from "../../test/test-app";
import { findUserById } from "../auth/queries";
import {
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_TTL_MS,
  purgeExpiredIdempotencyKeys,
  submitQuoteRequest,
} from "./service";

const ctx = sharedTestContext({}, { jobs: true });
let client: TestUser;
let otherClient: TestUser;
let provider: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [client, otherClient, provider, admin] = await Promise.all([
    createUser(ctx, "client"),
    createUser(ctx, "client", "other"),
    createUser(ctx, "provider"),
    createUser(ctx, "admin"),
  ]);
});

const create = (user: TestUser | null, payload: unknown) =>
  as(ctx, user, { method: "POST", url: "/api/quote-requests", payload: payload as Record<string, unknown> });

async function createOk(user: TestUser, body: CreateQuoteRequestInput = validBody()) {
  const res = await create(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; matchDueAt: string; createdAt: string };
}

/** pg-boss's job table, read as the matching feature's worker would find it. */
const pgbossJob = pgSchema("pgboss").table("job", { name: text(), state: text(), data: jsonb() });

async function jobsFor(quoteRequestId: number) {
  return ctx.database.db
    .select({ state: pgbossJob.state, data: pgbossJob.data })
    .from(pgbossJob)
    .where(
      and(
        eq(pgbossJob.name, "match-quote-request"),
        sql`(${pgbossJob.data}->>'quoteRequestId')::int = ${quoteRequestId}`,
      ),
    );
}

describe("POST /api/quote-requests", () => {
  it("creates an open request for the client with its match promise and ROI estimate", async () => {
    const sent = validBody();
    const res = await create(client, sent);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const { requirements: _requirements, ...sentTop } = sent;
    expect(body).toMatchObject({
      ...sentTop, // title, description, industry, automationTypes, budgetRange and timeline, as sent
      status: "open",
      isComplex: false,
      // 250 days x 40 invoices x 6 minutes
      roiHoursPerYear: 1000,
      client: { firstName: "Client", lastName: "Tester", email: client.email },
      requirements: { fullName: "Ada Lovelace", volume: { quantity: 40, per: "run" }, systems: ["SAP", "Outlook"] },
    });
    const hours = (Date.parse(body.matchDueAt) - Date.parse(body.createdAt)) / 3_600_000;
    expect(hours).toBe(48);
  });

  it("promises 72 hours for complex projects", async () => {
    const complexBodies: CreateQuoteRequestInput[] = [
      validBody({ budgetRange: "$50k+" }),
      validBody({ requirements: { systems: ["SAP", "Outlook", "Excel"] } }),
      validBody({ requirements: { systemTypes: ["Mainframe"] } }),
    ];
    for (const body of complexBodies) {
      const created = await createOk(client, body);
      expect(created).toMatchObject({ isComplex: true });
      expect((Date.parse(created.matchDueAt) - Date.parse(created.createdAt)) / 3_600_000).toBe(72);
    }
  });

  it("stores no ROI estimate without volume and time per task, and accepts 'Not specified' as budget", async () => {
    const { volume: _v, timePerTask: _t, ...requirements } = validBody().requirements;
    const created = await createOk(client, { ...validBody(), budgetRange: "Not specified", requirements });
    expect(created).toMatchObject({ roiHoursPerYear: null, budgetRange: "Not specified" });
  });

  it("takes volume and time per task as the spec's free text: words that read give an estimate, others are kept as written", async () => {
    // 400 a week x 52 weeks x 5 minutes = 1,733 hours a year.
    const read = await create(client, validBody({ requirements: { volume: "400 a week", timePerTask: "5 minutes" } }));
    expect(read.statusCode, read.body).toBe(201);
    expect(read.json()).toMatchObject({
      roiHoursPerYear: Math.round((400 * 52 * 5) / 60),
      requirements: { volume: { quantity: 400, per: "week" }, timePerTask: { value: 5, unit: "minutes" } },
    });

    // Issue 30: an approximate volume reads too; a day is a working day (250 a year).
    const about = await create(
      client,
      validBody({ requirements: { volume: "about 200 invoices a day", timePerTask: "5 minutes" } }),
    );
    expect(about.statusCode, about.body).toBe(201);
    expect(about.json()).toMatchObject({
      roiHoursPerYear: Math.round((200 * 250 * 5) / 60),
      requirements: { volume: { quantity: 200, per: "day" } },
    });

    const words = await create(
      client,
      validBody({ requirements: { volume: "depends on the season", timePerTask: "a few minutes" } }),
    );
    expect(words.statusCode, words.body).toBe(201);
    expect(words.json()).toMatchObject({ roiHoursPerYear: null });
    const again = await as(ctx, client, { method: "GET", url: `/api/quote-requests/${words.json().id}` });
    expect(again.json().requirements).toMatchObject({ volume: "depends on the season", timePerTask: "a few minutes" });
  });

  it("hands the request to matching through a durable job, written with the request", async () => {
    const created = await createOk(client);
    const jobs = await jobsFor(created.id);
    // With the id of the request that sent it, for its run's log lines (decision 162).
    expect(jobs).toEqual([
      { state: "created", data: { quoteRequestId: created.id, requestId: expect.stringMatching(/^[\w-]{12}$/) } },
    ]);
  });

  it("writes neither the request nor the job when the job cannot be written", async () => {
    const before = await ctx.database.db.select({ id: quoteRequests.id }).from(quoteRequests);
    // A job queue that fails inside the transaction must roll the insert back.
    const failingJobs = {
      ...ctx.jobs,
      send: async () => {
        throw new Error("queue unavailable");
      },
    };
    const user = await findUserById(ctx.database.db, client.id);
    if (!user) throw new Error("no user");
    await expect(submitQuoteRequest({ ...ctx.deps, jobs: failingJobs }, user, validBody())).rejects.toThrow(
      "queue unavailable",
    );
    const after = await ctx.database.db.select({ id: quoteRequests.id }).from(quoteRequests);
    expect(after.length).toBe(before.length);
  });

  const requiredTop = [
    "title",
    "description",
    "industry",
    "automationTypes",
    "budgetRange",
    "timeline",
    "requirements",
  ];
  it.each(requiredTop)("answers 400 naming '%s' when it is missing", async (field) => {
    const body: Record<string, unknown> = { ...validBody() };
    delete body[field];
    const res = await create(client, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { field: string }) => i.field)).toContain(field);
    expect(res.json().message).toContain(field);
  });

  // Each with the spec's message of the same name.
  const requiredInRequirements = (
    [
      "fullName",
      "email",
      "companyName",
      "location",
      "frequency",
      "systems",
      "systemTypes",
      "triggerType",
      "tasksToAutomate",
      "hasDocumentation",
      "requiresNDA",
      "locationPreference",
    ] as const
  ).map((field) => [field, MESSAGES[field]] as const);
  it.each(requiredInRequirements)(
    "answers 400 with the spec's message when requirements.%s is missing",
    async (field, message) => {
      const requirements: Record<string, unknown> = { ...validBody().requirements };
      delete requirements[field];
      const res = await create(client, { ...validBody(), requirements });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ field: `requirements.${field}`, message });
    },
  );

  it("refuses a volume and time per task beyond 10,000,000 hours a year with 400, storing nothing", async () => {
    const before = (await create(client, validBody())).json().id;
    const body = validBody();
    const res = await create(client, {
      ...body,
      requirements: {
        ...body.requirements,
        frequency: "daily",
        volume: { quantity: 1_000_000, per: "day" },
        timePerTask: { value: 1000, unit: "hours" },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ field: "requirements.timePerTask", message: MESSAGES.workload });
    // The next request gets the next id: nothing was written in between.
    expect((await create(client, validBody())).json().id).toBe(before + 1);
  });

  it("refuses a description over 500 characters, and takes exactly 500", async () => {
    const tooLong = await create(client, { ...validBody(), description: "x".repeat(DESCRIPTION_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues).toContainEqual({ field: "description", message: MESSAGES.processDescriptionMax });
    const exact = await create(client, { ...validBody(), description: "x".repeat(DESCRIPTION_MAX) });
    expect(exact.statusCode).toBe(201);
  });

  it("refuses the spec's short values (title 1 character, description 9)", async () => {
    const res = await create(client, { ...validBody(), title: "X", description: "x".repeat(9) });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { field: "title", message: MESSAGES.processName },
        { field: "description", message: MESSAGES.processDescription },
      ]),
    );
  });

  it("refuses unknown fields, at the top and in requirements", async () => {
    const top = await create(client, { ...validBody(), consent: true });
    expect(top.statusCode).toBe(400);
    expect(top.json().message).toMatch(/consent/);
    const nested = await create(client, {
      ...validBody(),
      requirements: { ...validBody().requirements, status: "closed" },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toMatch(/status/);
  });

  it("refuses values outside the spec's enumerations", async () => {
    const res = await create(client, { ...validBody(), industry: "aerospace", automationTypes: ["Get rich"] });
    expect(res.statusCode).toBe(400);
    const fields = res.json().issues.map((i: { field: string }) => i.field);
    expect(fields).toEqual(expect.arrayContaining(["industry", "automationTypes.0"]));
  });

  it("is for clients only: a provider or an admin gets 403, a visitor 401, and nothing is written", async () => {
    const before = await ctx.database.db.select({ id: quoteRequests.id }).from(quoteRequests);
    expect((await create(provider, validBody())).statusCode).toBe(403);
    expect((await create(admin, validBody())).statusCode).toBe(403);
    expect((await create(null, validBody())).statusCode).toBe(401);
    // The role is checked before the body: a provider learns nothing from validation.
    expect((await create(provider, { nonsense: true })).statusCode).toBe(403);
    const after = await ctx.database.db.select({ id: quoteRequests.id }).from(quoteRequests);
    expect(after.length).toBe(before.length);
  });
});

describe("GET /api/quote-requests/me", () => {
  it("lists only the caller's own requests, newest first, in the spec's shape", async () => {
    const fresh = await createUser(ctx, "client", "lister");
    const first = await createOk(fresh, { ...validBody(), title: "First" });
    const second = await createOk(fresh, { ...validBody(), title: "Second" });
    await createOk(otherClient, { ...validBody(), title: "Someone else's" });

    const res = await as(ctx, fresh, { method: "GET", url: "/api/quote-requests/me" });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({
      id: second.id,
      title: "Second",
      description: validBody().description,
      industry: "finance",
      budgetRange: "$15k-$30k",
      automationTypes: ["Save time", "Reduce errors"],
      status: "open",
      timeline: "1-3months",
      client: { firstName: "Lister", lastName: "Tester", email: fresh.email },
    });
    expect(typeof list[0]?.createdAt).toBe("string");
  });

  it("writes each item as the request's own page writes it: odd text, no estimate, microseconds, every status", async () => {
    const fresh = await createUser(ctx, "client", "odd");
    const odd = await createOk(fresh, {
      ...validBody(),
      title: `Quotes "and" back\\slash, </script> & ünïcödé 🚀`,
      description: `${validBody().description}\nLine two\twith a tab, \u2028 and 'single' quotes.`,
    });
    const plain = await createOk(fresh);
    await ctx.database.db
      .update(quoteRequests)
      .set({ roiHoursPerYear: null, status: "cancelled" })
      .where(eq(quoteRequests.id, odd.id));
    await ctx.database.db.execute(
      sql`update quote_requests set created_at = created_at + interval '987 microseconds', match_due_at = match_due_at + interval '1 microsecond' where id = ${plain.id}`,
    );
    const list = (await as(ctx, fresh, { method: "GET", url: "/api/quote-requests/me" })).json() as Record<
      string,
      unknown
    >[];
    expect(list.map((r) => r.id)).toEqual([plain.id, odd.id]);
    for (const item of list) {
      const {
        requirements: _r,
        updatedAt: _u,
        invite: _i,
        files: _f,
        ...summary
      } = (await as(ctx, fresh, { method: "GET", url: `/api/quote-requests/${item.id}` })).json() as Record<
        string,
        unknown
      >;
      expect(item).toEqual(summary);
      expect(quoteRequestSummarySchema.strict().parse(item)).toEqual(item);
    }
    expect(list[1]).toMatchObject({ roiHoursPerYear: null, status: "cancelled" });
  });

  it("answers an empty list to a client without requests, 403 to other roles, 401 to visitors", async () => {
    const fresh = await createUser(ctx, "client", "empty");
    const res = await as(ctx, fresh, { method: "GET", url: "/api/quote-requests/me" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await as(ctx, provider, { method: "GET", url: "/api/quote-requests/me" })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: "GET", url: "/api/quote-requests/me" })).statusCode).toBe(401);
  });
  it("shows the client's own changes in the very next read: submitted, cancelled, renamed (the kept page, decision 192)", async () => {
    const fresh = await createUser(ctx, "client", "changing");
    const mine = async () =>
      (await as(ctx, fresh, { method: "GET", url: "/api/quote-requests/me" }))
        .json()
        .map((r: { title: string; status: string; client: { firstName: string } }) =>
          [r.title, r.status === "cancelled" ? "cancelled" : "not cancelled", r.client.firstName].join(", "),
        );
    expect(await mine()).toEqual([]);
    const created = await createOk(fresh, validBody({ title: "Kept for the dashboard" }));
    expect(await mine()).toEqual(["Kept for the dashboard, not cancelled, Changing"]);
    const cancelled = await as(ctx, fresh, { method: "POST", url: `/api/quote-requests/${created.id}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    expect(await mine()).toEqual(["Kept for the dashboard, cancelled, Changing"]);
    const renamed = await as(ctx, fresh, {
      method: "PATCH",
      url: "/api/auth/profile",
      payload: { firstName: "Renamed", lastName: "Client" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await mine()).toEqual(["Kept for the dashboard, cancelled, Renamed"]);
  });
});

describe("GET /api/quote-requests/:id", () => {
  it("shows the owner the whole request", async () => {
    const created = await createOk(client);
    const res = await as(ctx, client, { method: "GET", url: `/api/quote-requests/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      requirements: { ...validBody().requirements },
      client: { email: client.email },
      roiHoursPerYear: 1000,
    });
  });

  it("shows an admin any request with the client's details", async () => {
    const created = await createOk(client);
    const res = await as(ctx, admin, { method: "GET", url: `/api/quote-requests/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().client.email).toBe(client.email);
  });

  it("answers 404 for another client's request, for a provider without a lead, and for no such id", async () => {
    const created = await createOk(client);
    const other = await as(ctx, otherClient, { method: "GET", url: `/api/quote-requests/${created.id}` });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(client.email);
    expect((await as(ctx, provider, { method: "GET", url: `/api/quote-requests/${created.id}` })).statusCode).toBe(404);
    expect((await as(ctx, client, { method: "GET", url: "/api/quote-requests/999999" })).statusCode).toBe(404);
  });

  it("answers 400 for an id that is not a number, and 401 to visitors", async () => {
    expect((await as(ctx, client, { method: "GET", url: "/api/quote-requests/abc" })).statusCode).toBe(400);
    expect((await as(ctx, null, { method: "GET", url: "/api/quote-requests/1" })).statusCode).toBe(401);
  });
});

describe("POST /api/quote-requests/:id/cancel", () => {
  const cancel = (user: TestUser | null, id: number) =>
    as(ctx, user, { method: "POST", url: `/api/quote-requests/${id}/cancel` });

  it("lets the owner cancel an open request", async () => {
    const created = await createOk(client);
    const res = await cancel(client, created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("cancelled");
    const read = await as(ctx, client, { method: "GET", url: `/api/quote-requests/${created.id}` });
    expect(read.json().status).toBe("cancelled");
  });

  it("lets the owner cancel a matched request", async () => {
    const created = await createOk(client);
    await ctx.database.db.update(quoteRequests).set({ status: "matched" }).where(eq(quoteRequests.id, created.id));
    const res = await cancel(client, created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("cancelled");
  });

  it.each(["closed", "cancelled"] as const)("answers 409 with a message for a %s request", async (status) => {
    const created = await createOk(client);
    await ctx.database.db.update(quoteRequests).set({ status }).where(eq(quoteRequests.id, created.id));
    const res = await cancel(client, created.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/only open or matched requests can be cancelled/);
    const [row] = await ctx.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, created.id));
    expect(row?.status).toBe(status);
  });

  it("answers 404 to another client and leaves the request open", async () => {
    const created = await createOk(client);
    expect((await cancel(otherClient, created.id)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, created.id));
    expect(row?.status).toBe("open");
  });

  it("answers 403 to providers and admins, 401 to visitors", async () => {
    const created = await createOk(client);
    expect((await cancel(provider, created.id)).statusCode).toBe(403);
    expect((await cancel(admin, created.id)).statusCode).toBe(403);
    expect((await cancel(null, created.id)).statusCode).toBe(401);
  });
});

// Last in the file, as its final test moves the app's clock on.
describe("POST /api/quote-requests with an Idempotency-Key", () => {
  const createWithKey = (user: TestUser, key: string, payload: unknown = validBody()) =>
    as(ctx, user, {
      method: "POST",
      url: "/api/quote-requests",
      headers: { "idempotency-key": key },
      payload: payload as Record<string, unknown>,
    });

  /** The client's requests, and the matching jobs written for them. */
  async function writtenFor(user: TestUser) {
    const rows = await ctx.database.db
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(eq(quoteRequests.clientId, user.id));
    const jobs = (await Promise.all(rows.map((r) => jobsFor(r.id)))).flat();
    return { ids: rows.map((r) => r.id).sort((a, b) => a - b), jobs: jobs.length };
  }

  it("answers a retry with the request already made, the same status and body, and writes nothing more", async () => {
    const fresh = await createUser(ctx, "client", "retrier");
    const key = crypto.randomUUID();
    const first = await createWithKey(fresh, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    const retry = await createWithKey(fresh, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    // One request, one matching job: its leads and their notifications follow from that job only.
    expect(await writtenFor(fresh)).toEqual({ ids: [first.json().id], jobs: 1 });
  });

  it("takes the same body with its fields in another order as the same request", async () => {
    const fresh = await createUser(ctx, "client", "reorderer");
    const key = crypto.randomUUID();
    const body = validBody();
    const first = await createWithKey(fresh, key, body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const retry = await createWithKey(fresh, key, reordered);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
  });

  it("refuses the same key with another body with 422 and a message that says what to do", async () => {
    const fresh = await createUser(ctx, "client", "changer");
    const key = crypto.randomUUID();
    const first = await createWithKey(fresh, key);
    const changed = await createWithKey(fresh, key, { ...validBody(), title: "Another process" });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED });
    expect(await writtenFor(fresh)).toEqual({ ids: [first.json().id], jobs: 1 });
  });

  it("makes one request of several sent at once with the same key", async () => {
    const fresh = await createUser(ctx, "client", "racer");
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      createWithKey(fresh, key),
      createWithKey(fresh, key),
      createWithKey(fresh, key),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const ids = new Set(answers.map((res) => res.json().id));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => res.headers["idempotent-replayed"] === "true")).toHaveLength(2);
    expect(await writtenFor(fresh)).toEqual({ ids: [...ids], jobs: 1 });
  });

  it("keeps each user's keys apart: another client's same key makes that client's own request", async () => {
    const [one, two] = await Promise.all([createUser(ctx, "client", "keyone"), createUser(ctx, "client", "keytwo")]);
    const key = "shared-key-1";
    const mine = await createWithKey(one, key);
    const theirs = await createWithKey(two, key, { ...validBody(), title: "Their own process" });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await writtenFor(one)).toEqual({ ids: [mine.json().id], jobs: 1 });
    expect(await writtenFor(two)).toEqual({ ids: [theirs.json().id], jobs: 1 });
  });

  it("names the optional header in the OpenAPI document", async () => {
    const docs = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(docs.statusCode).toBe(200);
    const parameters = docs.json().paths["/api/quote-requests"].post.parameters as Record<string, unknown>[];
    expect(parameters).toContainEqual(
      expect.objectContaining({ in: "header", name: "idempotency-key", required: false }),
    );
  });

  it("without the header, makes a new request each time, as before", async () => {
    const fresh = await createUser(ctx, "client", "keyless");
    const first = await createOk(fresh);
    const second = await createOk(fresh);
    expect(second.id).not.toBe(first.id);
    expect(await writtenFor(fresh)).toEqual({ ids: [first.id, second.id], jobs: 2 });
    expect(await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, fresh.id))).toEqual(
      [],
    );
  });

  it("answers 400 naming the header for an empty key, one too long, or one with spaces, and writes nothing", async () => {
    const fresh = await createUser(ctx, "client", "badkey");
    const bad = ["", '""', "k".repeat(IDEMPOTENCY_KEY_MAX + 1), "two, keys"];
    for (const key of bad) {
      const res = await createWithKey(fresh, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toMatch(/^idempotency-key: Idempotency-Key .*send a new random key/);
    }
    expect(await writtenFor(fresh)).toEqual({ ids: [], jobs: 0 });
    // The longest key is taken, and the draft's quoted form names the same key.
    const longest = "k".repeat(IDEMPOTENCY_KEY_MAX);
    const made = await createWithKey(fresh, longest);
    expect(made.statusCode, made.body).toBe(201);
    const quoted = await createWithKey(fresh, `"${longest}"`);
    expect(quoted.headers["idempotent-replayed"]).toBe("true");
    expect(quoted.json().id).toBe(made.json().id);
  });

  // Last in the file: it moves the app's clock two days on. It signs in again after each move, so that
  // no session timeout decides what it sees.
  it("forgets a key after 24 hours: the key makes a new request, and the purge deletes what expired", async () => {
    const fresh = await createUser(ctx, "client", "expirer");
    const moveOn = async (ms: number) => {
      ctx.clock.advance(ms);
      fresh.cookie = (await signIn(ctx, fresh.email, fresh.password)).cookie;
    };
    const key = crypto.randomUUID();
    const first = await createWithKey(fresh, key);
    await moveOn(IDEMPOTENCY_KEY_TTL_MS - 60_000);
    expect((await createWithKey(fresh, key)).json().id).toBe(first.json().id);
    await moveOn(60_000);
    const later = await createWithKey(fresh, key);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);
    expect(await writtenFor(fresh)).toEqual({ ids: [first.json().id, later.json().id], jobs: 2 });

    await moveOn(IDEMPOTENCY_KEY_TTL_MS);
    const newest = await createWithKey(fresh, crypto.randomUUID());
    // Every key made a day ago or more goes, this test's and the others'; none made since.
    expect(await purgeExpiredIdempotencyKeys(ctx.deps)).toBeGreaterThanOrEqual(2);
    expect(await ctx.database.db.select({ id: idempotencyKeys.quoteRequestId }).from(idempotencyKeys)).toEqual([
      { id: newest.json().id },
    ]);
  });
});
