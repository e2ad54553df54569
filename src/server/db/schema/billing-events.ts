import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { billingProviderEnum } from "./subscriptions";

/** Webhook events already processed: the unique event id makes a redelivery a no-op. */
export const billingEvents = pgTable("billing_events", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  provider: billingProviderEnum().notNull(),
  eventId: text("event_id").notNull().unique(),
  type: text().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
