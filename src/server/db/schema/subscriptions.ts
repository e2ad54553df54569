import { boolean, pgEnum, text } from "drizzle-orm/pg-core";
import { BILLING_PROVIDERS, SUBSCRIPTION_STATUSES } from "@/shared/billing";
import { idTable, ownerRef, timestamps, timestamptz } from "./columns";
import { users } from "./users";

export const billingProviderEnum = pgEnum("billing_provider", BILLING_PROVIDERS);
export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);

/** One subscription per provider user; a canceled one is replaced when the provider subscribes again. */
export const subscriptions = idTable("subscriptions", {
  userId: ownerRef(() => users.id).unique("subscriptions_user_id_unique"),
  provider: billingProviderEnum().notNull(),
  customerId: text("customer_id").notNull(),
  /** Stripe's sub_... id, or the demo provider's own demo_sub_... id. */
  externalId: text("external_id").notNull().unique(),
  status: subscriptionStatusEnum().notNull().default("incomplete"),
  trialEndsAt: timestamptz(),
  currentPeriodEnd: timestamptz(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  canceledAt: timestamptz(),
  /** Last four digits of the card on file, where the provider tells us (the demo provider does). */
  cardLast4: text("card_last4"),
  ...timestamps(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
