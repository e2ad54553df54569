// pg-boss's own job table, for tests that look at what the queue holds.
import { and, eq, sql } from "drizzle-orm";
import { jsonb, pgSchema, text } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { JOB_NAMES } from "../jobs/queue";

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
