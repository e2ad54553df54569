// Webhooks (issue 32 part 2, decision 173): a provider's HTTPS endpoints, the events each receives, and
// the delivery log. Messages follow the Standard Webhooks specification (https://www.standardwebhooks.com):
// headers webhook-id, webhook-timestamp and webhook-signature, HMAC-SHA256 with the endpoint's secret.
import { z } from "zod";
import { labelledOptions } from "./labelled-options";
import { pageOf } from "./paging";

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const { values: WEBHOOK_EVENTS, labels: WEBHOOK_EVENT_LABELS } = labelledOptions({
  "lead.delivered": "A new lead is delivered to you",
  "lead.withdrawn": "A lead closes: the client cancelled or hired someone else",
  "message.received": "The client writes to you about a lead",
  "quote.accepted": "The client accepts your quote",
  "quote.declined": "Your quote is declined",
  "review.posted": "The client reviews your work",
});

/** The payloads' version: a field's meaning never changes within one; a new version is announced ahead. */
export const WEBHOOK_PAYLOAD_VERSION = 1;
/** A provider's endpoints: a CRM, a Zapier hook, an n8n flow and a spare are plenty. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** A 2xx answer within this many seconds counts as delivered. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/**
 * Seconds before each retry after a failed attempt (the Standard Webhooks reference schedule): 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h and 10 h, about 28 hours from the first attempt to the last.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint whose every attempt has failed for this long is disabled, and its provider emailed. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 500;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const WEBHOOK_MESSAGES = {
  url: "Enter the endpoint's full address, starting with https://",
  urlHttps: "The endpoint must use https://",
  urlCredentials: "Leave user names and passwords out of the address: check the signature instead",
  urlTooLong: `The address must be at most ${WEBHOOK_URL_MAX} characters`,
  events: "Choose at least one event",
  eventUnknown: `Choose events from the list: ${WEBHOOK_EVENTS.join(", ")}`,
  description: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  tooMany: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} endpoints: delete one you no longer use first.`,
  notFound: "This webhook endpoint does not exist.",
  deliveryNotFound: "This delivery does not exist.",
  resendDisabled: "This endpoint is turned off: turn it on first, and its waiting deliveries are sent.",
} as const;

const urlSchema = z
  .string(WEBHOOK_MESSAGES.url)
  .trim()
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), WEBHOOK_MESSAGES.url)
  .refine((v) => !URL.canParse(v) || (new URL(v).username === "" && new URL(v).password === ""), {
    message: WEBHOOK_MESSAGES.urlCredentials,
  });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, WEBHOOK_MESSAGES.eventUnknown), WEBHOOK_MESSAGES.events)
  .min(1, WEBHOOK_MESSAGES.events)
  .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.eventUnknown)
  .refine((v) => new Set(v).size === v.length, WEBHOOK_MESSAGES.eventUnknown);

/** POST /api/webhooks/endpoints. */
export const createWebhookEndpointSchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.description).default(""),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

/** PATCH /api/webhooks/endpoints/:id: any of the fields; `enabled: true` turns a disabled endpoint back on. */
export const updateWebhookEndpointSchema = z.strictObject({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.description).optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was turned off: by its provider, or after failing for a day. */
  disabledReason: z.string().nullable(),
  /** The secret's first characters, to tell which one a receiver holds. */
  secretHint: z.string(),
  /** The start of the current run of failures; null when the last attempt succeeded. */
  failingSince: z.string().nullable(),
  lastDelivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string(), responseStatus: z.number().nullable() })
    .nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer that shows a secret: on creation and rotation only, never again. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when no answer came (refused, time-out, connection error). */
  responseStatus: z.number().nullable(),
  durationMs: z.number(),
  /** The answer's first characters, or what went wrong. */
  excerpt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  /** The webhook-id header: the event's id, the same on every attempt and every endpoint. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptSchema),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
