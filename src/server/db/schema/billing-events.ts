import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, identityId } from "./columns";
import { billingProviderEnum } from "./subscriptions";

/** Webhook events already processed: the unique event id makes a redelivery a no-op. */
export const billingEvents = pgTable("billing_events", {
  id: identityId(),
  provider: billingProviderEnum().notNull(),
  eventId: text("event_id").notNull().unique(),
  type: text().notNull(),
  createdAt: createdAt(),
});
