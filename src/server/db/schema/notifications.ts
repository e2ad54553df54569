import { index, text } from "drizzle-orm/pg-core";
import { createdAt, idTable, ownerRef, timestamptz } from "./columns";
import { users } from "./users";

/** In-app notifications; the notification centre (bell, unread count) reads them. */
export const notifications = idTable(
  "notifications",
  {
    userId: ownerRef(() => users.id),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** A path inside the app, where the notification leads. */
    link: text(),
    readAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt)],
);

export type NotificationRow = typeof notifications.$inferSelect;
