import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ALERT_SEVERITIES } from "@/shared/alerts";
import { users } from "./users";

export const alertSeverityEnum = pgEnum("alert_severity", ALERT_SEVERITIES);

/** Raised by the system for admins (spec section 3, Alert). `cause` makes each one raised once. */
export const alerts = pgTable(
  "alerts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text().notNull(),
    severity: alertSeverityEnum().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    isResolved: boolean().notNull().default(false),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => users.id, { onDelete: "set null" }),
    resourceType: text(),
    resourceId: integer(),
    cause: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("alerts_is_resolved_created_at_idx").on(t.isResolved, t.createdAt)],
);

export type AlertRow = typeof alerts.$inferSelect;
