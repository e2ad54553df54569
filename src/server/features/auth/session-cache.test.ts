// The process's cache of sessions (decision 180): a signed-in read costs no query, and every change to a
// session or an account, made through this app or beside it (another process, an operator's SQL), is
// heard and ends what was cached. "Beside it" is a write through the database directly; `sync` is what a
// write's answer waits for, the moment after which this process has heard everything committed before.
// The same hearing keeps a user's first pages (decision 192) and the admin's Overview figures (decision 194).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminStats } from "@/shared/admin";
import type { Db } from "../../db/client";
import { alerts } from "../../db/schema/alerts";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { sessions } from "../../db/schema/sessions";
import { subscriptions } from "../../db/schema/subscriptions";
import { users } from "../../db/schema/users";
import { createProvider, type TestProvider } from "../../test/fixtures";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser, uniqueEmail } from "../../test/test-app";
import { sessionIdFromToken } from "./service";
import { CACHED_FOR_MS } from "./session-cache";

const ctx = sharedTestContext({}, { jobs: false });

const me = (user: Pick<TestUser, "cookie">) => as(ctx, user, { method: "GET", url: "/api/auth/user" });
const sessionIdOf = (user: Pick<TestUser, "cookie">) => sessionIdFromToken(user.cookie.replace(/^sid=/, ""));
const heard = () => ctx.deps.sessions.sync(ctx.database.db);
/** The titles and the contact's first name of the client's requests, as its dashboard reads them. */
async function dashboard(user: Pick<TestUser, "cookie">, query = "") {
  const res = await as(ctx, user, { method: "GET", url: `/api/quote-requests/me${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { title: string; client: { firstName: string } }[]).map(
    (r) => `${r.title} (${r.client.firstName})`,
  );
}
/** A request of the client's, written to its table: this file's app runs no jobs, so none is submitted. */
async function requestOf(client: TestUser, title: string): Promise<number> {
  const [row] = await ctx.database.db
    .insert(quoteRequests)
    .values({
      clientId: client.id,
      title,
      description: "Written by the test.",
      industry: "finance",
      automationTypes: ["Save time"],
      budgetRange: "$15k-$30k",
      timeline: "1-3months",
      requirements: {} as never,
      matchDueAt: ctx.clock.now(),
      isComplex: false,
    })
    .returning({ id: quoteRequests.id });
  if (!row) throw new Error("no request written");
  return row.id;
}
/** A client with one request, its first page read once after the write was heard, so that it is kept. */
async function clientWithKeptPage(name: string, title: string): Promise<{ client: TestUser; id: number }> {
  const client = await createUser(ctx, "client", name);
  const id = await requestOf(client, title);
  // Written beside the app: heard a moment later, and a read under way meanwhile is not kept.
  await heard();
  const firstName = name.charAt(0).toUpperCase() + name.slice(1);
  expect(await dashboard(client)).toEqual([`${title} (${firstName})`]);
  return { client, id };
}
const retitle = (tx: Db, id: number, title: string) =>
  tx.update(quoteRequests).set({ title }).where(eq(quoteRequests.id, id));

/** A write the database does not announce: what the cache cannot know of, as with the triggers disabled. */
function unannounced(write: (tx: Db) => Promise<unknown>) {
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

/** The user, signed in, with the session read once so that this process holds it. */
async function cachedUser(): Promise<TestUser> {
  const user = await createUser(ctx, "client");
  expect((await me(user)).statusCode).toBe(200);
  return user;
}

describe("the cache of sessions", () => {
  it("answers a signed-in read without the database, for at most CACHED_FOR_MS", async () => {
    const user = await cachedUser();
    await unannounced((tx) => tx.delete(sessions).where(eq(sessions.id, sessionIdOf(user))));
    expect((await me(user)).statusCode).toBe(200);
    ctx.clock.advance(CACHED_FOR_MS - 1000);
    expect((await me(user)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await me(user)).statusCode).toBe(401);
  });

  it("hears a session ended beside the app", async () => {
    const user = await cachedUser();
    await ctx.database.db.delete(sessions).where(eq(sessions.id, sessionIdOf(user)));
    await heard();
    expect((await me(user)).statusCode).toBe(401);
  });

  it("hears an account suspended, renamed or deleted beside the app", async () => {
    const renamed = await cachedUser();
    await ctx.database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, renamed.id));
    const suspended = await cachedUser();
    await ctx.database.db.update(users).set({ suspendedAt: ctx.clock.now() }).where(eq(users.id, suspended.id));
    const deleted = await cachedUser();
    await ctx.database.db.delete(users).where(eq(users.id, deleted.id));
    await heard();
    const res = await me(renamed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Renamed" });
    expect((await me(suspended)).statusCode).toBe(401);
    expect((await me(deleted)).statusCode).toBe(401);
  });

  it("refuses at once a session its own process ended: the sign-out's answer waits to hear it", async () => {
    const user = await cachedUser();
    const other = await cachedUser();
    expect((await as(ctx, user, { method: "POST", url: "/api/auth/sign-out" })).statusCode).toBe(204);
    expect((await me(user)).statusCode).toBe(401);
    // Another account's session stays cached: only what changed is forgotten.
    await unannounced((tx) => tx.delete(sessions).where(eq(sessions.id, sessionIdOf(other))));
    expect((await me(other)).statusCode).toBe(200);
  });

  it("keeps a session's last use moving from the cache too, without a change the cache must hear", async () => {
    const user = await cachedUser();
    const lastUse = async () =>
      (
        await ctx.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sessionIdOf(user)))
      )[0]?.lastSeenAt.getTime();
    const signedInAt = await lastUse();
    // Read again (past CACHED_FOR_MS) but not yet written (a minute): the cached last use is the sign-in.
    ctx.clock.advance(59_000);
    expect((await me(user)).statusCode).toBe(200);
    expect(await lastUse()).toBe(signedInAt);
    // A read from the cache a minute after the last use writes it, and the session stays cached.
    ctx.clock.advance(2000);
    expect((await me(user)).statusCode).toBe(200);
    expect((await lastUse()) ?? 0).toBeGreaterThanOrEqual((signedInAt ?? 0) + 61_000);
    await unannounced((tx) => tx.delete(sessions).where(eq(sessions.id, sessionIdOf(user))));
    expect((await me(user)).statusCode).toBe(200);
  });
});

describe("a client's first page of requests, kept while the process hears the client's changes (decision 192)", () => {
  it("is answered without the database until a change to one of the client's requests is heard", async () => {
    const { client, id } = await clientWithKeptPage("kept", "First title");
    await unannounced((tx) => retitle(tx, id, "Unheard title"));
    expect(await dashboard(client)).toEqual(["First title (Kept)"]);
    // Only the dashboard's read is kept: a filtered page or a later one reads the database.
    expect(await dashboard(client, "?status=open")).toEqual(["Unheard title (Kept)"]);
    await retitle(ctx.database.db, id, "Heard title");
    await heard();
    expect(await dashboard(client)).toEqual(["Heard title (Kept)"]);
  });

  it("keeps a read unless its own user was heard of while it was read", async () => {
    const reads = ctx.deps.sessions;
    const at = ctx.clock.now();
    // Ids no account has: nothing else this process hears is about them.
    const [one, other] = [2_000_000_001, 2_000_000_002];
    let release = () => {};
    const held = () => new Promise<string>((resolve) => (release = () => resolve("read first")));
    const again = async () => "read again";
    const whileOneIsRead = reads.userRead(one, "k", at, held);
    reads.forgetUsers([other]);
    release();
    expect(await whileOneIsRead).toBe("read first");
    expect(await reads.userRead(one, "k", at, again)).toBe("read first");
    const whileOtherIsRead = reads.userRead(other, "k", at, held);
    reads.forgetUsers([other]);
    release();
    expect(await whileOtherIsRead).toBe("read first");
    expect(await reads.userRead(other, "k", at, again)).toBe("read again");
  });

  it("keeps a page for at most CACHED_FOR_MS, and drops a user's when the live hub has news for them", async () => {
    const { client, id } = await clientWithKeptPage("timed", "Before");
    await unannounced((tx) => retitle(tx, id, "After a while"));
    ctx.clock.advance(CACHED_FOR_MS - 1000);
    expect(await dashboard(client)).toEqual(["Before (Timed)"]);
    ctx.clock.advance(1000);
    expect(await dashboard(client)).toEqual(["After a while (Timed)"]);
    await unannounced((tx) => retitle(tx, id, "On the news"));
    ctx.deps.sessions.forgetUsers([client.id]);
    expect(await dashboard(client)).toEqual(["On the news (Timed)"]);
  });
});

describe("a provider's first page of leads, kept while the process hears every change to it (decision 192)", () => {
  /** The provider's leads page: each lead's title and status, or the refusal's status and message. */
  async function leadsPage(provider: Pick<TestUser, "cookie">) {
    const res = await as(ctx, provider, { method: "GET", url: "/api/leads/me" });
    if (res.statusCode !== 200) return `${res.statusCode}: ${res.json().message}`;
    return (res.json() as { title: string; status: string }[]).map((l) => `${l.title}, ${l.status}`);
  }
  /** A provider with one new lead on a request titled `title`: its id and the request's. */
  async function providerWithLead(title: string): Promise<{ provider: TestProvider; lead: number; request: number }> {
    const provider = await createProvider(ctx);
    const request = await requestOf(await createUser(ctx, "client"), title);
    const [row] = await ctx.database.db
      .insert(leads)
      .values({ quoteRequestId: request, companyId: provider.companyId, matchScore: 70, scoreParts: [], status: "new" })
      .returning({ id: leads.id });
    if (!row) throw new Error("no lead written");
    await heard();
    expect(await leadsPage(provider)).toEqual([`${title}, new`]);
    return { provider, lead: row.id, request };
  }

  it("is answered without the database until a change to one of its leads or their requests is heard", async () => {
    const { provider, lead, request } = await providerWithLead("Lead title");
    await unannounced((tx) => tx.update(leads).set({ status: "viewed" }).where(eq(leads.id, lead)));
    expect(await leadsPage(provider)).toEqual(["Lead title, new"]);
    await ctx.database.db.update(leads).set({ status: "quoted" }).where(eq(leads.id, lead));
    await heard();
    expect(await leadsPage(provider)).toEqual(["Lead title, quoted"]);
    await retitle(ctx.database.db, request, "Renamed request");
    await heard();
    expect(await leadsPage(provider)).toEqual(["Renamed request, quoted"]);
    // A new lead of the company's, and one taken away.
    const [second] = await ctx.database.db
      .insert(leads)
      .values({
        quoteRequestId: await requestOf(await createUser(ctx, "client"), "Second request"),
        companyId: provider.companyId,
        matchScore: 60,
        scoreParts: [],
        status: "new",
      })
      .returning({ id: leads.id });
    await heard();
    expect(await leadsPage(provider)).toEqual(["Second request, new", "Renamed request, quoted"]);
    await ctx.database.db.delete(leads).where(eq(leads.id, second?.id ?? 0));
    await heard();
    expect(await leadsPage(provider)).toEqual(["Renamed request, quoted"]);
  });

  it("refuses the page at once when the subscription lapses or the company is suspended from leads", async () => {
    const lapsed = await providerWithLead("Lapsing");
    await ctx.database.db
      .update(subscriptions)
      .set({ status: "past_due" })
      .where(eq(subscriptions.userId, lapsed.provider.id));
    const rejected = await providerWithLead("Rejected");
    await ctx.database.db
      .update(companies)
      .set({ status: "rejected", rejectionReason: "Not a real company" })
      .where(eq(companies.id, rejected.provider.companyId));
    await heard();
    expect(await leadsPage(lapsed.provider)).toBe(
      "403: Your last subscription payment failed. Leads resume once the payment goes through.",
    );
    expect(await leadsPage(rejected.provider)).toMatch(
      /^403: Your company profile was not approved: Not a real company/,
    );
  });
});

describe("the admin's Overview figures, kept while the process hears every change they count (decision 194)", () => {
  const overview = async (admin: Pick<TestUser, "cookie">) => {
    const res = await as(ctx, admin, { method: "GET", url: "/api/admin/stats" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminStats;
  };
  /** Adds `n` clients to the kept count, in a shard no connection writes (pid % 8 is below 8). */
  const countClients = (tx: Db, n: number) =>
    tx.execute(sql`insert into admin_counts (name, shard, n) values ('users:client', 99, ${n})
      on conflict (name, shard) do update set n = admin_counts.n + excluded.n`);

  it("are answered without the database until a change is heard, for at most CACHED_FOR_MS", async () => {
    const admin = await createUser(ctx, "admin", "overseer");
    const before = await overview(admin);
    try {
      await unannounced((tx) => countClients(tx, 5));
      expect((await overview(admin)).totalClients).toBe(before.totalClients);
      ctx.clock.advance(CACHED_FOR_MS);
      expect((await overview(admin)).totalClients).toBe(before.totalClients + 5);
    } finally {
      await unannounced((tx) => tx.execute(sql`delete from admin_counts where shard = 99`));
    }
    await countClients(ctx.database.db, 0);
    await heard();
    expect((await overview(admin)).totalClients).toBe(before.totalClients);
  });

  it("hear a new account, a request's status, an alert, a subscription and a company's change beside the app", async () => {
    const admin = await createUser(ctx, "admin", "overseer");
    const provider = await createProvider(ctx);
    const client = await createUser(ctx, "client");
    const request = await requestOf(client, "Counted request");
    await heard();
    const changes: [string, (tx: Db) => Promise<unknown>, (s: AdminStats) => number, number][] = [
      [
        "a client",
        (tx) =>
          tx.insert(users).values({ email: uniqueEmail("counted"), passwordHash: "-", firstName: "C", lastName: "T" }),
        (s) => s.totalClients,
        1,
      ],
      [
        "a request cancelled",
        (tx) => tx.update(quoteRequests).set({ status: "cancelled" }).where(eq(quoteRequests.id, request)),
        (s) => s.requestsByStatus.cancelled,
        1,
      ],
      [
        "an alert raised",
        (tx) =>
          tx.insert(alerts).values({
            type: "test",
            severity: "low",
            title: "Counted",
            description: "Raised beside the app.",
            cause: `counted-${request}`,
          }),
        (s) => s.unresolvedAlerts,
        1,
      ],
      [
        "a subscription lapsed",
        (tx) => tx.update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.userId, provider.id)),
        (s) => s.revenue.activeSubscriptions,
        -1,
      ],
      [
        "a company's verified name changed",
        (tx) => tx.update(companies).set({ verifiedName: "Someone else" }).where(eq(companies.id, provider.companyId)),
        (s) => s.pendingProviders,
        1,
      ],
    ];
    for (const [what, write, figure, by] of changes) {
      const kept = figure(await overview(admin));
      await write(ctx.database.db);
      await heard();
      expect(figure(await overview(admin)), what).toBe(kept + by);
    }
  });
});
