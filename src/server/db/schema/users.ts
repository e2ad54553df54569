import { sql } from "drizzle-orm";
import { index, integer, pgEnum, text } from "drizzle-orm/pg-core";
import { USER_TYPES } from "@/shared/users";
import { idTable, timestamps, timestamptz } from "./columns";

export const userTypeEnum = pgEnum("user_type", USER_TYPES);

export const users = idTable(
  "users",
  {
    email: text().notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    userType: userTypeEnum("user_type").notNull().default("client"),
    totalPoints: integer("total_points").notNull().default(0),
    level: integer().notNull().default(1),
    ...timestamps(),
    /** Set by each successful sign-in; admins see it in the Users tab. */
    lastSignInAt: timestamptz(),
    /** When the owner proved the current email by its link; null until then (decision 114). */
    emailVerifiedAt: timestamptz(),
    /** Set by an admin (abuse): the account cannot sign in and its sessions are ended; null when in good standing. */
    suspendedAt: timestamptz(),
    suspendedReason: text("suspended_reason"),
  },
  (t) => [
    index("users_created_at_idx").on(t.createdAt),
    // The admin's Users tab: newest first by id, filtered by type; search by email or name (pg_trgm).
    index("users_user_type_id_idx").on(t.userType, t.id),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("users_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
