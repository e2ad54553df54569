import { boolean, index, text } from "drizzle-orm/pg-core";
import { createdAt, idTable } from "./columns";

/** Sign-in attempts, kept in the database so that the rate limit holds across app processes. */
export const loginAttempts = idTable(
  "login_attempts",
  {
    email: text().notNull(),
    ip: text().notNull(),
    succeeded: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);
