// pg-boss's own job table, for tests that look at what the queue holds.
import { and, eq, sql } from "drizzle-orm";
import { jsonb, pgSchema, text } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import type { Db } from "../db/client";
import { JOB_NAMES, type JobQueue } from "../jobs/queue";

export const pgbossJob = pgSchema("pgboss").table("job", { id: text(), name: text(), state: text(), data: jsonb() });

/** The states of the match jobs for the request id `quoteRequestId` (a marker: no such request need exist). */
export const matchJobsFor = (db: Db, quoteRequestId: number) =>
  db
    .select({ state: pgbossJob.state })
    .from(pgbossJob)
    .where(
      and(
        eq(pgbossJob.name, JOB_NAMES.matchQuoteRequest),
        sql`(${pgbossJob.data}->>'quoteRequestId')::int = ${quoteRequestId}`,
      ),
    );

/**
 * Three workers of the match queue, each job holding its worker until all of `markers` run at once (or
 * 10 s: worked one at a time, they never would); answers the most that ran at once, as it grows.
 */
export async function workUntilTogether(jobs: JobQueue, markers: number[]): Promise<() => number> {
  const running = new Set<number>();
  let mostAtOnce = 0;
  let allRunning = () => {};
  const together = new Promise<void>((resolve) => {
    allRunning = resolve;
  });
  await jobs.work(
    JOB_NAMES.matchQuoteRequest,
    async ({ quoteRequestId }) => {
      running.add(quoteRequestId);
      mostAtOnce = Math.max(mostAtOnce, running.size);
      if (running.size === markers.length) allRunning();
      await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      running.delete(quoteRequestId);
    },
    { concurrency: markers.length, pollingIntervalSeconds: 0.5 },
  );
  return () => mostAtOnce;
}

/** Waits for the match job of each marker to complete. */
export async function expectMatchJobsCompleted(db: Db, markers: number[]): Promise<void> {
  for (const marker of markers) {
    await expect.poll(async () => (await matchJobsFor(db, marker))[0]?.state).toBe("completed");
  }
}
