// The jobs pg-boss gave up on, for the admin's System tab (decision 163): read a page of them, run one
// once more, or delete one. Each statement runs on the adapter it is given (a transaction's, for the
// actions, which the activity log records in the same transaction).
import type PgBoss from "pg-boss";
import { isUniqueViolation } from "../db/errors";

/** A failed job as pg-boss keeps it. */
export type FailedJobRow = {
  id: string;
  queue: string;
  output: unknown;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
  data: Record<string, unknown>;
};

/** A stately queue keeps one job waiting for a retry: another cannot join it. */
export class StatelyRetryRefused extends Error {}

const FAILED_JOBS = `SELECT id, name, output, retry_count, created_on, completed_on, data, count(*) OVER () AS total
  FROM pgboss.job WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST, id LIMIT $1 OFFSET $2`;
// pg-boss's own retry (plans.js retryJobs), for one job, due now.
const RETRY_FAILED = `UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
  WHERE id = $1 AND state = 'failed' RETURNING name`;
const DISCARD_FAILED = `DELETE FROM pgboss.job WHERE id = $1 AND state = 'failed' RETURNING name`;

/** Jobs given up on (their retries spent, or their time ran out), the latest failure first. */
export async function readFailedJobs(
  db: PgBoss.Db,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ jobs: FailedJobRow[]; total: number }> {
  const { rows } = await db.executeSql(FAILED_JOBS, [limit, offset]);
  const found = rows as {
    id: string;
    name: string;
    output: unknown;
    retry_count: number;
    created_on: Date;
    completed_on: Date | null;
    data: Record<string, unknown> | null;
    total: number | string;
  }[];
  return {
    total: Number(found[0]?.total ?? 0),
    jobs: found.map((r) => ({
      id: r.id,
      queue: r.name,
      output: r.output,
      attempts: Number(r.retry_count) + 1,
      createdAt: new Date(r.created_on),
      failedAt: r.completed_on ? new Date(r.completed_on) : null,
      data: r.data ?? {},
    })),
  };
}

/** A failed job runs once more: its queue's name, or null when no failed job has this id. */
export async function retryFailedJob(inTx: PgBoss.Db, id: string): Promise<string | null> {
  let rows: unknown[];
  try {
    ({ rows } = await inTx.executeSql(RETRY_FAILED, [id]));
  } catch (err) {
    // pg-boss's unique index on a stately queue's waiting jobs (job_i3, named anew on each queue's table).
    if (isUniqueViolation(err)) throw new StatelyRetryRefused("A run of this queue is waiting already.");
    throw err;
  }
  return (rows[0] as { name?: string } | undefined)?.name ?? null;
}

/** A failed job is deleted: its queue's name, or null when no failed job has this id. */
export async function discardFailedJob(inTx: PgBoss.Db, id: string): Promise<string | null> {
  const { rows } = await inTx.executeSql(DISCARD_FAILED, [id]);
  return (rows[0] as { name?: string } | undefined)?.name ?? null;
}
