import { text } from "drizzle-orm/pg-core";
import { createdAt, idTable } from "./columns";
import { billingProviderEnum } from "./subscriptions";

/** Webhook events already processed: the unique event id makes a redelivery a no-op. */
export const billingEvents = idTable("billing_events", {
  provider: billingProviderEnum().notNull(),
  eventId: text("event_id").notNull().unique(),
  type: text().notNull(),
  createdAt: createdAt(),
});
