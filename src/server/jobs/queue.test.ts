import { and, eq, sql } from "drizzle-orm";
import { jsonb, pgSchema, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { JOB_NAMES } from "./queue";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { jobs: true });
});
afterAll(async () => {
  await ctx.close();
});

const pgbossJob = pgSchema("pgboss").table("job", { id: text(), name: text(), state: text(), data: jsonb() });
const jobsWithMarker = (marker: number) =>
  ctx.database.db
    .select({ state: pgbossJob.state })
    .from(pgbossJob)
    .where(
      and(
        eq(pgbossJob.name, JOB_NAMES.matchQuoteRequest),
        sql`(${pgbossJob.data}->>'quoteRequestId')::int = ${marker}`,
      ),
    );

describe("job queue on this database driver", () => {
  it("writes a job sent inside a transaction when the transaction commits", async () => {
    await ctx.database.db.transaction(async (tx) => {
      await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: 900_001 }, { tx });
    });
    expect(await jobsWithMarker(900_001)).toEqual([{ state: "created" }]);
  });

  it("leaves no job behind when the transaction rolls back", async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: 900_002 }, { tx });
        throw new Error("rolled back after the send");
      }),
    ).rejects.toThrow("rolled back after the send");
    expect(await jobsWithMarker(900_002)).toEqual([]);
  });

  it("hands a job to a worker and completes it", async () => {
    const seen: number[] = [];
    await ctx.jobs.work(
      JOB_NAMES.matchQuoteRequest,
      async (data) => {
        seen.push(data.quoteRequestId);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: 900_003 });
    await expect.poll(() => seen.includes(900_003), { timeout: 10_000, interval: 100 }).toBe(true);
    await expect.poll(async () => (await jobsWithMarker(900_003))[0]?.state, { timeout: 10_000 }).toBe("completed");
  });
});
