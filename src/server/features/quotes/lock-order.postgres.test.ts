// The order in which writers lock a lead and its company's figures (decision 165). `npm run load` caught
// a hire deadlocking with the winning provider's first reply: the reply held its lead and waited for the
// company's figures, the hire held the figures and waited for the lead. Every writer now takes the lead
// first. Here a transaction of its own holds the lead as the reply does while the client accepts, then
// refreshes the figures: in the old order PostgreSQL found a deadlock and one of the two failed.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider, createTopProvider } from "../../test/fixtures";
import { leadOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { as, createTestContext, createUser, type TestContext } from "../../test/test-app";

let ctx: TestContext;
let other: pg.Client;

beforeAll(async () => {
  ctx = await createTestContext({}, { postgres: true });
  if (ctx.config.database.kind !== "postgres") throw new Error("a PostgreSQL test");
  other = new pg.Client({ connectionString: ctx.config.database.url });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await ctx?.close();
});

/** Waits until some session of the test's database waits for a lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await other.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("nobody waited for a lock");
}

describe("lock order of a hire", () => {
  it("a hire and the winner's first reply at the same moment both commit", async () => {
    const client = await createUser(ctx, "client");
    const winner = await createTopProvider(ctx);
    await createProvider(ctx);
    const requestId = await matchedRequest(ctx, client);
    const quoteId = await quoteOn(ctx, winner, requestId);
    const leadId = await leadOf(ctx, winner, requestId);

    // The reply's transaction: its lead first (the read marker), its company's figures next.
    await other.query("begin");
    await other.query("update leads set provider_read_up_to = provider_read_up_to where id = $1", [leadId]);
    const accepting = as(ctx, client, { method: "POST", url: `/api/quotes/${quoteId}/accept` });
    await someoneWaitsForALock();
    await other.query("select refresh_provider_stats($1::integer)", [winner.companyId]);
    await other.query("commit");

    const res = await accepting;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("accepted");
  });
});
