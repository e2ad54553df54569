// Two changes of one provider's figures at once (issue 17), on a real PostgreSQL server whatever the run's
// database: there transactions overlap, while PGlite runs one at a time. The second recount waits for the
// first's lock on the company row and must then count the first's committed change too, rather than
// write figures from before it (a lost update the public rating would keep until the next change).
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { companies } from "../../db/schema/companies";
import { reviews } from "../../db/schema/reviews";
import { createProvider } from "../../test/fixtures";
import { waitingForLocks } from "../../test/locks";
import { createReviewedHire } from "../../test/reviewed-hires";
import { sharedTestContext } from "../../test/shared-context";
import { createUser } from "../../test/test-app";

const ctx = sharedTestContext({}, { postgres: true });

it("two reviews shown at once are both counted in the provider's figures", async () => {
  const provider = await createProvider(ctx);
  const client = await createUser(ctx, "client", "statsrace");
  // Two hires, each reviewed and hidden: the race shows them again, one per transaction.
  await createReviewedHire(ctx, { client, companyId: provider.companyId, rating: 5, hidden: true });
  await createReviewedHire(ctx, { client, companyId: provider.companyId, rating: 3, hidden: true });
  const ids = (
    await ctx.database.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.companyId, provider.companyId))
  ).map((r) => r.id);
  expect(ids).toHaveLength(2);
  const pool = ctx.database.pool;
  if (!pool) throw new Error("this test runs on PostgreSQL");
  const first = await pool.connect();
  const second = await pool.connect();
  try {
    await first.query("begin");
    await first.query("update reviews set hidden_at = null where id = $1", [ids[0]]);
    await first.query("select refresh_provider_stats($1)", [provider.companyId]);
    await second.query("begin");
    await second.query("update reviews set hidden_at = null where id = $1", [ids[1]]);
    // The second recount stands at the company row, which the first holds until its commit.
    const recounting = second.query("select refresh_provider_stats($1)", [provider.companyId]);
    await expect.poll(() => waitingForLocks(ctx), { timeout: 20_000 }).toBe(1);
    await first.query("commit");
    await recounting;
    await second.query("commit");
  } finally {
    first.release();
    second.release();
  }
  const [figures] = await ctx.database.db
    .select({ count: companies.reviewCount, sum: companies.ratingSum, avg: companies.ratingAvg })
    .from(companies)
    .where(eq(companies.id, provider.companyId));
  expect(figures).toEqual({ count: 2, sum: 8, avg: 4 });
});
