import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import type { BillingProviderName } from "@/shared/billing";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { wroteAny } from "../../db/row-count";
import { billingEvents } from "../../db/schema/billing-events";
import { type SubscriptionRow, subscriptions } from "../../db/schema/subscriptions";
import { users } from "../../db/schema/users";
import type { SubscriptionState } from "./provider";

/** The provider user's subscription, whatever its status; the matching code reads access from it. */
export async function findSubscriptionForUser(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  return firstRow(db.select().from(subscriptions).where(eq(subscriptions.userId, userId)));
}

export async function findSubscriptionByExternalId(
  db: Db,
  provider: BillingProviderName,
  externalId: string,
): Promise<SubscriptionRow | undefined> {
  return firstRow(
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, provider), eq(subscriptions.externalId, externalId))),
  );
}

export type NewSubscription = Pick<SubscriptionRow, "userId" | "provider" | "customerId" | "externalId"> &
  SubscriptionState & { cardLast4?: string | null };

/**
 * Stores a new subscription for the user. A canceled one is replaced (the user subscribes again);
 * any other existing one is left alone and nothing is returned, so that two racing requests end
 * with one subscription.
 */
export async function insertOrReplaceSubscription(
  db: Db,
  values: NewSubscription,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { ...values, cardLast4: values.cardLast4 ?? null, createdAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: eq(subscriptions.status, "canceled"),
    })
    .returning();
  return row;
}

export async function updateSubscriptionState(
  db: Db,
  id: number,
  state: SubscriptionState & { cardLast4?: string | null },
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...state, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

export async function billingEventSeen(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.eventId, eventId))
    .limit(1);
  return !!row;
}

/** Records an event id; false when it was recorded before (a redelivery, or a racing delivery). */
export async function recordBillingEvent(
  db: Db,
  values: { provider: BillingProviderName; eventId: string; type: string },
): Promise<boolean> {
  return wroteAny(
    db
      .insert(billingEvents)
      .values(values)
      .onConflictDoNothing({ target: billingEvents.eventId })
      .returning({ id: billingEvents.id }),
  );
}

/** Demo subscriptions whose trial or period has ended by `now`: their clock has to run. */
export async function findDueDemoSubscriptions(
  db: Db,
  now: Date,
  afterId: number,
  limit: number,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "demo"),
        gt(subscriptions.id, afterId),
        or(
          and(eq(subscriptions.status, "trialing"), lte(subscriptions.trialEndsAt, now)),
          and(eq(subscriptions.status, "active"), lte(subscriptions.currentPeriodEnd, now)),
        ),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(limit);
}

/** The row, locked until the transaction ends: a status change is then seen (and told) exactly once. */
export async function lockSubscription(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return row;
}

export async function findSubscriber(
  db: Db,
  userId: number,
): Promise<{ id: number; email: string; firstName: string } | undefined> {
  return firstRow(
    db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)),
  );
}
