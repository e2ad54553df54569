// The kept bounds of decision 195 under transactions that overlap, on a real PostgreSQL server (PGlite
// runs one at a time): a company's first lead marked while its profile changes keeps the new profile, and
// two transactions marking the same companies' first leads in opposite orders both commit.
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createProvider, type TestProvider } from "../../test/fixtures";
import { waitingForLocks } from "../../test/locks";
import { submitRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { createUser } from "../../test/test-app";

const ctx = sharedTestContext({}, { postgres: true });
const providers: TestProvider[] = [];
const requests: number[] = [];

beforeAll(async () => {
  const client = await createUser(ctx, "client");
  for (let i = 0; i < 3; i++) providers.push(await createProvider(ctx, { size: "small" }));
  for (let i = 0; i < 2; i++) requests.push(await submitRequest(ctx, client));
});

/** Two connections of their own, each in a transaction, rolled back if the test left them open. */
async function twoTransactions(body: (a: pg.PoolClient, b: pg.PoolClient) => Promise<void>) {
  const pool = ctx.database.pool;
  if (!pool) throw new Error("this test runs on PostgreSQL");
  const [a, b] = [await pool.connect(), await pool.connect()];
  try {
    await a.query("begin");
    await b.query("begin");
    await body(a, b);
  } finally {
    await a.query("rollback").catch(() => undefined);
    await b.query("rollback").catch(() => undefined);
    a.release();
    b.release();
  }
}

const insertLeads = (c: pg.PoolClient, requestId: number, companyIds: number[]) =>
  c.query(
    `insert into leads (quote_request_id, company_id, match_score, score_parts)
     select $1, id, 60, '[]'::jsonb from unnest($2::int[]) with ordinality as t(id, n) order by n`,
    [requestId, companyIds],
  );

async function boundOf(companyId: number) {
  const result = await ctx.database.pool?.query(
    "select has_history, size::text, specialty_mask from match_bounds where company_id = $1",
    [companyId],
  );
  return result?.rows[0];
}

describe("the kept bounds, written at once by several", () => {
  it("keep a company's new size and specialties when its first lead is marked meanwhile", async () => {
    const [provider] = providers as [TestProvider];
    await twoTransactions(async (profile, match) => {
      await profile.query("update companies set size = 'enterprise', specialties = '{IoT Integration}' where id = $1", [
        provider.companyId,
      ]);
      // The match reads the company as it was, and marks it; the profile's commit counts again after it.
      await insertLeads(match, requests[0] as number, [provider.companyId]);
      const committed = profile.query("commit");
      await expect.poll(() => waitingForLocks(ctx), { timeout: 20_000 }).toBe(1);
      await match.query("commit");
      await committed;
    });
    expect(await boundOf(provider.companyId)).toEqual({
      has_history: true,
      size: "enterprise",
      specialty_mask: 1 << 8,
    });
  });

  it("mark the same first leads in opposite orders without a deadlock", async () => {
    const ids = providers.slice(1).map((p) => p.companyId);
    await twoTransactions(async (first, second) => {
      await insertLeads(first, requests[0] as number, [...ids].reverse());
      const marking = insertLeads(second, requests[1] as number, ids);
      await expect.poll(() => waitingForLocks(ctx), { timeout: 20_000 }).toBe(1);
      await first.query("commit");
      await marking;
      await second.query("commit");
    });
    for (const id of ids) expect(await boundOf(id)).toMatchObject({ has_history: true });
  });
});
