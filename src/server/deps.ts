// What the app runs with: one object for the routes, the background workers and the tests, so that a
// test builds the same graph as production (decision 082). Each service declares the part it needs
// (MessagingDeps, BillingDeps, AuthDeps ...); this type has them all. It is built in wiring.ts, one of
// the few files that import features to build what the plumbing gets from them (decision 088): this
// file knows the features' parts by their types only.
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { BillingProviders } from "./features/billing/service";
import type { FileStores } from "./features/files/store";
import type { MailSender } from "./features/notifications/mail";
import type { WebhookSettings } from "./features/webhooks/delivery";
import type { SessionReader } from "./http/session";
import type { JobLog, JobQueue } from "./jobs/queue";
import type { Metrics } from "./metrics";

export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  /** Background jobs on the same database; started before anything sends to it. */
  jobs: JobQueue;
  log: JobLog;
  /** The app's clock: every rule that compares times reads it. */
  now: Clock;
  /** Waits on purpose (a throttled sign-in); tests, whose clock is theirs, note the wait instead. */
  pause: (ms: number) => Promise<void>;
  /** The product's public address, for links in emails. */
  appUrl: string;
  leadsPerRequest: number;
  passwordScryptN: number;
  sessionTtlMs: number;
  sessionIdleMs: number;
  billing: BillingProviders;
  mail: MailSender;
  /** The process's stage: draining after SIGTERM, readiness answers 503 and answers close their connections. */
  lifecycle: { draining: boolean };
  /** What GET /metrics shows (decision 161): the routes, workers and live streams count into it. */
  metrics: Metrics;
  /** Where webhooks may go and how long a receiver has to answer (decision 173); tests replace the resolver. */
  webhooks: WebhookSettings;
  /** Where files are kept and how uploads are scanned (decision 176). */
  files: FileStores;
  /** What a session token means, for the session hook and the live stream (the auth feature's rules). */
  sessions: SessionReader;
};
