// Which job runs what: the one place that ties the queue to the features' services. The services
// send the jobs that follow their changes inside their own transactions (decision 082); the
// periodic sweeps scheduled here are the safety net.
import type { AppDeps } from "../deps";
import { purgeOldAuthRows } from "../features/auth/service";
import { advanceDemoSubscriptions } from "../features/billing/service";
import { sweepFiles } from "../features/files/service";
import { checkMatchDeadlines, matchQuoteRequest, rematchOpenRequests } from "../features/matching/service";
import { deliverDueEmails } from "../features/notifications/mail";
import { purgeExpiredIdempotencyKeys } from "../features/quote-requests/service";
import { purgeServerErrors } from "../features/system/server-errors";
import { deliverDueWebhooks } from "../features/webhooks/delivery";
import { purgeOldWebhookEvents } from "../features/webhooks/service";
import { JOB_NAMES, sweepPollSeconds } from "./queue";
import { holdForTest } from "./test-hold";

/** Works every queue on `deps.jobs` with the app's deps (createAppDeps, wiring.ts), and schedules the sweeps. */
export async function startWorkers(deps: AppDeps, options: { schedules?: boolean } = {}) {
  const { jobs, log } = deps;
  // The queues a schedule fills (and a commit may wake): their workers look by themselves less often
  // than the match queue's, which people wait on (decision 168).
  const sweep = { pollingIntervalSeconds: sweepPollSeconds(deps.config.jobs) };
  // A sweep's counts go to the log only when it did something: a quiet minute writes nothing.
  const logCounts = (level: "info" | "warn", counts: Record<string, number>, message: string) => {
    if (Object.values(counts).some((n) => n > 0)) log[level](counts, message);
  };
  // Several matches at once (decision 124): each locks its own request, so they wait only for one
  // another's request, never for other requests (decision 125).
  await jobs.work(
    JOB_NAMES.matchQuoteRequest,
    async ({ quoteRequestId }, job) => {
      await holdForTest(deps, quoteRequestId, job);
      const outcome = await matchQuoteRequest(deps, quoteRequestId);
      log.info({ quoteRequestId, outcome }, "matched quote request");
      // Committed: the first leads are in their providers' lists from now on.
      if (outcome.status === "done" && outcome.submittedAt) {
        deps.metrics.submitToLead.observe(Math.max(0, Date.now() - outcome.submittedAt.getTime()) / 1000);
      }
    },
    { concurrency: deps.config.jobs.concurrency },
  );
  await jobs.work(
    JOB_NAMES.rematchOpenRequests,
    async ({ reason }) => {
      const delivered = await rematchOpenRequests(deps);
      log.info({ reason, delivered }, "matched open requests again");
    },
    sweep,
  );
  await jobs.work(
    JOB_NAMES.sendEmails,
    async ({ reason }) => {
      const outcome = await deliverDueEmails(deps);
      for (const key of ["sent", "retrying", "failed"] as const) {
        if (outcome[key] > 0) deps.metrics.emails.outcomes.inc({ outcome: key }, outcome[key]);
      }
      if (outcome.sent + outcome.retrying + outcome.failed > 0) log.info({ reason, ...outcome }, "sent emails");
      logCounts("warn", { failed: outcome.failed }, "emails failed for good");
    },
    sweep,
  );
  await jobs.work(
    JOB_NAMES.deliverWebhooks,
    async ({ reason }) => {
      // Each attempt counts itself into the metrics.
      const outcome = await deliverDueWebhooks(deps);
      if (outcome.delivered + outcome.retrying + outcome.failed > 0) log.info({ reason, ...outcome }, "sent webhooks");
      logCounts("warn", { disabled: outcome.disabled }, "webhook endpoints turned off after a day of failures");
    },
    // Two runs at once per process: each claims its own deliveries, at most one per endpoint a batch.
    { ...sweep, concurrency: 2 },
  );
  await jobs.work(
    JOB_NAMES.checkMatchDeadlines,
    async () => {
      logCounts("warn", { raised: await checkMatchDeadlines(deps) }, "match deadlines missed");
    },
    sweep,
  );
  await jobs.work(
    JOB_NAMES.advanceDemoSubscriptions,
    async () => {
      // Each change tells its provider and, when it grants access again, asks for a rematch itself.
      logCounts("info", { changed: await advanceDemoSubscriptions(deps) }, "demo subscriptions moved on");
    },
    sweep,
  );
  await jobs.work(
    JOB_NAMES.purgeAuthRows,
    async () => {
      logCounts("info", await purgeOldAuthRows(deps), "purged old sign-in attempts and sessions");
      // The same hourly sweep forgets submissions' Idempotency-Keys once they expire (decision 110).
      logCounts("info", { keys: await purgeExpiredIdempotencyKeys(deps) }, "purged expired idempotency keys");
      // And the System tab's 5xx rows past a week (decision 163).
      const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
      logCounts("info", { errors: await purgeServerErrors(deps.db, weekAgo) }, "purged old 5xx records");
      // And webhook events past a month, once none of their deliveries waits (decision 173).
      logCounts("info", { events: await purgeOldWebhookEvents(deps) }, "purged old webhook events");
      // And uploads never finished or never attached, and S3 objects without a row (decision 176).
      logCounts("info", { files: await sweepFiles(deps) }, "swept abandoned uploads");
    },
    sweep,
  );
  if (options.schedules ?? true) {
    await jobs.schedule(JOB_NAMES.checkMatchDeadlines, "* * * * *", {});
    await jobs.schedule(JOB_NAMES.purgeAuthRows, "17 * * * *", {});
    // Lead access and matching read the stored status; the demo's clock must run without a visit.
    await jobs.schedule(JOB_NAMES.advanceDemoSubscriptions, "* * * * *", {});
    // A safety net: the sweep finds any request still short of leads, whatever asked or failed to.
    await jobs.schedule(JOB_NAMES.rematchOpenRequests, "*/10 * * * *", { reason: "periodic" });
    // Retries come due without anyone asking: the sweep sends them, and anything else still due.
    if (deps.mail.transport) await jobs.schedule(JOB_NAMES.sendEmails, "* * * * *", { reason: "periodic" });
    // The same for webhook retries: each later retry comes due on this minute's sweep.
    await jobs.schedule(JOB_NAMES.deliverWebhooks, "* * * * *", { reason: "periodic" });
  }
}
