// Builds the app's deps (deps.ts) from the configuration, the database and the job queue: the one place,
// beside app.ts and main.ts, that wires the features into what the plumbing is handed (decision 088): the
// billing providers, the mail sender and the session reader. main.ts, the tests and the benchmarks build
// through it, so that they all run the same graph (decision 082).
import { setTimeout as sleep } from "node:timers/promises";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { AppDeps } from "./deps";
import { userForToken } from "./features/auth/api-tokens";
import { sessionIdFromToken } from "./features/auth/service";
import { createSessionCache } from "./features/auth/session-cache";
import { createBillingProviders } from "./features/billing/service";
import { createDatabaseStore } from "./features/files/db-store";
import { createS3Store } from "./features/files/s3-store";
import type { FileStores } from "./features/files/store";
import { createMailTransport } from "./features/notifications/mail";
import { countWaitingEmails } from "./features/notifications/queries";
import { webhookSettings } from "./features/webhooks/delivery";
import { countWaitingDeliveries } from "./features/webhooks/queries";
import type { JobLog, JobQueue } from "./jobs/queue";
import { createMetrics, type Metrics } from "./metrics";

export type AppDepsInput = {
  config: Config;
  database: Database;
  jobs: JobQueue;
  log: JobLog;
  /** Tests pass a clock they can move; the default is the system's. */
  now?: Clock;
  pause?: (ms: number) => Promise<void>;
  /** A server process's own registry (with the process's figures); a fresh one without them when unset. */
  metrics?: Metrics;
};

export function createAppDeps({
  config,
  database,
  jobs,
  log,
  now = systemClock,
  pause = sleep,
  metrics = createMetrics(),
}: AppDepsInput): AppDeps {
  jobs.instrument(metrics);
  metrics.read({
    queues: () => jobs.stats(),
    emailsWaiting: () => countWaitingEmails(database.db),
    webhooksWaiting: () => countWaitingDeliveries(database.db),
    pool: () => {
      const pool = database.pool;
      return pool
        ? { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }
        : null;
    },
    warn: (obj, msg) => log.warn(obj, msg),
  });
  const sessionCache = createSessionCache(database, log);
  return {
    config,
    database,
    db: database.db,
    jobs,
    log,
    now,
    pause,
    appUrl: config.publicUrl,
    leadsPerRequest: config.leadsPerRequest,
    passwordScryptN: config.passwordScryptN,
    sessionTtlMs: config.sessionTtlMs,
    sessionIdleMs: config.sessionIdleMs,
    billing: createBillingProviders(config.billing, now),
    mail: { transport: createMailTransport(config.mail), from: config.mail.from },
    sessions: { ...sessionCache, idOf: sessionIdFromToken, userForToken },
    lifecycle: { draining: false },
    webhooks: webhookSettings(config.webhooks.allowPrivateNetworks),
    metrics,
    files: fileStores(config, database),
  };
}

/** New files go to S3 when it is configured, else to the database; older files are read where they are. */
function fileStores(config: Config, database: Database): FileStores {
  const inDatabase = createDatabaseStore(database.db, database.kind);
  const storage = config.files.storage;
  const s3 = storage.kind === "s3" ? createS3Store(storage) : null;
  return { current: s3 ?? inDatabase, database: inDatabase, s3, clamd: config.files.clamd };
}
