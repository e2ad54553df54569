import { boolean, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { NotificationKind } from "@/shared/notifications";
import { ownerRef, timestamptz } from "./columns";
import { users } from "./users";

/**
 * A user's email choice per kind of notification; no row means email on (decision 060). In-app
 * notifications are always written.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: ownerRef(() => users.id),
    kind: text().$type<NotificationKind>().notNull(),
    email: boolean().notNull(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
