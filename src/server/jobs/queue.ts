// Background jobs: pg-boss on the application's own database, on either driver (decision 010).
// A job is a row in the `pgboss` schema, so that it survives restarts, runs once across several app
// processes, and can be written in the same transaction as the change that asks for it.
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { DEFAULT_JOB_SETTINGS, type JobSettings } from "../config";
import type { Database, Db } from "../db/client";
import { type ChannelListener, listenOnChannel } from "../db/listen";
import type { Metrics } from "../metrics";
import { currentRequestId, runForRequest } from "../request-context";
import { adapterFor, oneProcessAtATime, transactionAdapter, unawaitedStatementsLogged } from "./db-adapters";
import { discardFailedJob, type FailedJobRow, readFailedJobs, retryFailedJob } from "./failed-jobs";

/** Every job the product runs, with its payload. */
export type JobPayloads = {
  /** A quote request was submitted: find and notify its providers (the matching feature works it). */
  "match-quote-request": { quoteRequestId: number };
  /** A provider may have become eligible (approved, subscribed): match requests short of leads again. */
  "rematch-open-requests": { reason: string };
  /** Periodic: raise alerts for requests still unmatched past their promised time. */
  "check-match-deadlines": Record<string, never>;
  /** Periodic: runs the demo billing clock (trials ending, renewals) for subscriptions that are due. */
  "advance-demo-subscriptions": Record<string, never>;
  /** Emails waiting in the outbox: send those due (the notifications feature works it). */
  "send-emails": { reason: string };
  /** Periodic: deletes sign-in attempts past every limit's window, expired sessions and Idempotency-Keys. */
  "purge-auth-rows": Record<string, never>;
  /** Webhook deliveries waiting: send those due (the webhooks feature works it, decision 173). */
  "deliver-webhooks": { reason: string };
};
export type JobName = keyof JobPayloads;

export const JOB_NAMES = {
  matchQuoteRequest: "match-quote-request",
  rematchOpenRequests: "rematch-open-requests",
  checkMatchDeadlines: "check-match-deadlines",
  advanceDemoSubscriptions: "advance-demo-subscriptions",
  sendEmails: "send-emails",
  purgeAuthRows: "purge-auth-rows",
  deliverWebhooks: "deliver-webhooks",
} as const satisfies Record<string, JobName>;

/**
 * Per-queue retry policy; every queue must be listed here so that `start` creates it. A job still
 * active past its expiry is taken for lost (its process died) and retried (decision 126).
 */
function queuePolicies(settings: JobSettings): Record<JobName, Omit<PgBoss.Queue, "name">> {
  const retryDelay = settings.retryDelaySeconds;
  return {
    "match-quote-request": {
      retryLimit: 5,
      retryDelay,
      retryBackoff: true,
      expireInSeconds: settings.matchExpireSeconds,
    },
    // One waiting sweep is enough however many providers become eligible meanwhile.
    "rematch-open-requests": { retryLimit: 3, retryDelay, retryBackoff: true, policy: "stately" },
    "check-match-deadlines": { retryLimit: 1, expireInSeconds: 5 * 60, policy: "stately" },
    "advance-demo-subscriptions": { retryLimit: 1, expireInSeconds: 5 * 60, policy: "stately" },
    // One waiting run sends everything due; each email's own retries are counted on its row (decision 061).
    "send-emails": { retryLimit: 3, retryDelay, retryBackoff: true, expireInSeconds: 15 * 60, policy: "stately" },
    "purge-auth-rows": { retryLimit: 1, expireInSeconds: 15 * 60, policy: "stately" },
    // A job per event, not one waiting job as the emails': a stately queue's waiting job is held by the
    // transaction that asks for it, and two stately queues asked for in opposite orders deadlocked
    // (decision 173). Runs at once share the due deliveries through SKIP LOCKED; most find little to do.
    "deliver-webhooks": { retryLimit: 3, retryDelay, retryBackoff: true, expireInSeconds: 15 * 60 },
  };
}

/**
 * How often a queue's second and later workers look for jobs by themselves. They are woken when the
 * first worker finds a job and when a commit announces one; this is only their backstop.
 */
const SIBLING_POLL_SECONDS = 60;

