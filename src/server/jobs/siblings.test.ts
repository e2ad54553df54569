// A queue's first worker polls; its other workers look only when woken (decision 168). Jobs that come
// due by time (a delay, a retry) are announced by no commit: the first worker's find must wake the others.
import { describe, expect, it } from "vitest";
import { matchJobsFor } from "../test/jobs";
import { sharedTestContext } from "../test/shared-context";
import { JOB_NAMES } from "./queue";

const ctx = sharedTestContext({}, { jobs: true });

describe("a queue's workers", () => {
  it("work delayed jobs that come due together side by side, though only the first polls often", async () => {
    const markers = [930_001, 930_002, 930_003];
    const running = new Set<number>();
    let mostAtOnce = 0;
    let allRunning = () => {};
    const together = new Promise<void>((resolve) => {
      allRunning = resolve;
    });
    await ctx.jobs.work(
      JOB_NAMES.matchQuoteRequest,
      async ({ quoteRequestId }) => {
        running.add(quoteRequestId);
        mostAtOnce = Math.max(mostAtOnce, running.size);
        if (running.size === markers.length) allRunning();
        // Each job waits for the others to be running beside it, or gives up after 10 s: worked one
        // at a time, the three would never be running together.
        await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        running.delete(quoteRequestId);
      },
      { concurrency: markers.length, pollingIntervalSeconds: 0.5 },
    );
    // Sent with a delay: no notification wakes anyone when they come due.
    for (const quoteRequestId of markers) {
      await ctx.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId }, { startAfterSeconds: 1 });
    }
    await expect.poll(() => mostAtOnce, { timeout: 8_000, interval: 50 }).toBe(markers.length);
    for (const marker of markers) {
      await expect.poll(async () => (await matchJobsFor(ctx.database.db, marker))[0]?.state).toBe("completed");
    }
  });
});
