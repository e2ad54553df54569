// The live stream (GET /api/events, decision 130) over real HTTP, on both databases: the app listens on
// a port of its own and the tests read its stream with fetch. The app is built from the test context's
// deps with a short heartbeat, so that the session checks the heartbeat makes come within the test.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEvent } from "@/shared/live";
import { buildApp } from "../app";
import { metricValue } from "../test/metrics";
import { openSse, type SseConnection } from "../test/sse";
import { createTestContext, createUser, type TestContext, type TestUser } from "../test/test-app";
import { waitFor } from "../test/wait";
import { endUserStreams, publishLiveEvent } from "./publish";

const HEARTBEAT_MS = 150;
const PER_USER = 3;

let ctx: TestContext;
let app: FastifyInstance;
let base: string;
let client: TestUser;
let other: TestUser;
const open: SseConnection[] = [];

async function connect(user: Pick<TestUser, "cookie"> | null, headers: Record<string, string> = {}, url = base) {
  const connection = await openSse(`${url}/api/events`, user?.cookie ?? null, headers);
  open.push(connection);
  return connection;
}

/** A connected stream, past its opening (the retry line and the ready event). */
async function connectReady(user: Pick<TestUser, "cookie">, url = base) {
  const stream = await connect(user, {}, url);
  expect(stream.status).toBe(200);
  expect(await stream.next()).toEqual({ kind: "retry", ms: 3000 });
  expect(await stream.nextEvent()).toEqual({ event: "ready", data: "{}" });
  return stream;
}

async function publish(userIds: number[], event: LiveEvent) {
  await ctx.database.db.transaction(async (tx) => publishLiveEvent(tx, userIds, event));
}

async function listen(instance: FastifyInstance): Promise<string> {
  await instance.listen({ port: 0, host: "127.0.0.1" });
  const address = instance.server.address();
  if (!address || typeof address === "string") throw new Error("the app is not listening on a port");
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { jobs: false });
  app = await buildApp(ctx.deps, {
    serveWeb: false,
    live: {
      heartbeatMs: HEARTBEAT_MS,
      limits: { perUser: PER_USER, perUnconfirmedUser: 1, perNetwork: 100, total: 100 },
    },
  });
  base = await listen(app);
  client = await createUser(ctx, "client");
  other = await createUser(ctx, "client", "other");
});
afterAll(async () => {
  for (const c of open) c.close();
  await app?.close();
  await ctx?.close();
});

