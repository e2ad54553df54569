import { index, pgEnum, text, uniqueIndex } from "drizzle-orm/pg-core";
import { MESSAGE_REPORT_REASONS, MESSAGE_REPORT_STATUSES, MESSAGE_SIDES } from "@/shared/conversations";
import { createdAt, idTable, ownerRef, setNullRef, timestamptz } from "./columns";
import { leads } from "./leads";
import { users } from "./users";

export const messageSideEnum = pgEnum("message_side", MESSAGE_SIDES);

/**
 * One message of a lead's conversation, between the request's client and the lead's provider company.
 * Plain text; the browser makes links clickable and never renders markup. An admin may hide a message
 * (abuse): it stays for the record, and the parties see that it was removed.
 */
export const leadMessages = idTable(
  "lead_messages",
  {
    leadId: ownerRef(() => leads.id),
    /** Null once the author's account is deleted (the message stays for the other side). */
    senderId: setNullRef(() => users.id),
    side: messageSideEnum().notNull(),
    body: text().notNull(),
    hiddenAt: timestamptz(),
    hiddenReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // A thread's pages, newest first (keyset on id).
    index("lead_messages_lead_id_id_idx").on(t.leadId, t.id),
    // A suspended author's messages (their reports are resolved), and the set-null of a deleted account.
    index("lead_messages_sender_id_idx").on(t.senderId),
  ],
);

export type LeadMessageRow = typeof leadMessages.$inferSelect;

export const messageReportReasonEnum = pgEnum("message_report_reason", MESSAGE_REPORT_REASONS);
export const messageReportStatusEnum = pgEnum("message_report_status", MESSAGE_REPORT_STATUSES);

/** A party's report of a message (spam, harassment ...), for an admin to act on. One per message per reporter. */
export const messageReports = idTable(
  "message_reports",
  {
    messageId: ownerRef(() => leadMessages.id),
    reporterId: setNullRef(() => users.id),
    reason: messageReportReasonEnum().notNull(),
    note: text(),
    status: messageReportStatusEnum().notNull().default("open"),
    /** What the admin did: "hidden", "suspended", "dismissed", with their note. */
    resolution: text(),
    resolvedAt: timestamptz(),
    resolvedById: setNullRef(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("message_reports_message_reporter_key").on(t.messageId, t.reporterId),
    index("message_reports_status_id_idx").on(t.status, t.id),
    // The set-null of a deleted account, on either column.
    index("message_reports_reporter_id_idx").on(t.reporterId),
    index("message_reports_resolved_by_id_idx").on(t.resolvedById),
  ],
);

export type MessageReportRow = typeof messageReports.$inferSelect;
