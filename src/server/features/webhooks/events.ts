// Writing webhook events (decision 173): inside the transaction of the change they report, so an event
// exists exactly when its change does, and the sender's job is asked for in the same transaction (it runs
// after the commit, and not at all after a rollback). A company without an endpoint that wants the event
// costs one indexed read and nothing is written; the payload is built only for those that do.
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import { WEBHOOK_PAYLOAD_VERSION, type WebhookEvent } from "@/shared/webhooks";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/webhooks";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue";

export type WebhookEmitDeps = { jobs: JobQueue; now: Clock; appUrl: string };

/** An event for one company; its data is read only if the company has an endpoint that wants it. */
export type PendingWebhookEvent = { companyId: number; data: () => Promise<Record<string, unknown>> };

/** The webhook-id of an event: its number grows with the events' order. */
export const messageIdOf = (eventId: number) => `msg_${eventId}`;

/** The signed body: the same on every attempt and every endpoint. */
export function webhookBody(event: {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}): string {
  return JSON.stringify({
    id: messageIdOf(event.id),
    type: event.type,
    version: WEBHOOK_PAYLOAD_VERSION,
    timestamp: event.createdAt.toISOString(),
    data: event.payload,
  });
}

export async function emitWebhooks(
  tx: Db,
  deps: WebhookEmitDeps,
  type: WebhookEvent,
  events: PendingWebhookEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.companyId, [...new Set(events.map((e) => e.companyId))]),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    )
    // Held to the commit: an endpoint deleted meanwhile waits for this transaction rather than failing
    // its deliveries' foreign key; edits and rotations (FOR NO KEY UPDATE) do not wait.
    .for("key share");
  if (endpoints.length === 0) return;
  const now = deps.now();
  for (const event of events) {
    const targets = endpoints.filter((e) => e.companyId === event.companyId);
    if (targets.length === 0) continue;
    const [row] = await tx
      .insert(webhookEvents)
      .values({ companyId: event.companyId, type, payload: await event.data(), createdAt: now })
      .returning({ id: webhookEvents.id });
    if (!row) continue;
    await tx
      .insert(webhookDeliveries)
      .values(targets.map((t) => ({ eventId: row.id, endpointId: t.id, nextAttemptAt: now })));
  }
  await deps.jobs.send(JOB_NAMES.deliverWebhooks, { reason: type }, { tx });
}

/** One event for one company. */
export function emitWebhook(
  tx: Db,
  deps: WebhookEmitDeps,
  type: WebhookEvent,
  companyId: number,
  data: () => Promise<Record<string, unknown>>,
): Promise<void> {
  return emitWebhooks(tx, deps, type, [{ companyId, data }]);
}
