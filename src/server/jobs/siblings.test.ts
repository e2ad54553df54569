// A queue's first worker polls; its other workers look only when woken (decision 168). Jobs that come
// due by time (a delay, a retry) are announced by no commit: the first worker's find must wake the
// others, and while it runs a job an idle worker looks in its place. Each describe has a product of its
// own: one's workers would take the other's jobs.
import { describe, expect, it } from "vitest";
import { expectMatchJobsCompleted, workUntilTogether } from "../test/jobs";
import { sharedTestContext } from "../test/shared-context";
import { JOB_NAMES } from "./queue";

describe("a queue's workers", () => {
  const ctx = sharedTestContext({}, { jobs: true });

  it("work delayed jobs that come due together side by side, though only the first polls often", async () => {
    const markers = [930_001, 930_002, 930_003];
    const mostAtOnce = await workUntilTogether(ctx.jobs, markers);
    // Sent with a delay: no notification wakes anyone when they come due.
    for (const quoteRequestId of markers) {
      await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId }, { startAfterSeconds: 1 });
    }
    await expect.poll(mostAtOnce, { timeout: 8_000, interval: 50 }).toBe(markers.length);
    await expectMatchJobsCompleted(ctx.database.db, markers);
  });
});

describe("a queue's workers while the polling one runs a job", () => {
  const ctx = sharedTestContext({}, { jobs: true });

  it("take a job that comes due meanwhile, without waiting for it", async () => {
    const markers = [930_011, 930_012, 930_013];
    const mostAtOnce = await workUntilTogether(ctx.jobs, markers);
    // Two come due together and take the polling worker and one other; the third comes due later,
    // when the only worker left idle looks by itself once a minute.
    await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: 930_011 }, { startAfterSeconds: 1 });
    await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: 930_012 }, { startAfterSeconds: 1 });
    await expect.poll(mostAtOnce, { timeout: 8_000, interval: 50 }).toBe(2);
    await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: 930_013 }, { startAfterSeconds: 1 });
    await expect.poll(mostAtOnce, { timeout: 8_000, interval: 50 }).toBe(markers.length);
    await expectMatchJobsCompleted(ctx.database.db, markers);
  });
});
