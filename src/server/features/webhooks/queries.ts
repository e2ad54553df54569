import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type Db, executedRows } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { users } from "../../db/schema/users";
import {
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema/webhooks";

/** A delivery the sender took, with its event and its endpoint's address and secrets. */
export type ClaimedDelivery = {
  id: number;
  attempts: number;
  endpointId: number;
  eventId: number;
  type: string;
  payload: Record<string, unknown>;
  eventCreatedAt: Date;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
};

/**
 * Takes up to `limit` due deliveries of enabled endpoints, oldest event first, and leases them (their
 * next attempt moved past the lease, the attempt counted): another process skips the locked rows now and
 * the leased ones until the lease ends, so each delivery is sent by one process at a time.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedDelivery[]> {
  const rows = executedRows(
    await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id
        where d.status = 'pending' and d.next_attempt_at <= ${now} and e.enabled
        order by d.event_id, d.id
        limit ${limit}
        for update of d skip locked
      ), claimed as (
        update webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = ${leaseUntil}
        from due where d.id = due.id
        returning d.id, d.attempts, d.endpoint_id, d.event_id
      )
      select c.id, c.attempts, c.endpoint_id, c.event_id, ev.type, ev.payload, ev.created_at,
        e.url, e.secret, e.previous_secret, e.previous_secret_expires_at
      from claimed c
      join webhook_events ev on ev.id = c.event_id
      join webhook_endpoints e on e.id = c.endpoint_id
      order by c.event_id, c.id`),
  );
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return rows.map((r) => ({
    id: Number(r.id),
    attempts: Number(r.attempts),
    endpointId: Number(r.endpoint_id),
    eventId: Number(r.event_id),
    type: String(r.type),
    payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    eventCreatedAt: date(r.created_at) as Date,
    url: String(r.url),
    secret: String(r.secret),
    previousSecret: (r.previous_secret as string | null) ?? null,
    previousSecretExpiresAt: date(r.previous_secret_expires_at),
  }));
}

export async function insertAttempt(db: Db, attempt: Omit<WebhookAttemptRow, "id">): Promise<void> {
  await db.insert(webhookAttempts).values(attempt);
}

export async function markDelivered(db: Db, deliveryId: number, endpointId: number, now: Date): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "delivered", finishedAt: now })
    .where(eq(webhookDeliveries.id, deliveryId));
  await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
}

/** A failed attempt: tried again at `retryAt`, or failed for good when null. The endpoint's failing run starts or goes on. */
export async function markAttemptFailed(
  db: Db,
  deliveryId: number,
  endpointId: number,
  now: Date,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set(retryAt ? { nextAttemptAt: retryAt } : { status: "failed", finishedAt: now })
    .where(eq(webhookDeliveries.id, deliveryId));
  await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
    .where(eq(webhookEndpoints.id, endpointId));
}

/**
 * Turns the endpoint off when it has failed since before `failingBefore`: answers its owner to tell, or
 * null when it is not (yet) so, or another process turned it off first.
 */
export async function disableIfFailingSince(db: Db, endpointId: number, failingBefore: Date, reason: string) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.enabled, true),
        lt(webhookEndpoints.failingSince, failingBefore),
      ),
    )
    .returning({ url: webhookEndpoints.url, companyId: webhookEndpoints.companyId });
  if (!row) return null;
  const [owner] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .where(eq(companies.id, row.companyId));
  return owner ? { owner, url: row.url } : null;
}

export async function companyEndpoints(db: Db, companyId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.id);
}

/** The latest delivery of each endpoint, with its latest attempt's status. */
export async function lastDeliveries(db: Db, endpointIds: number[]) {
  if (endpointIds.length === 0) return [];
  const rows = executedRows(
    await db.execute(sql`
      select distinct on (d.endpoint_id) d.endpoint_id, d.status, coalesce(a.attempted_at, d.created_at) as at,
        a.response_status
      from webhook_deliveries d
      left join lateral (
        select attempted_at, response_status from webhook_attempts where delivery_id = d.id order by id desc limit 1
      ) a on true
      where d.endpoint_id in (${sql.join(
        endpointIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by d.endpoint_id, d.id desc`),
  );
  return rows.map((r) => ({
    endpointId: Number(r.endpoint_id),
    status: r.status as WebhookDeliveryRow["status"],
    at: new Date(r.at as string),
    responseStatus: r.response_status === null ? null : Number(r.response_status),
  }));
}

/** A page of an endpoint's deliveries, newest first, with their events. */
export async function deliveriesPage(db: Db, endpointId: number, after: number | null, limit: number) {
  return db
    .select({ delivery: webhookDeliveries, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), after === null ? undefined : lt(webhookDeliveries.id, after)),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit + 1);
}

export async function attemptsOf(db: Db, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(webhookAttempts.id);
}

/** Events older than `before` none of whose deliveries is still pending: the log keeps a month. */
export async function purgeOldEvents(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(webhookEvents)
    .where(
      and(
        lt(webhookEvents.createdAt, before),
        sql`not exists (select 1 from webhook_deliveries d where d.event_id = ${webhookEvents.id} and d.status = 'pending')`,
      ),
    )
    .returning({ id: webhookEvents.id });
  return rows.length;
}

/** Deliveries still to be sent, or sent again (the metrics' gauge). */
export async function countWaitingDeliveries(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, "pending"));
  return row?.n ?? 0;
}
