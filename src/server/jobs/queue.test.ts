import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchJobsFor, pgbossJob } from "../test/jobs";
import { createTestContext, type TestContext } from "../test/test-app";
import { JOB_NAMES } from "./queue";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { jobs: true });
});
afterAll(async () => {
  await ctx.close();
});

const jobsWithMarker = (marker: number) => matchJobsFor(ctx.database.db, marker);

const waitingJobs = async (name: string) =>
  (
    await ctx.database.db
      .select({ id: pgbossJob.id })
      .from(pgbossJob)
      .where(and(eq(pgbossJob.name, name), eq(pgbossJob.state, "created")))
  ).length;

/** What pg-boss's fetch does first: lock the waiting jobs it can, skipping those locked by others. */
const fetchWaiting = (name: string) =>
  ctx.database.db
    .select({ id: pgbossJob.id })
    .from(pgbossJob)
    .where(and(eq(pgbossJob.name, name), eq(pgbossJob.state, "created")))
    .for("update", { skipLocked: true });

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

  it("leaves no waiting job of a stately queue when the transaction that asked rolls back", async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        expect(await ctx.jobs.send(JOB_NAMES.sendEmails, { reason: "rolled back" }, { tx })).not.toBeNull();
        throw new Error("rolled back after the send");
      }),
    ).rejects.toThrow("rolled back after the send");
    expect(await waitingJobs(JOB_NAMES.sendEmails)).toBe(0);
  });

  it("keeps one waiting job of a stately queue however often it is asked, in transactions or not", async () => {
    await ctx.database.db.transaction(async (tx) => {
      expect(await ctx.jobs.send(JOB_NAMES.sendEmails, { reason: "first" }, { tx })).not.toBeNull();
      expect(await ctx.jobs.send(JOB_NAMES.sendEmails, { reason: "again" }, { tx })).toBeNull();
    });
    expect(await ctx.jobs.send(JOB_NAMES.sendEmails, { reason: "outside" })).toBeNull();
    await ctx.database.db.transaction(async (tx) => {
      expect(await ctx.jobs.send(JOB_NAMES.sendEmails, { reason: "later" }, { tx })).toBeNull();
    });
    expect(await waitingJobs(JOB_NAMES.sendEmails)).toBe(1);
  });

  it("holds the waiting job of a stately queue until the transaction that asked ends, so it runs after the commit", async () => {
    expect(await waitingJobs(JOB_NAMES.sendEmails)).toBe(1);
    let pgliteFetch: ReturnType<typeof fetchWaiting> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      expect(await ctx.jobs.send(JOB_NAMES.sendEmails, { reason: "held" }, { tx })).toBeNull();
      // A worker's fetch from another connection, meanwhile: it skips the held job on PostgreSQL.
      // PGlite runs one transaction at a time, so there the fetch waits for the commit.
      if (ctx.database.kind === "postgres") expect(await fetchWaiting(JOB_NAMES.sendEmails)).toEqual([]);
      else pgliteFetch = fetchWaiting(JOB_NAMES.sendEmails);
    });
    expect(await (pgliteFetch ?? fetchWaiting(JOB_NAMES.sendEmails))).toHaveLength(1);
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
