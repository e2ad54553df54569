// The admin's System tab (issue 31, decision 163): the job queues, failed jobs, the last hour's 5xx
// answers and the database, as GET /api/admin/system answers them.
import { z } from "zod";
import { numberedPageOf, pageNumberSchema } from "./paging";

export const FAILED_JOBS_PAGE_SIZE = 20;

export const queueFigureSchema = z.object({
  queue: z.string(),
  /** Jobs waiting, due or delayed. */
  depth: z.number().int(),
  /** How long the oldest due job has waited to start, in seconds (0: none waits). */
  oldestSeconds: z.number(),
});

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** What its last run threw, or why it was given up (its time ran out). */
  error: z.string(),
  /** Runs it had, the first included. */
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  /** Its payload as JSON, without the request id. */
  data: z.string(),
  /** The id of the request that enqueued it (decision 162), to find its log lines; null for a sweep's. */
  requestId: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const serverErrorCountSchema = z.object({ method: z.string(), route: z.string(), count: z.number().int() });

export const systemOverviewSchema = z.object({
  queues: z.array(queueFigureSchema),
  failedJobs: numberedPageOf(failedJobSchema),
  /** Emails the sender gave up on (the Emails tab lists them, filtered by "Failed"). */
  failedEmails: z.number().int(),
  /** 5xx answers of the last hour, by route, most first. */
  serverErrors: z.array(serverErrorCountSchema),
  database: z.object({
    kind: z.enum(["postgres", "embedded"]),
    sizeBytes: z.number(),
    /** What the operator should know, when it applies: production on the embedded database. */
    warning: z.string().nullable(),
  }),
});
export type SystemOverview = z.infer<typeof systemOverviewSchema>;

export const systemQuerySchema = z.object({ page: pageNumberSchema });

export const jobIdParamsSchema = z.object({ id: z.uuid({ error: "must be a job id" }) });

/** What Retry and Discard answer: the job's queue, and what happened. */
export const jobActionSchema = z.object({ id: z.string(), queue: z.string(), message: z.string() });
