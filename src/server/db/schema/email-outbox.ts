import { sql } from "drizzle-orm";
import { index, integer, pgEnum, text } from "drizzle-orm/pg-core";
import { EMAIL_STATUSES } from "@/shared/notifications";
import { createdAt, idTable, setNullRef, timestamptz } from "./columns";
import { users } from "./users";

export const emailStatusEnum = pgEnum("email_status", EMAIL_STATUSES);

/**
 * Email written in the same transaction as the change it reports; a background sender delivers it
 * (SMTP where configured), so a rolled-back change never sends mail and a mail failure never rolls
 * back a change.
 */
export const emailOutbox = idTable(
  "email_outbox",
  {
    userId: setNullRef(() => users.id),
    toAddress: text("to_address").notNull(),
    subject: text().notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    kind: text().notNull(),
    status: emailStatusEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text("last_error"),
    /** When the sender may try a pending row (again): retries back off by moving it (decision 061). */
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamptz(),
  },
  (t) => [
    index("email_outbox_status_created_at_idx").on(t.status, t.createdAt),
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export type OutboxRow = typeof emailOutbox.$inferSelect;