/** The channel on which a committed job wakes the workers of its queue, in every process (decision 124). */
export const JOB_CHANNEL = "automatch_jobs";
const NOTIFY = "SELECT pg_notify($1, $2)";

export type JobLog = Pick<Logger, "error" | "info" | "warn">;

export type SendOptions = {
  /**
   * A transaction of the Drizzle database: the job is written only if the transaction commits. On a
   * stately queue the one waiting job then starts only after this transaction has ended.
   */
  tx?: Db;
  /** Delay before the job may run. */
  startAfterSeconds?: number;
};

export type WorkOptions = {
  /** How many of the queue's jobs this process works at once (each a worker that takes one job at a time). */
  concurrency?: number;
  /** An idle worker's look for jobs when nothing woke it; the settings' pollSeconds when unset. */
  pollingIntervalSeconds?: number;
};

/** What a handler learns about its job besides the payload. */
export type JobInfo = { id: string; retryCount: number };

/**
 * The id of the request that sent a job, kept beside its payload (decision 162): the job's run logs it,
 * so that one request can be followed from its HTTP line to the jobs it caused.
 */
const REQUEST_ID_KEY = "requestId";

/** A queue's waiting jobs, for the metrics. */
export type QueueStats = { queue: JobName; depth: number; oldestSeconds: number };

const QUEUE_STATS = `SELECT name, count(*)::int AS depth,
  coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE start_after <= now())), 0)::float8 AS oldest
  FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`;

export type JobQueue = {
  /** The log the queue was made with, for what its callers need to report about it. */
  log: JobLog;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** The job's id; null when the queue keeps one waiting job (policy "stately") and has one already. */
  send: <N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions) => Promise<string | null>;
  /**
   * Runs the handler for each job of the queue; a thrown error fails the job, which is retried. The
   * workers wake when a job of the queue is committed (in any process), else poll.
   */
  work: <N extends JobName>(
    name: N,
    handler: (data: JobPayloads[N], job: JobInfo) => Promise<void>,
    options?: WorkOptions,
  ) => Promise<void>;
  /** Runs the job on a cron schedule, once across all processes (needs maintenance on). */
  schedule: <N extends JobName>(name: N, cron: string, data: JobPayloads[N]) => Promise<void>;
  /** Each queue's waiting jobs: how many, and how long the oldest due one has waited (every queue, 0 when empty). */
  stats: () => Promise<QueueStats[]>;
  /** Counts and times this process's job runs into the app's metrics (createAppDeps). */
  instrument: (metrics: Metrics) => void;
  /** Jobs given up on (their retries spent, or their time ran out), the latest failure first. */
  failed: (page: { limit: number; offset: number }) => Promise<{ jobs: FailedJobRow[]; total: number }>;
  /**
   * A failed job runs once more (pg-boss's retry, in the caller's transaction): its queue, or null when
   * no failed job has this id. Refused with StatelyRetryRefused when its stately queue has a run waiting.
   */
  retryFailed: (id: string, tx: Db) => Promise<JobName | null>;
  /** A failed job is deleted: its queue, or null when no failed job has this id. */
  discardFailed: (id: string, tx: Db) => Promise<JobName | null>;
};

/** The request id a job was sent with, kept beside its payload (decision 162). */
export function requestIdOf(data: Record<string, unknown>): string | null {
  const id = data[REQUEST_ID_KEY];
  return typeof id === "string" ? id : null;
}

export type JobQueueOptions = {
  /** pg-boss's maintenance (expiry, archive) and clock checks; tests switch them off. */
  maintenance?: boolean;
  /** Polling, expiry, retries, maintenance (config.jobs); production's defaults when unset. */
  settings?: JobSettings;
};

/** The waiting job of a stately queue, locked for share until the transaction that asked for it ends. */
const HOLD_WAITING_JOB = `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'created' AND policy = 'stately' FOR SHARE`;

/**
 * How often the scheduled sweeps' workers look for their jobs, and pg-boss's queue between a due
 * schedule and its job: twice per schedule check. A schedule's job is announced by no commit, and
 * comes once a minute at most; polling it as often as the queues people wait on cost an idle
 * process most of its CPU (decision 168).
 */
