// Two registrations of one company name at once (decision 137), on a real PostgreSQL server whatever the
// run's database: there transactions overlap, while PGlite runs one at a time. Both find the name's slug
// free; the second to commit hits the unique slug and is retried, never answered with a 500.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { companies } from "../../db/schema/companies";
import { waitingForLocks } from "../../test/locks";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser } from "../../test/test-app";

const ctx = sharedTestContext({}, { postgres: true, jobs: false });

it("a registration racing another of the same name gets the slug with its id", async () => {
  const first = await createUser(ctx, "client", "racerone");
  const second = await createUser(ctx, "client", "racertwo");
  const pool = ctx.database.pool;
  if (!pool) throw new Error("this test runs on PostgreSQL");
  const blocker = await pool.connect();
  try {
    // The first registration, not committed yet: its slug is "race-robotics".
    await blocker.query("begin");
    await blocker.query(
      `insert into companies (user_id, name, description, industry, location, size)
       values ($1, 'Race Robotics', 'We automate back-office work.', 'automation', 'Austin, TX', 'small')`,
      [first.id],
    );
    const registering = as(ctx, second, {
      method: "POST",
      url: "/api/companies",
      payload: {
        name: "Race Robotics",
        description: "We automate back-office processes with RPA and integrations, end to end, for mid-size firms.",
        industry: "automation",
        location: "Austin, TX",
        country: "US",
        size: "small",
        specialties: ["RPA"],
      },
    });
    // The second stands at the unique slug, waiting for the first to commit or roll back.
    await expect.poll(() => waitingForLocks(ctx), { timeout: 20_000 }).toBe(1);
    await blocker.query("commit");
    const res = await registering;
    expect(res.statusCode, res.body).toBe(201);
    const id: number = res.json().id;
    const rows = await ctx.database.db
      .select({ id: companies.id, slug: companies.slug, userId: companies.userId })
      .from(companies)
      .where(eq(companies.name, "Race Robotics"));
    expect(rows.find((r) => r.userId === first.id)?.slug).toBe("race-robotics");
    expect(rows.find((r) => r.userId === second.id)).toEqual({ id, slug: `race-robotics-${id}`, userId: second.id });
  } finally {
    blocker.release();
  }
});
