// Reports of abuse and their moderation (issue 16, decisions 134 and 135): a party reports a message of
// the other side (POST /api/messages/{id}/report, body in conversations.ts); an admin reads the reports
// with their thread and hides the message, suspends its author, or dismisses the report.
import { z } from "zod";
import { MESSAGE_REPORT_REASONS, MESSAGE_REPORT_STATUSES, MESSAGE_SIDES } from "./conversations";
import { storedFileSchema } from "./files";
import { oneOf, pageOf, pageQuerySchema } from "./paging";
import { optionalNote } from "./text-fields";
import { personContactSchema, personNameSchema, userTypeSchema } from "./users";

export const REPORT_THANKS_MESSAGE = "Thanks. Our team will review this message.";
export const ALREADY_REPORTED_MESSAGE = "You have already reported this message.";
export const OWN_MESSAGE_REPORT_MESSAGE = "You can only report messages the other side wrote.";
export const HIDDEN_MESSAGE_REPORT_MESSAGE = "Our team has already removed this message.";
export const ACCOUNT_SUSPENDED_MESSAGE = "This account is suspended. Contact support.";

/** The alert a report raises for the admins (alerts.type). */
export const MESSAGE_REPORTED_ALERT = "message_reported";
/** What the admin sees of a thread around a reported message: this many messages before it, and after it. */
export const REPORT_THREAD_CONTEXT = 25;
export const MODERATION_REASON_MAX = 500;

/** POST /api/messages/{id}/report answers the report's id and status. */
export const messageReportCreatedSchema = z.object({
  id: z.number().int(),
  status: z.enum(MESSAGE_REPORT_STATUSES),
  message: z.string(),
});
export type MessageReportCreated = z.infer<typeof messageReportCreatedSchema>;

const reasonSchema = (what: string) =>
  z
    .string({ error: `Say why you ${what}.` })
    .trim()
    .min(1, `Say why you ${what}.`)
    .max(MODERATION_REASON_MAX, `The reason must be at most ${MODERATION_REASON_MAX} characters.`);

/** POST /api/admin/messages/{id}/hide: the reason is kept with the message and in the activity log. */
export const hideMessageSchema = z.object({ reason: reasonSchema("hide this message") });

/** PATCH /api/admin/users/{id}/suspend */
export const suspendUserSchema = z.object({ reason: reasonSchema("suspend this account") });

/** POST /api/admin/message-reports/{id}/dismiss */
export const dismissReportSchema = z.object({
  note: optionalNote(MODERATION_REASON_MAX),
});
export type DismissReportInput = z.infer<typeof dismissReportSchema>;

/** GET /api/admin/message-reports?status=&cursor=&limit= (no status: every report), newest first. */
export const adminReportsQuerySchema = pageQuerySchema.extend({
  status: oneOf("status", MESSAGE_REPORT_STATUSES).optional(),
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

export const RESOLUTION_KINDS = ["hidden", "suspended", "dismissed"] as const;
export type ResolutionKind = (typeof RESOLUTION_KINDS)[number];

const personSchema = personContactSchema.extend({ userType: userTypeSchema, suspended: z.boolean() });

/** A message as the admin sees it: the body even when hidden. */
export const adminMessageSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  side: z.enum(MESSAGE_SIDES),
  body: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  createdAt: z.string(),
  /** Null once the author deleted their account. */
  author: personSchema.nullable(),
  /** Its attachments (decision 176), which the admin may remove. */
  files: z.array(storedFileSchema).optional(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(MESSAGE_REPORT_STATUSES),
  reason: z.enum(MESSAGE_REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: z.string(),
  message: adminMessageSchema,
  /** Null once the reporter deleted their account. */
  reporter: personSchema.nullable(),
  request: z.object({ id: z.number().int(), title: z.string() }),
  companyName: z.string(),
  resolution: z.object({ kind: z.enum(RESOLUTION_KINDS), note: z.string().nullable() }).nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: personNameSchema.nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsPageSchema = pageOf(adminReportSchema);

/** GET /api/admin/message-reports/{id}: the report and its thread around the message, oldest first. */
export const adminReportDetailSchema = z.object({
  report: adminReportSchema,
  thread: z.object({
    messages: z.array(adminMessageSchema),
    /** True when the thread has older (newer) messages than those shown. */
    moreBefore: z.boolean(),
    moreAfter: z.boolean(),
  }),
});
export type AdminReportDetail = z.infer<typeof adminReportDetailSchema>;

/** POST /api/admin/messages/{id}/hide answers the message and how many open reports it resolved. */
export const hideMessageResultSchema = z.object({ message: adminMessageSchema, resolvedReports: z.number().int() });
export type HideMessageResult = z.infer<typeof hideMessageResultSchema>;

/** GET /api/admin/message-reports/count: the Alerts tab's card. */
export const reportCountSchema = z.object({ open: z.number().int() });
export type ReportCount = z.infer<typeof reportCountSchema>;