describe("GET /api/events", () => {
  // First in the file, so that no other test's stream is still closing while it counts.
  it("counts its open streams and the events it writes, by type (the metrics, decision 161)", async () => {
    const streams = () => metricValue(ctx.deps.metrics, "automatch_live_streams_open");
    const sent = () => metricValue(ctx.deps.metrics, "automatch_live_events_sent_total", { type: "notification" });
    expect(await streams()).toBe(0);
    const stream = await connectReady(other);
    expect(await streams()).toBe(1);
    await publish([other.id], { type: "notification" });
    expect(await stream.nextEvent()).toEqual({ event: "notification", data: JSON.stringify({ type: "notification" }) });
    expect(await sent()).toBe(1);
    stream.close();
    await waitFor(async () => ((await streams()) === 0 ? true : undefined), 5000, "the closed stream is uncounted");
  });

  it("answers 401 with a message to an anonymous caller, and to a cookie of no session", async () => {
    for (const cookie of [null, "sid=not-a-session"]) {
      const res = await connect(cookie ? { cookie } : null);
      expect(res.status).toBe(401);
      expect(res.header("content-type")).toMatch(/^application\/json/);
      expect(JSON.parse(await res.text())).toEqual({ message: "Please sign in to continue." });
    }
  });

  it("streams Server-Sent Events: not stored, not compressed, not buffered by a proxy", async () => {
    const stream = await connect(client, { "accept-encoding": "br, gzip" });
    expect(stream.status).toBe(200);
    expect(stream.header("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.header("cache-control")).toBe("no-store");
    expect(stream.header("x-accel-buffering")).toBe("no");
    expect(stream.header("content-encoding")).toBeNull();
    // Helmet's headers are there as on every answer.
    expect(stream.header("x-content-type-options")).toBe("nosniff");
    expect(await stream.next()).toEqual({ kind: "retry", ms: 3000 });
    expect(await stream.next()).toEqual({ kind: "event", event: "ready", data: "{}" });
    // The heartbeat keeps it in use.
    expect(await stream.next()).toEqual({ kind: "comment", text: "heartbeat" });
    stream.close();
  });

  it("passes a committed event to its user's streams only, and nothing of a rolled-back transaction", async () => {
    const mine = await connectReady(client);
    const alsoMine = await connectReady(client);
    const theirs = await connectReady(other);

    await publish([other.id], { type: "notification" });
    await ctx.database.db
      .transaction(async (tx) => {
        await publishLiveEvent(tx, [client.id], { type: "quote", leadId: 1, quoteRequestId: 2 });
        throw new Error("rolled back on purpose");
      })
      .catch(() => undefined);
    const started = Date.now();
    await publish([client.id], { type: "message", leadId: 7 });

    // Notifications arrive in commit order: the client's first event is its own, the last one sent.
    for (const stream of [mine, alsoMine]) {
      expect(await stream.nextEvent()).toEqual({
        event: "message",
        data: JSON.stringify({ type: "message", leadId: 7 }),
      });
    }
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await theirs.nextEvent()).toEqual({ event: "notification", data: JSON.stringify({ type: "notification" }) });
    for (const s of [mine, alsoMine, theirs]) s.close();
  });

  it("drops what the process keeps of a user before the user's tab hears the news (decision 192)", async () => {
    const owner = await createUser(ctx, "client", "news");
    await ctx.database.db.execute(sql`
      insert into quote_requests (client_id, title, description, industry, automation_types, budget_range, timeline,
                                  requirements, match_due_at, is_complex)
      values (${owner.id}, 'Before the news', 'Written by the test.', 'finance', array['Save time'], '$15k-$30k',
              '1-3months', '{}'::jsonb, now(), false)`);
    // Written beside the app: heard a moment later, and a read under way meanwhile is not kept.
    await ctx.deps.sessions.sync(ctx.database.db);
    const dashboard = async () => {
      const res = await fetch(`${base}/api/quote-requests/me`, { headers: { cookie: owner.cookie } });
      return ((await res.json()) as { title: string }[]).map((r) => r.title);
    };
    expect(await dashboard()).toEqual(["Before the news"]);
    // A change the database does not announce on the auth channel: only the event's news drops the page.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update quote_requests set title = 'After the news' where client_id = ${owner.id}`);
    });
    expect(await dashboard()).toEqual(["Before the news"]);
    const stream = await connectReady(owner);
    await publish([owner.id], { type: "quote" });
    expect(await stream.nextEvent()).toEqual({ event: "quote", data: JSON.stringify({ type: "quote" }) });
    expect(await dashboard()).toEqual(["After the news"]);
    stream.close();
  });

  it("ends every stream of a user told session-ended (endUserStreams), after telling them", async () => {
    const first = await connectReady(client);
    const second = await connectReady(client);
    const theirs = await connectReady(other);
    await ctx.database.db.transaction(async (tx) => endUserStreams(tx, [client.id]));
    for (const stream of [first, second]) {
      expect(await stream.nextEvent()).toEqual({
        event: "session-ended",
        data: JSON.stringify({ type: "session-ended" }),
      });
      expect(await stream.nextEvent()).toBeNull();
    }
    // The other user's stream lives on: it still gets its events.
    await publish([other.id], { type: "lead", leadId: 3 });
    expect(await theirs.nextEvent()).toEqual({ event: "lead", data: JSON.stringify({ type: "lead", leadId: 3 }) });
    theirs.close();
  });

  it("ends the stream of a session signed out, at the next heartbeat", async () => {
    const user = await createUser(ctx, "provider", "leaving");
    const stream = await connectReady(user);
    const out = await ctx.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(204);
    expect(await stream.nextEvent()).toEqual({
      event: "session-ended",
      data: JSON.stringify({ type: "session-ended" }),
    });
    expect(await stream.nextEvent()).toBeNull();
    // And it cannot connect again with that cookie.
    expect((await connect(user)).status).toBe(401);
  });

  it("ends a user's streams at once on sign-out everywhere and on a password change, not at a heartbeat", async () => {
    // An app whose heartbeat is far beyond the wait: only the sign-out's own event can end the streams.
    const slow = await buildApp(ctx.deps, { serveWeb: false, live: { heartbeatMs: 10 * 60_000 } });
    try {
      const slowBase = await listen(slow);
      const user = await createUser(ctx, "client", "everywhere");
      const stream = await connectReady(user, slowBase);
      const out = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sessions/sign-out-everywhere",
        headers: { cookie: user.cookie },
      });
      expect(out.statusCode).toBe(204);
      expect(await stream.nextEvent(2000)).toEqual({
        event: "session-ended",
        data: JSON.stringify({ type: "session-ended" }),
      });
      expect(await stream.nextEvent(2000)).toBeNull();
    } finally {
      await slow.close();
    }
  });

  it("refuses a user's streams past the limit with 429 and a message, and takes them again once one closes", async () => {
    const user = await createUser(ctx, "admin", "tabby");
    const streams = [];
    for (let i = 0; i < PER_USER; i++) streams.push(await connectReady(user));
    const refused = await connect(user);
    expect(refused.status).toBe(429);
    expect(refused.header("retry-after")).toBe("30");
    expect(JSON.parse(await refused.text()).message).toMatch(/tabs or windows receiving live updates already/);
    // Someone else is not affected.
    (await connectReady(other)).close();
    // A closed tab frees its place.
    streams[0]?.close();
    await streams[0]?.ended;
    await expect.poll(async () => (await connect(user)).status, { timeout: 5000 }).toBe(200);
    for (const s of streams) s.close();
  });

  it("gives an unconfirmed account fewer streams, and says how to have more", async () => {
    const user = await createUser(ctx, "client", "unconfirmed-tabs", { verified: false });
    const first = await connectReady(user);
    const refused = await connect(user);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.text()).message).toBe(
      "You have 1 Automatch tabs or windows receiving live updates already. Confirm your email address to have more. " +
        "Close some of them; this one keeps refreshing itself meanwhile.",
    );
    first.close();
  });

  it("refuses one network's streams past its share, whatever the accounts, and not another's", async () => {
    const small = await buildApp(ctx.deps, {
      serveWeb: false,
      live: { heartbeatMs: HEARTBEAT_MS, limits: { perUser: 3, perUnconfirmedUser: 1, perNetwork: 4, total: 100 } },
    });
    try {
      const url = await listen(small);
      const accounts = await Promise.all([1, 2, 3].map((i) => createUser(ctx, "client", `network-${i}`)));
      const streams = [];
      for (const account of accounts.slice(0, 2)) {
        for (let i = 0; i < 2; i++) streams.push(await connectReady(account, url));
      }
      const refused = await connect(accounts[2] as TestUser, {}, url);
      expect(refused.status).toBe(429);
      expect(refused.header("retry-after")).toBe("30");
      expect(JSON.parse(await refused.text()).message).toMatch(/^Your network has 4 Automatch tabs or windows/);
      for (const s of streams) s.close();
      await Promise.all(streams.map((s) => s.ended));
      await expect
        .poll(async () => (await connect(accounts[2] as TestUser, {}, url)).status, { timeout: 5000 })
        .toBe(200);
    } finally {
      for (const c of open) c.close();
      await small.close();
    }
  });

  it("ends the stream of a session past its idle timeout, at the next heartbeat", async () => {
    const user = await createUser(ctx, "client", "idle");
    const stream = await connectReady(user);
    ctx.clock.advance(ctx.deps.sessionIdleMs + 1000);
    expect(await stream.nextEvent()).toEqual({
      event: "session-ended",
      data: JSON.stringify({ type: "session-ended" }),
    });
    expect(await stream.nextEvent()).toBeNull();
  });
});

describe("shutdown", () => {
  it("ends the open streams, and app.close() resolves", async () => {
    const closing = await buildApp(ctx.deps, { serveWeb: false, live: { heartbeatMs: 60_000 } });
    const url = await listen(closing);
    // Users of their own: the idle test moved the clock past the others' sessions.
    const a = await connectReady(await createUser(ctx, "client", "staying"), url);
    const b = await connectReady(await createUser(ctx, "provider", "staying"), url);
    await closing.close();
    await a.ended;
    await b.ended;
    expect(await a.nextEvent()).toBeNull();
  });
});
