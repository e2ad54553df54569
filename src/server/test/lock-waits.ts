// PostgreSQL lock-order tests (decisions 165 and 173): a test context on PostgreSQL, a connection of
// the test's own beside the app's pool, and a wait until some session of the database waits for a lock.
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createTestContext, type TestContext } from "./test-app";

/** The test's own connection: its queries run outside the app's pool, in a transaction of their own. */
export type OtherConnection = Pick<pg.Client, "query">;

export type LockTest = {
  /** Filled in before the file's tests, as sharedTestContext's. */
  ctx: TestContext;
  other: OtherConnection;
  someoneWaitsForALock: () => Promise<void>;
};

/** Made before the file's tests and closed after them; `env` as createTestContext takes it. */
export function lockTestContext(env: Record<string, string> = {}): LockTest {
  const ctx = {} as TestContext;
  let client: pg.Client | undefined;
  const connection = () => {
    if (!client) throw new Error("the lock test's connection is not open yet");
    return client;
  };
  const other = {
    query: ((...args: Parameters<pg.Client["query"]>) => connection().query(...args)) as pg.Client["query"],
  };
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(env, { postgres: true }));
    if (ctx.config.database.kind !== "postgres") throw new Error("a PostgreSQL test");
    client = new pg.Client({ connectionString: ctx.config.database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await ctx.close?.();
  });
  const someoneWaitsForALock = async () => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await other.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if ((rows[0]?.n ?? 0) > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("nobody waited for a lock");
  };
  return { ctx, other, someoneWaitsForALock };
}
