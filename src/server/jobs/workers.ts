// Which job runs what: the one place that ties the queue to the features' services.
import type { MailConfig } from "../config";
import type { Db } from "../db/client";
import { purgeOldAuthRows } from "../features/auth/service";
import { createDemoProvider } from "../features/billing/demo-provider";
import { advanceDemoSubscriptions } from "../features/billing/service";
import { checkMatchDeadlines, matchQuoteRequest, rematchOpenRequests } from "../features/matching/service";
import { createSmtpTransport, deliverDueEmails } from "../features/notifications/mail";
import { JOB_NAMES, type JobLog, type JobQueue } from "./queue";

export type WorkerDeps = {
  db: Db;
  leadsPerRequest: number;
  appUrl: string;
  log: JobLog;
  /** Outgoing mail; unset or without an SMTP URL, emails stay in the outbox. */
  mail?: MailConfig;
};

export async function startWorkers(jobs: JobQueue, deps: WorkerDeps, options: { schedules?: boolean } = {}) {
  const matching = { db: deps.db, leadsPerRequest: deps.leadsPerRequest, appUrl: deps.appUrl };
  await jobs.work(JOB_NAMES.matchQuoteRequest, async ({ quoteRequestId }) => {
    const outcome = await matchQuoteRequest(matching, quoteRequestId);
    deps.log.info({ quoteRequestId, outcome }, "matched quote request");
    if (outcome.status === "done" && outcome.delivered > 0) await requestEmailDelivery(jobs, "lead-delivered");
  });
  await jobs.work(JOB_NAMES.rematchOpenRequests, async ({ reason }) => {
    const delivered = await rematchOpenRequests(matching);
    deps.log.info({ reason, delivered }, "matched open requests again");
    if (delivered > 0) await requestEmailDelivery(jobs, "lead-delivered");
  });
  const sender = {
    db: deps.db,
    transport: deps.mail ? createSmtpTransport(deps.mail) : null,
    from: deps.mail?.from ?? "",
  };
  await jobs.work(JOB_NAMES.sendEmails, async ({ reason }) => {
    const outcome = await deliverDueEmails(sender);
    if (outcome.sent + outcome.retrying + outcome.failed > 0) deps.log.info({ reason, ...outcome }, "sent emails");
    if (outcome.failed > 0) deps.log.warn({ failed: outcome.failed }, "emails failed for good");
  });
  await jobs.work(JOB_NAMES.checkMatchDeadlines, async () => {
    const raised = await checkMatchDeadlines(deps.db);
    if (raised > 0) deps.log.warn({ raised }, "match deadlines missed");
  });
  const demo = createDemoProvider();
  await jobs.work(JOB_NAMES.advanceDemoSubscriptions, async () => {
    const changed = await advanceDemoSubscriptions({ db: deps.db, appUrl: deps.appUrl, demo });
    if (changed > 0) {
      deps.log.info({ changed }, "demo subscriptions moved on");
      // Each change is told to its provider by email; a renewal may grant access again.
      await requestEmailDelivery(jobs, "subscription changed");
      await requestRematch(jobs, "demo subscriptions moved on");
    }
  });
  await jobs.work(JOB_NAMES.purgeAuthRows, async () => {
    const purged = await purgeOldAuthRows(deps.db);
    if (purged.attempts + purged.sessions > 0) deps.log.info(purged, "purged old sign-in attempts and sessions");
  });
  if (options.schedules ?? true) {
    await jobs.schedule(JOB_NAMES.checkMatchDeadlines, "* * * * *", {});
    await jobs.schedule(JOB_NAMES.purgeAuthRows, "17 * * * *", {});
    // Lead access and matching read the stored status; the demo's clock must run without a visit.
    await jobs.schedule(JOB_NAMES.advanceDemoSubscriptions, "* * * * *", {});
    // A safety net for a trigger lost between a commit and its job: the sweep finds what is short.
    await jobs.schedule(JOB_NAMES.rematchOpenRequests, "*/10 * * * *", { reason: "periodic" });
    // Retries come due, and a send asked for after a commit may have been lost: the sweep sends them.
    if (sender.transport) await jobs.schedule(JOB_NAMES.sendEmails, "* * * * *", { reason: "periodic" });
  }
}

/**
 * These requests are sent after the change they follow has committed. If sending fails the change
 * stands and the periodic sweep does the work a little later, so the caller is not told of an error
 * about something that did happen: it is logged instead.
 */
async function sendAfterCommit(send: () => Promise<unknown>, what: string, log: JobLog) {
  try {
    await send();
  } catch (err) {
    log.warn({ err }, `could not ask for ${what}; the periodic sweep will do it`);
  }
}

/** Asks for the sweep after a change that may make a provider eligible; the queue keeps one waiting. */
export async function requestRematch(jobs: JobQueue, reason: string, log?: JobLog): Promise<void> {
  await sendAfterCommit(() => jobs.send(JOB_NAMES.rematchOpenRequests, { reason }), "a rematch", log ?? jobs.log);
}

/**
 * Asks for the outbox to be sent, right after a transaction that wrote emails commits (notifyUser
 * writes them inside it); the queue keeps one waiting run however often it is asked.
 */
export async function requestEmailDelivery(jobs: JobQueue, reason: string, log?: JobLog): Promise<void> {
  await sendAfterCommit(() => jobs.send(JOB_NAMES.sendEmails, { reason }), "email delivery", log ?? jobs.log);
}
