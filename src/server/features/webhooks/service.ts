// A provider's webhook endpoints (issue 32 part 2, decision 173): added, changed, turned off and on,
// deleted, their secrets rotated, and their delivery logs read with "Send again". Every call works on
// the caller's own company's endpoints; another company's answer 404, as ones that do not exist.
import { and, count, eq, sql } from "drizzle-orm";
import type { PageQuery } from "@/shared/paging";
import {
  type CreateWebhookEndpointInput,
  createWebhookEndpointSchema,
  type UpdateWebhookEndpointInput,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from "@/shared/webhooks";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from "../../db/schema/webhooks";
import { ConflictError, FieldError, NotFoundError } from "../../errors";
import { idCursor, toPage } from "../../http/paging";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue";
import { lockCompanyIdOf } from "../companies/queries";
import { pinTarget, RefusedAddress } from "./address";
import type { WebhookSettings } from "./delivery";
import { messageIdOf } from "./events";
import * as q from "./queries";
import { newWebhookSecret, secretHint } from "./signing";

export type WebhookAdminDeps = { db: Db; now: Clock; jobs: JobQueue; webhooks: WebhookSettings };

/** How long a rotated secret still signs beside the new one, so that receivers can switch without a gap. */
const PREVIOUS_SECRET_HOURS = 24;
/** The delivery log keeps a month. */
const EVENT_RETENTION_DAYS = 30;
const NO_COMPANY = "Register your company before adding webhooks.";

async function companyIdOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, userId));
  if (!row) throw new NotFoundError(NO_COMPANY);
  return row.id;
}

/**
 * The caller's endpoint, locked for the transaction when asked (FOR NO KEY UPDATE: an event written
 * meanwhile, which holds it FOR KEY SHARE, need not wait); 404 for anyone else's.
 */
async function ownEndpoint(db: Db, userId: number, id: number, lock = false): Promise<WebhookEndpointRow> {
  const companyId = await companyIdOf(db, userId);
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  const [row] = lock ? await query.for("no key update") : await query;
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** The address must pass the same check as every delivery: said at the URL field. */
async function checkUrl(settings: WebhookSettings, url: string): Promise<void> {
  try {
    await pinTarget(url, settings);
  } catch (err) {
    if (err instanceof RefusedAddress) throw new FieldError("url", err.message);
    throw err;
  }
}

function toEndpoint(row: WebhookEndpointRow, read: q.LastDeliveryRead | string = null): WebhookEndpoint {
  const last = typeof read === "string" ? (JSON.parse(read) as q.LastDeliveryRead) : read;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabledReason: row.enabled ? null : row.disabledReason,
    secretHint: secretHint(row.secret),
    failingSince: row.failingSince?.toISOString() ?? null,
    lastDelivery: last
      ? { status: last.status, at: new Date(last.at).toISOString(), responseStatus: last.responseStatus }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEndpoints(db: Db, userId: number): Promise<WebhookEndpointList> {
  const rows = await q.endpointsWithLastDelivery(db, { companyId: await companyIdOf(db, userId) });
  return { endpoints: rows.map((r) => toEndpoint(r.endpoint, r.last)) };
}

export async function createEndpoint(
  deps: WebhookAdminDeps,
  userId: number,
  input: CreateWebhookEndpointInput,
): Promise<WebhookEndpointWithSecret> {
  const parsed = createWebhookEndpointSchema.parse(input);
  await checkUrl(deps.webhooks, parsed.url);
  return deps.db.transaction(async (tx) => {
    // The company row locked: two additions at once cannot both pass the limit.
    const companyId = await lockCompanyIdOf(tx, userId);
    if (companyId === undefined) throw new NotFoundError(NO_COMPANY);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, companyId));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw new ConflictError(WEBHOOK_MESSAGES.tooMany);
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId,
        url: parsed.url,
        description: parsed.description,
        events: parsed.events,
        secret,
      })
      .returning();
    if (!row) throw new Error("the endpoint was not written");
    return { ...toEndpoint(row), secret };
  });
}

