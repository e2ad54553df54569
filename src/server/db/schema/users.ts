import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { USER_TYPES } from "@/shared/users";

export const userTypeEnum = pgEnum("user_type", USER_TYPES);

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    userType: userTypeEnum("user_type").notNull().default("client"),
    totalPoints: integer("total_points").notNull().default(0),
    level: integer().notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("users_created_at_idx").on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
