import { boolean, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { BILLING_PROVIDERS, SUBSCRIPTION_STATUSES } from "@/shared/billing";
import { users } from "./users";

export const billingProviderEnum = pgEnum("billing_provider", BILLING_PROVIDERS);
export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);

/** One subscription per provider user; a canceled one is replaced when the provider subscribes again. */
export const subscriptions = pgTable("subscriptions", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: billingProviderEnum().notNull(),
  customerId: text("customer_id").notNull(),
  /** Stripe's sub_... id, or the demo provider's own demo_sub_... id. */
  externalId: text("external_id").notNull().unique(),
  status: subscriptionStatusEnum().notNull().default("incomplete"),
  trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  canceledAt: timestamp("canceled_at", { withTimezone: true }),
  /** Last four digits of the card on file, where the provider tells us (the demo provider does). */
  cardLast4: text("card_last4"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
