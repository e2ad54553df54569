// Live updates across app processes on one PostgreSQL database (decisions 126 and 130): two apps, each
// with its own connection pool and its own listening connection, as two processes behind a load
// balancer. An event committed through either reaches the streams connected to both; and an app whose
// listening connection is cut ends its streams (the tabs poll meanwhile), refuses new ones with a 503
// until it listens again, then streams as before.
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import type { JobLog } from "../jobs/queue";
import { openSse, type SseConnection } from "../test/sse";
import { createTestContext, createUser, type TestContext, type TestUser } from "../test/test-app";
import { createAppDeps } from "../wiring";
import { publishLiveEvent } from "./publish";

const silentLog: JobLog = { error: () => undefined, info: () => undefined, warn: () => undefined };

let ctx: TestContext;
let secondDatabase: Database;
let apps: FastifyInstance[] = [];
let urls: string[] = [];
let user: TestUser;
const open: SseConnection[] = [];

async function listen(instance: FastifyInstance): Promise<string> {
  await instance.listen({ port: 0, host: "127.0.0.1" });
  const address = instance.server.address();
  if (!address || typeof address === "string") throw new Error("the app is not listening on a port");
  return `http://127.0.0.1:${address.port}`;
}

async function connectReady(url: string) {
  const stream = await openSse(`${url}/api/events`, user.cookie);
  open.push(stream);
  expect(stream.status).toBe(200);
  expect(await stream.next()).toEqual({ kind: "retry", ms: 3000 });
  expect(await stream.nextEvent()).toEqual({ event: "ready", data: "{}" });
  return stream;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { jobs: false, postgres: true });
  // The second "process": a pool of its own on the same database, and an app built on it.
  secondDatabase = await openDatabase(ctx.config.database, undefined, ctx.config.databaseLimits);
  const secondDeps = createAppDeps({ config: ctx.config, database: secondDatabase, jobs: ctx.jobs, log: silentLog });
  apps = [await buildApp(ctx.deps, { serveWeb: false }), await buildApp(secondDeps, { serveWeb: false })];
  urls = await Promise.all(apps.map(listen));

  user = await createUser(ctx, "client");
});
afterAll(async () => {
  for (const c of open) c.close();
  for (const a of apps) await a.close();
  await secondDatabase?.close();
  await ctx?.close();
});

describe("live updates with two app processes on one PostgreSQL", () => {
  it("delivers an event committed through either process to the streams connected to both", async () => {
    const [first, second] = [await connectReady(urls[0] ?? ""), await connectReady(urls[1] ?? "")];
    await ctx.database.db.transaction(async (tx) => publishLiveEvent(tx, [user.id], { type: "notification" }));
    await secondDatabase.db.transaction(async (tx) => publishLiveEvent(tx, [user.id], { type: "read", leadId: 4 }));
    for (const stream of [first, second]) {
      expect(await stream.nextEvent()).toEqual({
        event: "notification",
        data: JSON.stringify({ type: "notification" }),
      });
      expect(await stream.nextEvent()).toEqual({ event: "read", data: JSON.stringify({ type: "read", leadId: 4 }) });
    }
    first.close();
    second.close();
  });

  it("ends its streams when its listening connection is lost, and streams again once it listens again", async () => {
    const cut = await connectReady(urls[1] ?? "");
    const untouched = await connectReady(urls[0] ?? "");
    const url = ctx.config.database.kind === "postgres" ? ctx.config.database.url : "";
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Both apps' listening connections, as a restart of the database server would cut them.
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN "automatch_live"' AND pid <> pg_backend_pid()`,
      );
      expect(rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await cut.ended;
    await untouched.ended;
    // Until it listens again (a second later), a new stream is refused with a 503 the browser retries.
    const attempt = async () => {
      const stream = await openSse(`${urls[1]}/api/events`, user.cookie);
      if (stream.status !== 200) await stream.text();
      open.push(stream);
      return stream.status;
    };
    await expect.poll(attempt, { timeout: 10_000 }).toBe(200);
    const again = await connectReady(urls[1] ?? "");
    await ctx.database.db.transaction(async (tx) => publishLiveEvent(tx, [user.id], { type: "lead", leadId: 9 }));
    expect(await again.nextEvent()).toEqual({ event: "lead", data: JSON.stringify({ type: "lead", leadId: 9 }) });
    again.close();
  });
});
