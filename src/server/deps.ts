// What the app runs with, built in one place for the routes, the background workers and the tests,
// so that a test builds the same graph as production (decision 082). Each service declares the part
// it needs (MessagingDeps, BillingDeps, AuthDeps ...); this object has them all.
//
// This is where the deps are wired, and so one of the few files that import features to build what the
// plumbing gets from them (decision 088): the billing providers, the mail sender and the session reader.
// The plumbing (http/, live/, db/, jobs/queue.ts) sees only their types, and scripts/check-imports.mjs
// refuses it any import of a feature.
import { setTimeout as sleep } from "node:timers/promises";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import { sessionIdFromToken, userForSession } from "./features/auth/service";
import { type BillingProviders, createBillingProviders } from "./features/billing/service";
import { createSmtpTransport, type MailSender } from "./features/notifications/mail";
import type { SessionReader } from "./http/session";
import type { JobLog, JobQueue } from "./jobs/queue";

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
  /** What a session token means, for the session hook and the live stream (the auth feature's rules). */
  sessions: SessionReader;
};

export type AppDepsInput = {
  config: Config;
  database: Database;
  jobs: JobQueue;
  log: JobLog;
  /** Tests pass a clock they can move; the default is the system's. */
  now?: Clock;
  pause?: (ms: number) => Promise<void>;
};

export function createAppDeps({
  config,
  database,
  jobs,
  log,
  now = systemClock,
  pause = sleep,
}: AppDepsInput): AppDeps {
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
    mail: { transport: createSmtpTransport(config.mail), from: config.mail.from },
    sessions: { userFor: userForSession, idOf: sessionIdFromToken },
  };
}
