import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import { type Db, executedRows } from "../../db/client";
import { rowCount } from "../../db/row-count";
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
 * Takes up to `limit` due deliveries, at most one per endpoint (its oldest due one), of enabled
 * endpoints whose company's owner is not suspended, and leases them: their next attempt moved past the
 * lease and the attempt counted, the count being the lease's token (a later claim or "Send again"
 * changes it, and the outcome of this attempt is then not written over theirs). Another sender skips
 * the locked rows now and the leased ones until the lease ends. One per endpoint keeps a slow receiver
 * from filling a batch: every endpoint due gets its turn in each batch.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  now: Date,
  leaseUntil: Date,
  busyEndpoints: number[] = [],
): Promise<ClaimedDelivery[]> {
  // The endpoints this sender is posting to already: their next deliveries wait for that one.
  const busy =
    busyEndpoints.length === 0
      ? sql``
      : sql` and d2.endpoint_id not in (${sql.join(
          busyEndpoints.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const rows = executedRows(
    await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        where d.id in (
          select id from (
            select d2.id, row_number() over (partition by d2.endpoint_id order by d2.event_id, d2.id) as rn
            from webhook_deliveries d2
            join webhook_endpoints e on e.id = d2.endpoint_id and e.enabled
            join companies c on c.id = e.company_id
            join users u on u.id = c.user_id and u.suspended_at is null
            where d2.status = 'pending' and d2.next_attempt_at <= ${now}${busy}
          ) ranked where rn = 1
        )
        and d.status = 'pending' and d.next_attempt_at <= ${now}
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

/**
 * The endpoint's row, locked before its delivery's (the order in which deleting or turning on an
 * endpoint takes them): false when the endpoint is gone.
 */
export async function lockEndpoint(db: Db, endpointId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .for("no key update");
  return row !== undefined;
}

/** The delivery as this attempt claimed it: still pending, with the attempt count it was leased at. */
const stillClaimed = (claim: Claim) =>
  and(
    eq(webhookDeliveries.id, claim.id),
    eq(webhookDeliveries.status, "pending"),
    eq(webhookDeliveries.attempts, claim.attempts),
  );
type Claim = { id: number; attempts: number };

/** Delivered; false when the claim had been taken over (nothing written). */
export async function markDelivered(db: Db, claim: Claim, endpointId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "delivered", finishedAt: now })
    .where(stillClaimed(claim))
    .returning({ id: webhookDeliveries.id });
  if (rows.length === 0) return false;
  await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
  return true;
}

/**
 * A failed attempt: tried again at `retryAt`, or failed for good when null. The endpoint's failing run
 * starts or goes on. False when the claim had been taken over (nothing written).
 */
export async function markAttemptFailed(
  db: Db,
  claim: Claim,
  endpointId: number,
  now: Date,
  retryAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set(retryAt ? { nextAttemptAt: retryAt } : { status: "failed", finishedAt: now })
    .where(stillClaimed(claim))
    .returning({ id: webhookDeliveries.id });
  if (rows.length === 0) return false;
  await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
    .where(eq(webhookEndpoints.id, endpointId));
  return true;
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

/** An endpoint's latest delivery, with its latest attempt's answer, as the endpoints' statement reads it. */
export type LastDeliveryRead = {
  status: WebhookDeliveryRow["status"];
  at: string;
  responseStatus: number | null;
} | null;

/**
 * Endpoints with their latest delivery, in one statement: an endpoint's failing run and its latest
 * delivery are read at one moment, never an attempt's outcome beside the endpoint from before it.
 */
export async function endpointsWithLastDelivery(db: Db, where: { companyId: number } | { id: number }) {
  return db
    .select({
      endpoint: webhookEndpoints,
      last: sql<LastDeliveryRead | string>`(
        select json_build_object('status', d.status, 'at', coalesce(a.attempted_at, d.created_at), 'responseStatus', a.response_status)
        from webhook_deliveries d
        left join lateral (
          select attempted_at, response_status from webhook_attempts where delivery_id = d.id order by id desc limit 1
        ) a on true
        where d.endpoint_id = "webhook_endpoints"."id"
        order by d.id desc limit 1)`,
    })
    .from(webhookEndpoints)
    .where("id" in where ? eq(webhookEndpoints.id, where.id) : eq(webhookEndpoints.companyId, where.companyId))
    .orderBy(webhookEndpoints.id);
}

/** An attempt as the delivery log's statement reads it. */
export type AttemptRead = { at: string; responseStatus: number | null; durationMs: number; excerpt: string };

/**
 * A page of an endpoint's deliveries, newest first, with their events and their attempts, in one
 * statement: a delivery's status and its attempts are read at one moment, so that an attempt recorded
 * between two reads never shows beside the status from before it.
 */
export async function deliveriesPage(db: Db, endpointId: number, after: number | null, limit: number) {
  return db
    .select({
      delivery: webhookDeliveries,
      event: webhookEvents,
      attempts: sql<AttemptRead[] | string>`(
        select coalesce(json_agg(json_build_object(
          'at', a.attempted_at, 'responseStatus', a.response_status, 'durationMs', a.duration_ms, 'excerpt', a.excerpt
        ) order by a.id), '[]'::json)
        from webhook_attempts a where a.delivery_id = "webhook_deliveries"."id")`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), after === null ? undefined : lt(webhookDeliveries.id, after)),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit + 1);
}

/**
 * Events older than `before`, with their deliveries and attempts: the log keeps a month. A delivery
 * still pending then waits on an endpoint turned off (the schedule ends after 28 hours): its message
 * is too old to matter.
 */
export async function purgeOldEvents(db: Db, before: Date): Promise<number> {
  return rowCount(
    db.delete(webhookEvents).where(lt(webhookEvents.createdAt, before)).returning({ id: webhookEvents.id }),
  );
}

/** A retired company's endpoints and events go with it: nothing more is sent for it. */
export async function deleteCompanyWebhooks(db: Db, companyId: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId));
  await db.delete(webhookEvents).where(eq(webhookEvents.companyId, companyId));
}

/** A deleted client's contact details leave the hires' messages that carried them (decision 118). */
export async function forgetClientContact(db: Db, email: string): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ payload: sql`jsonb_set(${webhookEvents.payload}, '{client}', 'null'::jsonb)` })
    .where(and(eq(webhookEvents.type, "quote.accepted"), sql`${webhookEvents.payload}->'client'->>'email' = ${email}`));
}

/** Deliveries still to be sent, or sent again (the metrics' gauge). */
export async function countWaitingDeliveries(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, "pending"));
  return row?.n ?? 0;
}
