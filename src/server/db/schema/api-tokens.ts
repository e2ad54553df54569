import { sql } from "drizzle-orm";
import { index, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idTable, ownerRef, timestamptz } from "./columns";
import { users } from "./users";

/**
 * A personal API token (decision 174): only the SHA-256 of the token is kept (it has 256 random bits,
 * so a fast hash is enough), with its first characters to show. Revoked rows stay for the record.
 */
export const apiTokens = idTable(
  "api_tokens",
  {
    userId: ownerRef(() => users.id),
    name: text().notNull(),
    tokenHash: text().notNull(),
    prefix: text().notNull(),
    scopes: text().array().notNull(),
    expiresAt: timestamptz().notNull(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("api_tokens_token_hash_key").on(t.tokenHash),
    index("api_tokens_user_id_idx").on(t.userId).where(sql`revoked_at is null`),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