export async function updateEndpoint(
  deps: WebhookAdminDeps,
  userId: number,
  id: number,
  input: UpdateWebhookEndpointInput,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkUrl(deps.webhooks, input.url);
  return deps.db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, userId, id, true);
    const turningOn = input.enabled === true && !current.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.enabled === false && current.enabled ? { enabled: false, disabledReason: "Turned off by you." } : {}),
        // Back on: its run of failures starts afresh, and what waited is sent now.
        ...(turningOn ? { enabled: true, disabledReason: null, failingSince: null } : {}),
        updatedAt: deps.now(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    if (turningOn) {
      // Each waiting delivery starts a fresh schedule: the attempts that failed while it was off are spent.
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: deps.now(), attempts: 0 })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending")));
      await deps.jobs.send(JOB_NAMES.deliverWebhooks, { reason: "endpoint-enabled" }, { tx });
    }
    const [read] = await q.endpointsWithLastDelivery(tx, { id });
    return toEndpoint(row, read?.last);
  });
}

export async function deleteEndpoint(db: Db, userId: number, id: number): Promise<void> {
  const endpoint = await ownEndpoint(db, userId, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
}

/** A new secret, shown once; the previous one still signs for a day beside it. */
export async function rotateSecret(
  deps: WebhookAdminDeps,
  userId: number,
  id: number,
): Promise<WebhookEndpointWithSecret> {
  return deps.db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, userId, id, true);
    const secret = newWebhookSecret();
    const now = deps.now();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 60 * 60 * 1000),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    return { ...toEndpoint(row), secret };
  });
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The endpoint's deliveries, newest first, each with its attempts. */
export async function listDeliveries(
  db: Db,
  userId: number,
  endpointId: number,
  query: PageQuery,
): Promise<WebhookDeliveryPage> {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  const limit = query.limit ?? WEBHOOK_DELIVERIES_PAGE_SIZE;
  const rows = await q.deliveriesPage(db, endpoint.id, idCursor(query.cursor), limit);
  return toPage(
    rows,
    limit,
    ({ delivery, event, attempts }): WebhookDelivery => ({
      id: delivery.id,
      messageId: messageIdOf(event.id),
      event: event.type as WebhookEvent,
      status: delivery.status,
      attempts: (typeof attempts === "string" ? (JSON.parse(attempts) as q.AttemptRead[]) : attempts).map((a) => ({
        ...a,
        at: new Date(a.at).toISOString(),
      })),
      nextAttemptAt: delivery.status === "pending" ? iso(delivery.nextAttemptAt) : null,
      createdAt: delivery.createdAt.toISOString(),
      payload: event.payload,
    }),
    (r) => r.delivery.id,
  );
}

/** "Send again": the delivery is due now with a fresh retry schedule, whatever became of it. */
export async function resendDelivery(deps: WebhookAdminDeps, userId: number, deliveryId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const companyId = await companyIdOf(tx, userId);
    const [endpoint] = await tx
      .select({ enabled: webhookEndpoints.enabled })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.companyId, companyId)));
    if (!endpoint) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
    if (!endpoint.enabled) throw new ConflictError(WEBHOOK_MESSAGES.resendDisabled);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: deps.now(), finishedAt: null })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          sql`${webhookDeliveries.endpointId} in (select id from webhook_endpoints where company_id = ${companyId})`,
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
    await deps.jobs.send(JOB_NAMES.deliverWebhooks, { reason: "send-again" }, { tx });
  });
}

/** What deleting an account leaves of webhooks (decision 173): a retired company's none, a client's contact in no message. */
export async function forgetAccountInWebhooks(
  tx: Db,
  account: { companyId: number | undefined; email: string },
): Promise<void> {
  if (account.companyId !== undefined) await q.deleteCompanyWebhooks(tx, account.companyId);
  await q.forgetClientContact(tx, account.email);
}

/** The hourly sweep's part: events past a month, with their deliveries. */
export function purgeOldWebhookEvents(deps: { db: Db; now: Clock }): Promise<number> {
  return q.purgeOldEvents(deps.db, new Date(deps.now().getTime() - EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000));
}
