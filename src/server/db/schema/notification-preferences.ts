import { boolean, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { NotificationKind } from "@/shared/notifications";
import { users } from "./users";

/**
 * A user's email choice per kind of notification; no row means email on (decision 060). In-app
 * notifications are always written.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().$type<NotificationKind>().notNull(),
    email: boolean().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
