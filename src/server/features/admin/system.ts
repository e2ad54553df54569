// The System tab (issue 31, decision 163): the job queues, failed jobs with Retry and Discard, failed
// emails with Send again, the last hour's 5xx answers by route, and the database. Admin-only; every
// action is in the activity log, written in the transaction that makes it.

import type { FastifyRequest } from "fastify";
import { idParams } from "@/shared/ids";
import { outboxEmailSchema } from "@/shared/notifications";
import {
  FAILED_JOBS_PAGE_SIZE,
  type FailedJob,
  jobActionSchema,
  jobIdParamsSchema,
  type SystemOverview,
  systemOverviewSchema,
  systemQuerySchema,
} from "@/shared/system";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { ConflictError, NotFoundError } from "../../errors";
import { currentUser } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { type FailedJobRow, StatelyRetryRefused } from "../../jobs/failed-jobs";
import { JOB_NAMES, requestIdOf } from "../../jobs/queue";
import { logActivity } from "../activity/service";
import { unsendableReason } from "../notifications/mail";
import * as outbox from "../notifications/queries";
import { outboxEmailOf } from "../notifications/service";
import { databaseSize, serverErrorsSince } from "../system/server-errors";
import { adminRoute } from "./errors";

const HOUR_MS = 60 * 60 * 1000;

/** Said at start-up (main.ts) and on the System tab: production on PGlite, which does not fsync. */
export const EMBEDDED_IN_PRODUCTION =
  "Production is running on the embedded database, which acknowledges a commit before it is on disk " +
  "(no fsync): a crash of the machine can lose the last writes. Set DATABASE_URL to a PostgreSQL server.";

/** What a failed job's output says: the error's message, or why pg-boss gave it up. */
function errorOf(output: unknown): string {
  if (output && typeof output === "object") {
    const o = output as { message?: unknown; value?: { message?: unknown } };
    if (typeof o.message === "string") return o.message;
    if (typeof o.value?.message === "string") return o.value.message;
    return JSON.stringify(output);
  }
  return output === null || output === undefined ? "No error was recorded." : String(output);
}

function failedJobOf(row: FailedJobRow): FailedJob {
  const { requestId: _kept, ...data } = row.data;
  return {
    id: row.id,
    queue: row.queue,
    error: errorOf(row.output),
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    failedAt: row.failedAt?.toISOString() ?? null,
    data: JSON.stringify(data),
    requestId: requestIdOf(row.data),
  };
}

async function systemOverview(deps: AppDeps, page: number): Promise<SystemOverview> {
  const [queues, failed, failedEmails, serverErrors, sizeBytes] = await Promise.all([
    deps.jobs.stats(),
    deps.jobs.failed({ limit: FAILED_JOBS_PAGE_SIZE, offset: (page - 1) * FAILED_JOBS_PAGE_SIZE }),
    outbox.countFailedEmails(deps.db),
    serverErrorsSince(deps.db, new Date(Date.now() - HOUR_MS)),
    databaseSize(deps.db),
  ]);
  const embedded = deps.database.kind === "pglite";
  return {
    queues,
    failedJobs: { items: failed.jobs.map(failedJobOf), page, pageSize: FAILED_JOBS_PAGE_SIZE, total: failed.total },
    failedEmails,
    serverErrors,
    database: {
      kind: embedded ? "embedded" : "postgres",
      sizeBytes,
      warning: embedded && deps.config.env === "production" ? EMBEDDED_IN_PRODUCTION : null,
    },
  };
}

export const systemRoutes: RoutePlugin = async (app, deps) => {
  app.get("/api/admin/system", adminRoute(systemOverviewSchema, { querystring: systemQuerySchema }), async (request) =>
    systemOverview(deps, request.query.page),
  );

  /** Retry or Discard: the queue's change and its activity line in one transaction; 404 when no failed job has the id. */
  const jobAction =
    (action: "retry_job" | "discard_job", change: (id: string, tx: Db) => Promise<string | null>, message: string) =>
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const admin = currentUser(request);
      const { id } = request.params;
      return deps.db.transaction(async (tx) => {
        const queue = await change(id, tx);
        if (!queue) throw new NotFoundError("No failed job has this id: it was retried or discarded already.");
        await logActivity(tx, { adminId: admin.id, action, resourceType: "job", resourceId: id, details: { queue } });
        return { id, queue, message };
      });
    };

  app.post(
    "/api/admin/system/jobs/:id/retry",
    adminRoute(jobActionSchema, { params: jobIdParamsSchema }),
    jobAction(
      "retry_job",
      async (id, tx) => {
        try {
          return await deps.jobs.retryFailed(id, tx);
        } catch (err) {
          if (!(err instanceof StatelyRetryRefused)) throw err;
          throw new ConflictError(
            "A run of this queue is waiting already and will do this job's work: discard this one instead.",
          );
        }
      },
      "The job runs again now.",
    ),
  );

  app.delete(
    "/api/admin/system/jobs/:id",
    adminRoute(jobActionSchema, { params: jobIdParamsSchema }),
    jobAction("discard_job", (id, tx) => deps.jobs.discardFailed(id, tx), "The job is discarded."),
  );

  app.post(
    "/api/admin/emails/:id/resend",
    adminRoute(outboxEmailSchema, { params: idParams("email") }),
    async (request) => {
      const admin = currentUser(request);
      const { id } = request.params;
      return deps.db.transaction(async (tx) => {
        const email = await outbox.findEmail(tx, id);
        if (!email) throw new NotFoundError("No email has this id.");
        if (email.status !== "failed") {
          throw new ConflictError(
            email.status === "sent" ? "This email was sent already." : "This email is waiting to be sent already.",
          );
        }
        const refused = unsendableReason(email);
        if (refused) throw new ConflictError(`This email cannot be sent: ${refused}`);
        const again = await outbox.resendFailedEmail(tx, id, deps.now());
        if (!again) throw new ConflictError("This email is waiting to be sent already.");
        await logActivity(tx, {
          adminId: admin.id,
          action: "resend_email",
          resourceType: "email",
          resourceId: id,
          details: { to: email.toAddress, subject: email.subject },
        });
        await deps.jobs.send(JOB_NAMES.sendEmails, { reason: "resend" }, { tx });
        return outboxEmailOf(again);
      });
    },
  );
};
