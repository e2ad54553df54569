// What users are told (DESIGN.md "Notifications"): the kinds of event, their labels for the
// preferences card, and the bodies of the notification centre's API, used by the bell and the server.
import { z } from "zod";
import { idParams } from "./ids";
import { labelledOptions } from "./labelled-options";
import { pageNumberSchema } from "./paging";
import type { UserType } from "./users";

export type NotificationKindInfo = {
  label: string;
  description: string;
  /**
   * Whose preferences card lists the kind: the role that receives it. Vetting news goes to providers
   * only: registering a company makes a client a provider at once (decision 021).
   */
  audience: readonly UserType[];
};

/** Each kind with its label, its description and who receives it; the list of kinds is read from it. */
const notificationKinds = labelledOptions({
  "lead.delivered": {
    label: "New leads",
    description: "A request is matched to your company.",
    audience: ["provider"],
  },
  "quote.received": {
    label: "Quotes received",
    description: "A provider sends a quote for your request.",
    audience: ["client"],
  },
  "quote.accepted": {
    label: "Quotes accepted",
    description: "A client hires you.",
    audience: ["provider"],
  },
  "quote.declined": {
    label: "Quotes declined",
    description: "A client declines your quote or hires someone else.",
    audience: ["provider"],
  },
  "request.provider_withdrawn": {
    label: "Providers no longer available",
    description: "A provider matched to your request can no longer take it on; another is sought in its place.",
    audience: ["client"],
  },
  "message.received": {
    label: "New messages",
    description: "A new message in one of your conversations (at most one email per conversation every 15 minutes).",
    audience: ["client", "provider"],
  },
  "review.invited": {
    label: "Review invitations",
    description: "You hire a provider: once the work is done, tell other businesses how it went.",
    audience: ["client"],
  },
  "review.received": {
    label: "New reviews",
    description: "A client you worked for reviews your company.",
    audience: ["provider"],
  },
  "provider.approved": {
    label: "Company approved",
    description: "An administrator approves your company profile.",
    audience: ["provider"],
  },
  "provider.rejected": {
    label: "Company not approved",
    description: "An administrator rejects your company profile.",
    audience: ["provider"],
  },
  "provider.changes_requested": {
    label: "Changes requested",
    description: "An administrator asks for changes to your company profile before approving it.",
    audience: ["provider"],
  },
  "subscription.trial_started": {
    label: "Trial started",
    description: "Your 14-day free trial begins.",
    audience: ["provider"],
  },
  "subscription.activated": {
    label: "Subscription active",
    description: "Your subscription is paid and active.",
    audience: ["provider"],
  },
  "subscription.payment_failed": {
    label: "Payment failed",
    description: "A subscription payment did not go through.",
    audience: ["provider"],
  },
  "subscription.canceled": {
    label: "Subscription canceled",
    description: "Your subscription ends.",
    audience: ["provider"],
  },
  "webhook.disabled": {
    label: "Webhook endpoints turned off",
    description: "One of your webhook endpoints failed for a day and was turned off.",
    audience: ["provider"],
  },
} satisfies Record<string, NotificationKindInfo>);
export const NOTIFICATION_KINDS = notificationKinds.values;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = notificationKinds.labels;

/** The kinds a role's preferences card lists. */
export function notificationKindsFor(userType: UserType): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((k) => NOTIFICATION_KIND_INFO[k].audience.includes(userType));
}

/** How many notifications a page of the bell holds: the latest ones first, older ones on "Load more". */
export const NOTIFICATION_LIST_LIMIT = 20;

export const notificationSchema = z.object({
  id: z.number().int(),
  /** As stored: written only as a NotificationKind (notifyUser), read back as text so that a row of a
   * kind since renamed or retired still shows (decision 083). */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  /** Where the next, older page starts (`?cursor=`), or null on the last one (decision 104). */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationIdParamsSchema = idParams("a notification id");

/** POST /api/notifications/read-all */
export const readAllResultSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, {
  error: `must be one of: ${NOTIFICATION_KINDS.join(", ")}`,
});

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  label: z.string(),
  description: z.string(),
  /** In-app notifications are always on; only email can be turned off. */
  email: z.boolean(),
});

/** GET /api/notifications/preferences, and the answer to PUT */
export const notificationPreferencesSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/notifications/preferences: the kinds to change; kinds left out keep their setting. */
export const updateNotificationPreferencesSchema = z.object({
  preferences: z
    .array(z.object({ kind: notificationKindSchema, email: z.boolean({ error: "must be true or false" }) }))
    .min(1, "must list at least one kind")
    .max(NOTIFICATION_KINDS.length * 2, "lists too many kinds")
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, "must list each kind once"),
});
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesSchema>;

// The admin's read of the email outbox.
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const { values: EMAIL_STATUSES, labels: EMAIL_STATUS_LABELS } = labelledOptions({
  pending: "Waiting",
  sent: "Sent",
  failed: "Failed",
});
export const OUTBOX_PAGE_SIZE = 25;

export const outboxQuerySchema = z.object({
  page: pageNumberSchema,
  status: z.enum(EMAIL_STATUSES, { error: `must be one of: ${EMAIL_STATUSES.join(", ")}` }).optional(),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxEmailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

/** GET /api/admin/emails */
export const outboxPageSchema = z.object({
  emails: z.array(outboxEmailSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** False: no SMTP_URL, so mail is not sent. */
  smtpConfigured: z.boolean(),
  /** Without SMTP outside production: the local mailbox's path, where every email can be read (decision 159). */
  localMailbox: z.string().nullable().optional(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
