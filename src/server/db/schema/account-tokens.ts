import { index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { ownerRef, timestamptz } from "./columns";
import { users } from "./users";

export const ACCOUNT_TOKEN_PURPOSES = ["password_reset", "email_verification"] as const;
export const accountTokenPurposeEnum = pgEnum("account_token_purpose", ACCOUNT_TOKEN_PURPOSES);

/**
 * Single-use links sent by email (decisions 113, 114): the table keeps only the sha256 of the token,
 * so a leaked table hands out no live link; a token is deleted when used.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text().primaryKey(),
    userId: ownerRef(() => users.id),
    purpose: accountTokenPurposeEnum().notNull(),
    /** The address the link was sent to: what a verification proves, and a reset's check that it still applies. */
    email: text().notNull(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index("account_tokens_user_id_idx").on(t.userId, t.purpose)],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;
