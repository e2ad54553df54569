// The process's cache of sessions (decision 180): a signed-in read costs no query, and every change to a
// session or an account, made through this app or beside it (another process, an operator's SQL), is
// heard and ends what was cached. "Beside it" is a write through the database directly; `sync` is what a
// write's answer waits for, the moment after which this process has heard everything committed before.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema/sessions";
import { users } from "../../db/schema/users";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { sessionIdFromToken } from "./service";
import { CACHED_FOR_MS } from "./session-cache";

const ctx = sharedTestContext({}, { jobs: false });

const me = (user: Pick<TestUser, "cookie">) => as(ctx, user, { method: "GET", url: "/api/auth/user" });
const sessionIdOf = (user: Pick<TestUser, "cookie">) => sessionIdFromToken(user.cookie.replace(/^sid=/, ""));
const heard = () => ctx.deps.sessions.sync(ctx.database.db);

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
