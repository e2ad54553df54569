import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ownerRef, timestamptz } from "./columns";
import { users } from "./users";

export const sessions = pgTable(
  "sessions",
  {
    // sha256 of the cookie's token: a leaked table does not hand out live sessions.
    id: text().primaryKey(),
    userId: ownerRef(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    /** Moved forward by use, at most once a minute: the idle timeout counts from it (decision 117). */
    lastSeenAt: timestamptz().notNull().defaultNow(),
    /** The browser's User-Agent when the session began, for the account's list of sessions. */
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
