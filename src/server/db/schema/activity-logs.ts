import { index, integer, text } from "drizzle-orm/pg-core";
import { createdAt, idTable } from "./columns";
import { users } from "./users";

/** What admins did, with the old and new values in `details` (JSON text). */
export const activityLogs = idTable(
  "activity_logs",
  {
    // No cascade: an audit trail must not vanish with the account that wrote it.
    adminId: integer("admin_id")
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    details: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_logs_created_at_idx").on(t.createdAt),
    index("activity_logs_resource_idx").on(t.resourceType, t.resourceId),
  ],
);
