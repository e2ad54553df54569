import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { COMPANY_SIZES, COMPANY_STATUSES, PROVIDER_INDUSTRIES } from "@/shared/companies";
import { EMAIL_STATUSES } from "@/shared/notifications";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { users } from "./users";

export const companyStatusEnum = pgEnum("company_status", COMPANY_STATUSES);
export const providerIndustryEnum = pgEnum("provider_industry", PROVIDER_INDUSTRIES);
export const companySizeEnum = pgEnum("company_size", COMPANY_SIZES);

/** A provider's company: one per user, vetted by an admin before it may receive leads. */
export const companies = pgTable(
  "companies",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text().notNull(),
    industry: providerIndustryEnum().notNull(),
    website: text(),
    location: text().notNull(),
    /** ISO 3166-1 alpha-2; matching's us-only preference reads it (decision 020). */
    country: text().notNull().default("US"),
    size: companySizeEnum().notNull(),
    specialties: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * The specialties as bits (bit i = PROVIDER_SPECIALTIES[i]), kept by the database itself: matching
     * scores 100k providers with arithmetic on it instead of unnesting arrays row by row.
     */
    specialtyMask: integer("specialty_mask")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          PROVIDER_SPECIALTIES.map(
            (name, i) => `(case when '${name}' = any(specialties) then ${2 ** i} else 0 end)`,
          ).join(" | "),
        ),
      ),
    status: companyStatusEnum().notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("companies_status_created_at_idx").on(t.status, t.createdAt)],
);

/** In-app notifications; the notification centre (bell, unread count) reads them. */
export const notifications = pgTable(
  "notifications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** A path inside the app, where the notification leads. */
    link: text(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt)],
);

export const emailStatusEnum = pgEnum("email_status", EMAIL_STATUSES);

/**
 * Email written in the same transaction as the change it reports; a background sender delivers it
 * (SMTP where configured), so a rolled-back change never sends mail and a mail failure never rolls
 * back a change.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    subject: text().notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    kind: text().notNull(),
    status: emailStatusEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text("last_error"),
    /** When the sender may try a pending row (again): retries back off by moving it (decision 061). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_status_created_at_idx").on(t.status, t.createdAt),
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

/** What admins did, with the old and new values in `details` (JSON text). */
export const activityLogs = pgTable(
  "activity_logs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // No cascade: an audit trail must not vanish with the account that wrote it.
    adminId: integer("admin_id")
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    details: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_logs_created_at_idx").on(t.createdAt),
    index("activity_logs_resource_idx").on(t.resourceType, t.resourceId),
  ],
);
