// The background sender of webhook deliveries (decision 173): takes due deliveries, signs each
// (Standard Webhooks), posts it to the address checked and pinned for this attempt, and records the
// attempt. A 2xx within the time-out is delivered; anything else is tried again on the retry schedule
// (5 s to 10 h, about 28 hours in all) and then failed. An endpoint whose attempts have all failed for a
// day is turned off and its provider told; its waiting deliveries are kept for when it is turned on again.
import { WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TIMEOUT_SECONDS } from "@/shared/webhooks";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { JOB_NAMES, type JobLog, type JobQueue } from "../../jobs/queue";
import type { Metrics } from "../../metrics";
import { notifyUser } from "../notifications/service";
import { type AddressRules, pinTarget, RefusedAddress, systemResolver } from "./address";
import { messageIdOf, webhookBody } from "./events";
import { endpointDisabledMessage } from "./messages";
import * as q from "./queries";
import { type AttemptResult, postWebhook } from "./send";
import { signedHeaders } from "./signing";

export type WebhookSettings = AddressRules & { timeoutMs: number };

export function webhookSettings(allowPrivateNetworks: boolean): WebhookSettings {
  return { allowPrivateNetworks, resolve: systemResolver, timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000 };
}

export type WebhookSenderDeps = {
  db: Db;
  log: JobLog;
  now: Clock;
  jobs: JobQueue;
  appUrl: string;
  webhooks: WebhookSettings;
  metrics: Metrics;
};
export type WebhookOutcome = { delivered: number; retrying: number; failed: number; disabled: number };

/** Attempts in flight at once, each to a different endpoint. */
const BATCH = 20;
const HOUR_MS = 60 * 60 * 1000;

/** When attempt n+1 may start after n failed ones; null once the schedule is spent. */
export function retryDelaySeconds(failedAttempts: number): number | null {
  return WEBHOOK_RETRY_DELAYS_SECONDS[failedAttempts - 1] ?? null;
}

/** One attempt of a claimed delivery, never throwing for the receiver's faults. */
async function attempt(deps: WebhookSenderDeps, row: q.ClaimedDelivery): Promise<AttemptResult> {
  const now = deps.now();
  const secrets = [row.secret];
  if (row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) {
    secrets.push(row.previousSecret);
  }
  const body = webhookBody({ id: row.eventId, type: row.type, payload: row.payload, createdAt: row.eventCreatedAt });
  try {
    // Checked and resolved on every attempt: an address that turned private since it was saved is refused.
    const target = await pinTarget(row.url, deps.webhooks);
    // The signature's time is the wall clock's: receivers compare it with theirs to refuse replays.
    const headers = signedHeaders(secrets, messageIdOf(row.eventId), Math.floor(Date.now() / 1000), body);
    return await postWebhook(target, headers, body, deps.webhooks.timeoutMs);
  } catch (err) {
    if (err instanceof RefusedAddress) return { status: null, durationMs: 0, excerpt: `Refused: ${err.message}` };
    throw err;
  }
}

/**
 * Records the attempt and its consequences, in one transaction, the endpoint's row locked first. The
 * delay before the next attempt, or null when there is none (delivered, failed for good, or the
 * delivery was taken over meanwhile: sent again, or claimed anew after its lease ran out).
 */
async function record(
  deps: WebhookSenderDeps,
  row: q.ClaimedDelivery,
  result: AttemptResult,
  outcome: WebhookOutcome,
): Promise<number | null> {
  const now = deps.now();
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const kind = ok ? "2xx" : result.status === null ? "no answer" : "other status";
  deps.metrics.webhooks.attemptSeconds.observe({ result: kind }, result.durationMs / 1000);
  return deps.db.transaction(async (tx) => {
    if (!(await q.lockEndpoint(tx, row.endpointId))) return null;
    await q.insertAttempt(tx, {
      deliveryId: row.id,
      attemptedAt: now,
      responseStatus: result.status,
      durationMs: result.durationMs,
      excerpt: result.excerpt,
    });
    if (ok) {
      if (await q.markDelivered(tx, row, row.endpointId, now)) {
        outcome.delivered += 1;
        deps.metrics.webhooks.outcomes.inc({ outcome: "delivered" });
      }
      return null;
    }
    const delay = retryDelaySeconds(row.attempts);
    const retryAt = delay === null ? null : new Date(now.getTime() + delay * 1000);
    if (!(await q.markAttemptFailed(tx, row, row.endpointId, now, retryAt))) return null;
    const failure = delay === null ? "failed" : "retrying";
    outcome[failure] += 1;
    deps.metrics.webhooks.outcomes.inc({ outcome: failure });
    const disabled = await q.disableIfFailingSince(
      tx,
      row.endpointId,
      new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_HOURS * HOUR_MS),
      `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_HOURS} hours.`,
    );
    if (disabled) {
      outcome.disabled += 1;
      deps.metrics.webhooks.disabled.inc();
      await notifyUser(tx, deps, endpointDisabledMessage(deps.appUrl, disabled.owner, disabled.url));
    }
    return delay;
  });
}

/**
 * One claimed delivery, attempted and recorded. A fault of ours in the attempt counts as a failed
 * attempt (so the schedule still ends); one in recording it is logged, and the lease brings it back.
 */
async function deliverOne(deps: WebhookSenderDeps, row: q.ClaimedDelivery, outcome: WebhookOutcome) {
  let result: AttemptResult;
  try {
    result = await attempt(deps, row);
  } catch (err) {
    deps.log.error({ err, deliveryId: row.id }, "webhook attempt failed on our side");
    result = { status: null, durationMs: 0, excerpt: "Could not deliver: an error on our side. It is tried again." };
  }
  try {
    return await record(deps, row, result, outcome);
  } catch (err) {
    deps.log.error({ err, deliveryId: row.id }, "webhook delivery could not be recorded; its lease will retry it");
    return null;
  }
}

/**
 * Sends every due delivery, up to BATCH at once and one per endpoint at a time: an endpoint's
 * deliveries go one after another in the order of their events, and a slow receiver holds up only
 * itself, as the others' next deliveries are claimed as soon as each finishes. When a retry comes due
 * sooner than the minute's sweep, the sender is asked for again at that time.
 */
export async function deliverDueWebhooks(deps: WebhookSenderDeps): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  let soonest: number | null = null;
  const inFlight = new Map<number, Promise<void>>();
  for (;;) {
    const room = BATCH - inFlight.size;
    if (room > 0) {
      const now = deps.now();
      const lease = new Date(now.getTime() + deps.webhooks.timeoutMs + 60_000);
      for (const row of await q.claimDueDeliveries(deps.db, room, now, lease, [...inFlight.keys()])) {
        const sending = deliverOne(deps, row, outcome).then((delay) => {
          if (delay !== null) soonest = Math.min(soonest ?? delay, delay);
          inFlight.delete(row.endpointId);
        });
        inFlight.set(row.endpointId, sending);
      }
    }
    if (inFlight.size === 0) break;
    // One finished: its endpoint's next delivery, and anything else due, may be claimed now.
    await Promise.race(inFlight.values());
  }
  if (soonest !== null && soonest < 60) {
    await deps.jobs.send(JOB_NAMES.deliverWebhooks, { reason: "retry" }, { startAfterSeconds: soonest });
  }
  return outcome;
}