export function sweepPollSeconds(settings: JobSettings): number {
  return Math.min(45, Math.max(1, settings.pollSeconds, settings.cronCheckSeconds / 2));
}

export function createJobQueue(database: Database, log: JobLog, options: JobQueueOptions = {}): JobQueue {
  const maintenance = options.maintenance ?? true;
  const settings = options.settings ?? DEFAULT_JOB_SETTINGS;
  const policies = queuePolicies(settings);
  const db = unawaitedStatementsLogged(adapterFor(database), log);
  const boss = new PgBoss({
    db,
    supervise: maintenance,
    schedule: maintenance,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
    cronMonitorIntervalSeconds: settings.cronCheckSeconds,
    cronWorkerIntervalSeconds: sweepPollSeconds(settings),
  });
  // An 'error' event without a listener would crash the process.
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  let started = false;
  let stopping = false;
  /** This process's workers, by queue, for waking them. */
  const workers = new Map<string, string[]>();
  let listener: ChannelListener | null = null;
  let metrics: Metrics | null = null;

  const wake = (queue?: string) => {
    const ids = queue === undefined ? [...workers.values()].flat() : (workers.get(queue) ?? []);
    for (const id of ids) boss.notifyWorker(id);
  };

  // Every queue is woken once it listens (again): a job committed meanwhile was not announced. Polling
  // covers the gap while the connection is lost.
  const listen = (): ChannelListener =>
    listenOnChannel(database, JOB_CHANNEL, log, { onMessage: (queue) => wake(queue), onListening: () => wake() });

  const assertStarted = () => {
    if (!started) throw new Error("The job queue is not started.");
  };

  return {
    log,

    async start() {
      if (started) return;
      await oneProcessAtATime(database, async () => {
        await boss.start();
        for (const [name, queue] of Object.entries(policies)) {
          await boss.createQueue(name, { name, ...queue });
          // A queue made by an earlier version or process takes the policy this one starts with.
          await boss.updateQueue(name, { name, ...queue });
        }
      });
      started = true;
    },

    async stop() {
      if (!started || stopping) return;
      // Jobs still running while pg-boss drains may send the jobs that follow them (a match sends its
      // emails): `send` works until the queue has stopped.
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      started = false;
      stopping = false;
      await listener?.stop();
      listener = null;
      workers.clear();
    },

    async send(name, data, sendOptions = {}) {
      assertStarted();
      const id = await sendJob(name, data, sendOptions);
      // Wakes the queue's workers in every process when the job is committed (with the caller's
      // transaction, or now); a delayed job is found by polling when it comes due.
      if (!sendOptions.startAfterSeconds) {
        await (sendOptions.tx ? transactionAdapter(sendOptions.tx) : db).executeSql(NOTIFY, [JOB_CHANNEL, name]);
      }
      return id;
    },

    async schedule(name, cron, data) {
      assertStarted();
      await boss.schedule(name, cron, data);
    },

    async stats() {
      const { rows } = await db.executeSql(QUEUE_STATS, []);
      const found = new Map(
        (rows as { name: string; depth: number; oldest: number }[]).map((r) => [r.name, r] as const),
      );
      return (Object.keys(policies) as JobName[]).map((queue) => ({
        queue,
        depth: Number(found.get(queue)?.depth ?? 0),
        oldestSeconds: Number(found.get(queue)?.oldest ?? 0),
      }));
    },

    instrument(to) {
      metrics = to;
    },

    failed: (page) => readFailedJobs(db, page),

    async retryFailed(id, tx) {
      const inTx = transactionAdapter(tx);
      const name = (await retryFailedJob(inTx, id)) as JobName | null;
      // Its workers, in every process, wake when the transaction commits.
      if (name) await inTx.executeSql(NOTIFY, [JOB_CHANNEL, name]);
      return name;
    },

    discardFailed: async (id, tx) => (await discardFailedJob(transactionAdapter(tx), id)) as JobName | null,

    async work(name, handler, workOptions = {}) {
      assertStarted();
      if (!listener) {
        listener = listen();
        await listener.ready;
      }
      const ids = workers.get(name) ?? [];
      workers.set(name, ids);
      const pollingIntervalSeconds = workOptions.pollingIntervalSeconds ?? settings.pollSeconds;
      // This call's workers, by their index, and which of them are running a job.
      const own: string[] = [];
      const busy = new Set<number>();
      for (let i = 0; i < (workOptions.concurrency ?? 1); i++) {
        // The queue's first worker polls; the others wake when it finds a job, or when a commit
        // announces one. An idle queue costs one look an interval, not one a worker (decision 168).
        const interval = i === 0 ? pollingIntervalSeconds : Math.max(pollingIntervalSeconds, SIBLING_POLL_SECONDS);
        const id = await boss.work<JobPayloads[typeof name]>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: interval },
          async (jobs) => {
            busy.add(i);
            // More may have come due with it (a delayed job or a retry, which no commit announces):
            // the sleeping workers look too.
            if (ids.length > 1) wake(name);
            // While the first worker runs a job, an idle one looks at its interval in its place: a job
            // that comes due meanwhile would otherwise wait for the job to end or for the backstop.
            const standIn =
              i === 0 && own.length > 1
                ? setInterval(() => {
                    const idle = own.findIndex((_, k) => k > 0 && !busy.has(k));
                    if (idle > 0) boss.notifyWorker(own[idle] as string);
                  }, pollingIntervalSeconds * 1000).unref()
                : undefined;
            try {
              for (const job of jobs) await run(name, handler, job);
            } finally {
              clearInterval(standIn);
              busy.delete(i);
              // A worker that found a job may find another waiting: it looks again at once instead
              // of sleeping until its next poll (pg-boss's worker only skips the sleep when woken).
              wake(name);
            }
          },
        );
        ids.push(id);
        own.push(id);
      }
    },
  };

  /** One job's run: as part of the request that sent it, counted and timed. */
  async function run<N extends JobName>(
    name: N,
    handler: (data: JobPayloads[N], job: JobInfo) => Promise<void>,
    job: PgBoss.JobWithMetadata<JobPayloads[N]>,
  ): Promise<void> {
    const { [REQUEST_ID_KEY]: requestId, ...data } = job.data as JobPayloads[N] & { [REQUEST_ID_KEY]?: string };
    if (job.retryCount > 0) metrics?.jobs.retries.inc({ queue: name });
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      await runForRequest(requestId, () => handler(data as JobPayloads[N], { id: job.id, retryCount: job.retryCount }));
      metrics?.jobs.runSeconds.observe({ queue: name, outcome: "completed" }, took());
    } catch (err) {
      metrics?.jobs.runSeconds.observe({ queue: name, outcome: "failed" }, took());
      metrics?.jobs.failures.inc({ queue: name });
      throw err;
    }
  }

  async function sendJob<N extends JobName>(name: N, payload: JobPayloads[N], sendOptions: SendOptions) {
    const requestId = currentRequestId();
    const data = requestId ? { ...payload, [REQUEST_ID_KEY]: requestId } : payload;
    const stately = policies[name].policy === "stately";
    const startAfter = sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {};
    if (!sendOptions.tx) {
      const id = await boss.send(name, data, startAfter);
      if (!id && !stately) throw new Error(`The job queue did not accept a '${name}' job.`);
      return id;
    }
    const tx = transactionAdapter(sendOptions.tx);
    // A stately queue keeps one waiting job. When one waits already, it is held until this
    // transaction ends, so that it starts after the commit and sees what the transaction wrote
    // (pg-boss's fetch skips locked jobs). Had it started in between, its place is free: send again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = await boss.send(name, data, { ...startAfter, db: tx });
      if (id) return id;
      if (!stately) break;
      const held = await tx.executeSql(HOLD_WAITING_JOB, [name]);
      if (held.rows.length > 0) return null;
    }
    if (stately) {
      // Under load, workers started each waiting job between this transaction's tries: one run started
      // just now, and more are coming. The request that sent it is not failed for that: every stately
      // queue also runs on a schedule (workers.ts), which does what this transaction wrote (decision 165).
      log.warn(
        { queue: name },
        "job queue: no waiting job could be held for after three tries; the scheduled run will do it",
      );
      return null;
    }
    throw new Error(`The job queue did not accept a '${name}' job.`);
  }
}
