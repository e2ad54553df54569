// The health checks on the run's database (decision 107); what they say when the database cannot
// serve is in src/server/db/database-unavailable.test.ts.
import { count, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../db/schema/rate-limits";
import { sharedTestContext } from "../../test/shared-context";

const ctx = sharedTestContext({}, { jobs: false });

describe("health checks", () => {
  it("say live, ready to take writes, and up, and leave no row behind", async () => {
    const live = await ctx.app.inject({ method: "GET", url: "/healthz/live" });
    expect([live.statusCode, live.json()]).toEqual([200, { status: "ok" }]);
    const ready = await ctx.app.inject({ method: "GET", url: "/healthz/ready" });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: "ok", database: "writable" }]);
    const healthz = await ctx.app.inject({ method: "GET", url: "/healthz" });
    expect([healthz.statusCode, healthz.json()]).toEqual([200, { status: "ok", database: "up" }]);
    const left = await ctx.database.db.select({ n: count() }).from(rateLimits).where(like(rateLimits.key, "healthz:%"));
    expect(left).toEqual([{ n: 0 }]);
  });
});
