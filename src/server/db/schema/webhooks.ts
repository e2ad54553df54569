import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idTable, ownerRef, timestamps, timestamptz } from "./columns";
import { companies } from "./companies";

/**
 * A provider's webhook endpoint (decision 173): where its chosen events are posted, signed with its
 * secret (Standard Webhooks). The secret is kept to sign with, shown to the provider once; after a
 * rotation the previous one signs too until `previousSecretExpiresAt`, so receivers can switch over.
 */
export const webhookEndpoints = idTable(
  "webhook_endpoints",
  {
    companyId: ownerRef(() => companies.id),
    url: text().notNull(),
    description: text().notNull().default(""),
    events: text().array().notNull(),
    secret: text().notNull(),
    previousSecret: text(),
    previousSecretExpiresAt: timestamptz(),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    /** The first failed attempt since the last delivered one: a day of failures disables the endpoint. */
    failingSince: timestamptz(),
    ...timestamps(),
  },
  (t) => [index("webhook_endpoints_company_id_idx").on(t.companyId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event for one company, written in the transaction of the change it reports: its id is the
 * messages' webhook-id, the same on every attempt and endpoint, and grows with the events' order.
 * Written only when the company has an endpoint that wants it.
 */
export const webhookEvents = idTable(
  "webhook_events",
  {
    companyId: ownerRef(() => companies.id),
    type: text().notNull(),
    /** The whole signed body: { id, type, version, timestamp, data }. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_events_created_at_idx").on(t.createdAt)],
);

/** An event on its way to one endpoint: the outbox the background sender works (decision 173). */
export const webhookDeliveries = idTable(
  "webhook_deliveries",
  {
    eventId: ownerRef(() => webhookEvents.id),
    endpointId: ownerRef(() => webhookEndpoints.id),
    status: text().$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** When the sender may try a pending delivery (again); a claimed one is leased by moving it ahead. */
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_key").on(t.eventId, t.endpointId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    check("webhook_deliveries_status_check", sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Each try of a delivery, for the provider's delivery log. */
export const webhookAttempts = idTable(
  "webhook_attempts",
  {
    deliveryId: ownerRef(() => webhookDeliveries.id),
    attemptedAt: timestamptz().notNull(),
    /** The receiver's HTTP status; null when no answer came. */
    responseStatus: integer(),
    durationMs: integer().notNull(),
    /** The answer's first characters, or what went wrong. */
    excerpt: text().notNull(),
  },
  (t) => [index("webhook_attempts_delivery_id_idx").on(t.deliveryId)],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
