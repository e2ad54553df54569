import { boolean, index, integer, pgEnum, text } from "drizzle-orm/pg-core";
import { ALERT_SEVERITIES } from "@/shared/alerts";
import { createdAt, idTable, setNullRef, timestamptz } from "./columns";
import { users } from "./users";

export const alertSeverityEnum = pgEnum("alert_severity", ALERT_SEVERITIES);

/** Raised by the system for admins (spec section 3, Alert). `cause` makes each one raised once. */
export const alerts = idTable(
  "alerts",
  {
    type: text().notNull(),
    severity: alertSeverityEnum().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    isResolved: boolean().notNull().default(false),
    resolvedAt: timestamptz(),
    resolvedBy: setNullRef(() => users.id),
    resourceType: text(),
    resourceId: integer(),
    cause: text().notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("alerts_is_resolved_created_at_idx").on(t.isResolved, t.createdAt)],
);

export type AlertRow = typeof alerts.$inferSelect;
