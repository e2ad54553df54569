// A request that cannot get the database answers 503 with Retry-After, never hangs or turns into a
// 500, and readiness says whether the database takes writes (decision 107). The pool, the statement
// timeout and a read-only database are PostgreSQL's, so these run on a PostgreSQL server in both runs.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { sharedTestContext } from "../test/shared-context";
import { as, createUser, type TestContext, type TestUser } from "../test/test-app";
import type { Db } from "./client";
import { isDatabaseUnavailable } from "./unavailable";

const BUSY = "The service is busy. Please try again in a few seconds.";

const lead = () => ({
  source: "landing",
  name: "Jane Doe",
  email: `jane-${Math.random()}@example.com`,
  company: "Acme Corp",
  processDescription: "We re-key 300 invoices a week from PDFs into SAP.",
  talkToConsultant: false,
});

function expectBusy(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe("5");
  // The request's id, for support to find its log lines (decision 162).
  const reference = res.headers["x-request-id"];
  expect(reference).toMatch(/^[\w-]{12}$/);
  expect(res.json()).toEqual({ message: `${BUSY} (reference ${reference})`, reference });
}

/** A connection of its own to the test's database, outside the app's pool. */
async function connect(ctx: TestContext): Promise<pg.Client> {
  if (ctx.database.kind !== "postgres" || ctx.config.database.kind !== "postgres") throw new Error("not PostgreSQL");
  const client = new pg.Client({ connectionString: ctx.config.database.url });
  await client.connect();
  return client;
}

describe("a pool whose every connection is taken", () => {
  const ctx = sharedTestContext(
    { DATABASE_POOL_MAX: "1", DATABASE_ACQUIRE_TIMEOUT_MS: "300" },
    { jobs: false, postgres: true },
  );
  let client: TestUser;
  beforeAll(async () => {
    client = await createUser(ctx, "client");
  });

  it("answers 503 with Retry-After once the acquisition timeout passes, and serves again once freed", async () => {
    const pool = ctx.database.pool;
    if (!pool) throw new Error("not PostgreSQL");
    const held = await pool.connect();
    try {
      expectBusy(await as(ctx, client, { method: "GET", url: "/api/auth/user" }));
      expectBusy(await ctx.app.inject({ method: "POST", url: "/api/leads", payload: lead() }));
      const ready = await ctx.app.inject({ method: "GET", url: "/healthz/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["retry-after"]).toBe("5");
      expect(ready.json()).toMatchObject({ status: "error", database: "unavailable" });
      // Liveness does not ask the database: the process is fine.
      expect((await ctx.app.inject({ method: "GET", url: "/healthz/live" })).statusCode).toBe(200);
    } finally {
      held.release();
    }
    expect((await as(ctx, client, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: "/healthz/ready" })).json()).toEqual({
      status: "ok",
      database: "writable",
    });
  });
});

describe("a statement that runs past the statement timeout", () => {
  const ctx = sharedTestContext({ DATABASE_STATEMENT_TIMEOUT_MS: "300" }, { jobs: false, postgres: true });

  it("is cancelled by the server", async () => {
    const error = await ctx.database.db.execute(sql`select pg_sleep(30)`).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    let cause: unknown = error;
    while (cause instanceof Error && !(cause as { code?: string }).code) cause = cause.cause;
    expect((cause as { code?: string }).code).toBe("57014");
  });

  it("gives the request waiting on it a 503 with Retry-After", async () => {
    // Another session holds the table the request must write to (the public form's rate limit).
    const other = await connect(ctx);
    try {
      await other.query("begin");
      await other.query("lock table rate_limits in exclusive mode");
      expectBusy(await ctx.app.inject({ method: "POST", url: "/api/leads", payload: lead() }));
      await other.query("rollback");
    } finally {
      await other.end();
    }
    expect((await ctx.app.inject({ method: "POST", url: "/api/leads", payload: lead() })).statusCode).toBe(201);
  });

  it("holds on every pooled connection, also the one the migrations ran on without it", async () => {
    const pool = ctx.database.pool;
    if (!pool) throw new Error("not PostgreSQL");
    const c = await pool.connect();
    try {
      expect((await c.query("show statement_timeout")).rows[0]).toEqual({ statement_timeout: "300ms" });
    } finally {
      c.release();
    }
  });
});

describe("a server that cannot be reached", () => {
  const ctx = sharedTestContext({}, { jobs: false, postgres: true });
  let client: TestUser;
  let unreachable: pg.Pool;
  beforeAll(async () => {
    client = await createUser(ctx, "client");
    // Port 1 on this machine: nothing listens, the connection is refused.
    unreachable = new pg.Pool({
      connectionString: "postgres://postgres@127.0.0.1:1/none",
      connectionTimeoutMillis: 300,
    });
  });
  afterAll(async () => {
    await unreachable.end();
  });

  it("answers 503 with Retry-After, and readiness fails while liveness holds", async () => {
    const db = drizzle({ client: unreachable, casing: "snake_case" }) as unknown as Db;
    const app = await buildApp({ ...ctx.deps, db }, { serveWeb: false });
    try {
      expectBusy(await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: client.cookie } }));
      expectBusy(await app.inject({ method: "POST", url: "/api/leads", payload: lead() }));
      const ready = await app.inject({ method: "GET", url: "/healthz/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "error", database: "unavailable" });
      expect((await app.inject({ method: "GET", url: "/healthz/live" })).json()).toEqual({ status: "ok" });
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe("a read-only database", () => {
  const ctx = sharedTestContext({ DATABASE_POOL_MAX: "1" }, { jobs: false, postgres: true });

  it("fails readiness, and a write answers 503, while reads still work", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/healthz/ready" })).statusCode).toBe(200);
    const admin = await connect(ctx);
    try {
      await admin.query("select current_database()").then(async ({ rows }) => {
        await admin.query(`alter database "${rows[0].current_database}" set default_transaction_read_only = on`);
      });
    } finally {
      await admin.end();
    }
    // The setting holds for new sessions: the pool's one connection is replaced by a new one.
    const pool = ctx.database.pool;
    if (!pool) throw new Error("not PostgreSQL");
    (await pool.connect()).release(true);

    const ready = await ctx.app.inject({ method: "GET", url: "/healthz/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers["retry-after"]).toBe("5");
    expect(ready.json()).toEqual({
      status: "error",
      database: "read-only",
      message: "The database is read-only: it takes no writes.",
    });
    expectBusy(await ctx.app.inject({ method: "POST", url: "/api/leads", payload: lead() }));
    expect((await ctx.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});

describe("a connection the server ends (a restart, an administrator)", () => {
  const ctx = sharedTestContext({}, { jobs: false, postgres: true });

  it("is an unavailable database, not a failure of the request", async () => {
    const victim = await connect(ctx);
    const admin = await connect(ctx);
    try {
      const pid = (await victim.query("select pg_backend_pid() as pid")).rows[0].pid;
      victim.on("error", () => undefined);
      const running = victim.query("select pg_sleep(30)").then(
        () => null,
        (err: unknown) => err,
      );
      // Whether this lands during the statement (57P01) or just before it ("Connection terminated"),
      // the session is gone: both are an unavailable database.
      await admin.query("select pg_terminate_backend($1)", [pid]);
      const error = await running;
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await admin.end();
      await victim.end().catch(() => undefined);
    }
  });
});
