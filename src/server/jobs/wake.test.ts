// Workers wake when a job is committed, not at their next poll (decision 124): the workers here poll
// every ten minutes, longer than any test may take, so only the wake-up can hand them their jobs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchJobsFor } from "../test/jobs";
import { createTestContext, type TestContext } from "../test/test-app";
import { JOB_NAMES } from "./queue";

let ctx: TestContext;
const seen: number[] = [];
const TEN_MINUTES = 600;

beforeAll(async () => {
  ctx = await createTestContext({}, { jobs: true });
  await ctx.jobs.work(
    JOB_NAMES.matchQuoteRequest,
    async ({ quoteRequestId }) => {
      seen.push(quoteRequestId);
    },
    { concurrency: 2, pollingIntervalSeconds: TEN_MINUTES },
  );
});
afterAll(async () => {
  await ctx.close();
});

const stateOf = async (marker: number) => (await matchJobsFor(ctx.database.db, marker))[0]?.state;

describe("waking the workers", () => {
  it("a job committed in a transaction reaches a worker that sleeps until its next poll", async () => {
    // The first job finds the workers awake; once it is completed they have looked again, found
    // nothing, and sleep for ten minutes.
    await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: 910_001 });
    await expect.poll(() => stateOf(910_001), { timeout: 20_000 }).toBe("completed");

    await ctx.database.db.transaction(async (tx) => {
      await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: 910_002 }, { tx });
    });
    await expect.poll(() => seen.includes(910_002), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => stateOf(910_002), { timeout: 20_000 }).toBe("completed");
  });

  it("a burst committed at once is worked through, each worker taking the next job as it finishes one", async () => {
    // One transaction: one notification for twenty jobs, which wakes each of the two workers once.
    const markers = Array.from({ length: 20 }, (_, i) => 920_000 + i);
    await ctx.database.db.transaction(async (tx) => {
      for (const quoteRequestId of markers) {
        await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId }, { tx });
      }
    });
    await expect.poll(() => markers.every((m) => seen.includes(m)), { timeout: 20_000 }).toBe(true);
    // Each job once.
    expect(seen.filter((m) => markers.includes(m)).sort()).toEqual(markers);
  });
});
