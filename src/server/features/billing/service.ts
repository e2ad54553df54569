import type Stripe from "stripe";
import { z } from "zod";
import {
  type CreateSubscriptionResponse,
  type DemoCardInput,
  type Subscription,
  subscriptionGrantsAccess,
} from "@/shared/billing";
import type { Clock } from "../../clock";
import type { BillingConfig } from "../../config";
import type { Db } from "../../db/client";
import type { SubscriptionRow } from "../../db/schema/subscriptions";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors";
import type { MessagingDeps } from "../notifications/service";
import { createDemoProvider, type DemoProvider, demoConfirmation } from "./demo-provider";
import { type BillingProvider, type SubscriptionState, sameState, stateOf } from "./provider";
import * as q from "./queries";
import { createStripeProvider, type StripeProvider } from "./stripe-provider";
import { changeSubscriptionState } from "./subscription-messages";

export type BillingProviders = {
  /** The provider that new subscriptions are opened with (configuration decides). */
  provider: BillingProvider;
  demo: DemoProvider;
  stripe: StripeProvider | null;
};

/** A change of status tells the provider (email links to the app's address) and may ask for a rematch. */
export type BillingDeps = MessagingDeps & { billing: BillingProviders };

/** The demo provider runs on the app's clock; Stripe keeps its own. */
export function createBillingProviders(config: BillingConfig, now: Clock): BillingProviders {
  const demo = createDemoProvider(now);
  const stripe = config.provider === "stripe" ? createStripeProvider(config.stripe) : null;
  return { provider: stripe ?? demo, demo, stripe };
}

export type Subscriber = { id: number; email: string; firstName: string; lastName: string };

export function toSubscription(row: SubscriptionRow): Subscription {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    trialEndsAt: iso(row.trialEndsAt),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: iso(row.canceledAt),
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whichever provider holds this subscription, even when configuration has since changed. */
function providerFor({ billing }: BillingDeps, row: SubscriptionRow): BillingProvider {
  if (row.provider === "demo") return billing.demo;
  if (!billing.stripe) throw new ConflictError("This subscription is with Stripe, which is not configured here.");
  return billing.stripe;
}

/**
 * Stores a state already worked out (a cancel's answer, a pending confirmation); states read from the
 * provider go through `readAndStoreUnderLock`. Either way the provider is told of a new status.
 */
async function storeState(
  deps: MessagingDeps,
  row: SubscriptionRow,
  state: SubscriptionState & { cardLast4?: string | null },
): Promise<SubscriptionRow> {
  if (sameState(stateOf(row), state) && (state.cardLast4 === undefined || state.cardLast4 === row.cardLast4))
    return row;
  return deps.db.transaction(async (tx) => (await changeSubscriptionState(tx, deps, row.id, state)) ?? row);
}

/**
 * Reads the subscription's state from its provider while holding the row's lock, and stores it. Two
 * readers at once (a webhook and a refresh, two webhooks) take turns, so the later read is the one
 * stored: an older answer that arrives last cannot overwrite a newer one.
 */
async function readAndStoreUnderLock(
  tx: Db,
  deps: MessagingDeps,
  id: number,
  read: (row: SubscriptionRow) => Promise<SubscriptionState>,
): Promise<SubscriptionRow | undefined> {
  const locked = await q.lockSubscription(tx, id);
  if (!locked) return undefined;
  const state = await read(locked);
  if (sameState(stateOf(locked), state)) return locked;
  return changeSubscriptionState(tx, deps, id, state);
}

/**
 * Runs the demo's clock on a subscription: nothing to write when it has not moved (the common case,
 * no transaction); otherwise the move is worked out again from the locked row, so that a change made
 * meanwhile (a cancel) is never overwritten with a state computed from the row as it was.
 */
export async function runDemoClock(deps: BillingDeps, row: SubscriptionRow): Promise<SubscriptionRow> {
  const demo = deps.billing.demo;
  if (sameState(stateOf(row), await demo.retrieve(row))) return row;
  const stored = await deps.db.transaction((tx) =>
    readAndStoreUnderLock(tx, deps, row.id, (locked) => demo.retrieve(locked)),
  );
  return stored ?? row;
}

export async function getSubscription(deps: BillingDeps, userId: number): Promise<Subscription | null> {
  const row = await q.findSubscriptionForUser(deps.db, userId);
  if (!row) return null;
  // The demo's clock runs when the subscription is read; Stripe's state arrives by webhook.
  if (row.provider === "demo") return toSubscription(await runDemoClock(deps, row));
  return toSubscription(row);
}

/**
 * The demo's clock for every demo subscription whose trial or period has ended, so that lead access
 * and matching (which read the stored status) follow it without the provider opening its page.
 * Returns how many changed.
 */
export async function advanceDemoSubscriptions(deps: BillingDeps, batch = 500): Promise<number> {
  const now = deps.now();
  let changed = 0;
  let afterId = 0;
  for (;;) {
    const due = await q.findDueDemoSubscriptions(deps.db, now, afterId, batch);
    for (const row of due) {
      const next = await runDemoClock(deps, row);
      if (!sameState(stateOf(next), stateOf(row))) changed++;
      afterId = row.id;
    }
    if (due.length < batch) return changed;
  }
}

/**
 * POST /api/create-subscription. A provider whose subscription still waits for its card gets the
 * same card confirmation again; one whose subscription runs gets 409; otherwise a new one opens.
 */
export async function createSubscription(deps: BillingDeps, user: Subscriber): Promise<CreateSubscriptionResponse> {
  let existing = await q.findSubscriptionForUser(deps.db, user.id);
  if (existing && existing.status !== "canceled") {
    if (existing.status === "incomplete") {
      const { state, confirmation } = await providerFor(deps, existing).pendingConfirmation(existing);
      existing = await storeState(deps, existing, state);
      if (confirmation) {
        return { ...confirmation, provider: existing.provider, subscriptionId: existing.id, status: existing.status };
      }
    }
    if (subscriptionGrantsAccess(existing.status)) {
      throw new ConflictError("You already have a subscription.");
    }
    if (existing.status === "past_due") {
      throw new ConflictError("Your subscription has a payment past due. Cancel it before starting a new one.");
    }
  }

  const provider = deps.billing.provider;
  const started = await provider.start({
    userId: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    customerId: existing?.provider === provider.name ? existing.customerId : null,
    trial: !existing,
    idempotencyKey: `automatch-subscription-${user.id}-${existing?.externalId ?? "first"}`,
  });
  const row = await q.insertOrReplaceSubscription(deps.db, {
    userId: user.id,
    provider: provider.name,
    customerId: started.customerId,
    externalId: started.externalId,
    ...started.state,
  });
  if (row) {
    return { ...started.confirmation, provider: row.provider, subscriptionId: row.id, status: row.status };
  }
  // A request running at the same time stored its subscription first: answer with that one.
  const winner = await q.findSubscriptionForUser(deps.db, user.id);
  if (!winner) throw new ConflictError("Your subscription changed meanwhile. Please try again.");
  if (winner.externalId !== started.externalId) await provider.cancel({ ...winner, externalId: started.externalId });
  const { confirmation } = await providerFor(deps, winner).pendingConfirmation(winner);
  if (!confirmation) throw new ConflictError("You already have a subscription.");
  return { ...confirmation, provider: winner.provider, subscriptionId: winner.id, status: winner.status };
}

/** The demo card form's confirmation: incomplete → trialing (or active without a trial). */
export async function confirmDemoCard(
  deps: BillingDeps,
  userId: number,
  input: DemoCardInput & { cardNumber: string },
): Promise<Subscription> {
  const row = await q.findSubscriptionForUser(deps.db, userId);
  if (row?.provider !== "demo" || row.status !== "incomplete") {
    throw new ConflictError("No subscription is waiting for a card. Please start again.");
  }
  if (input.clientSecret !== demoConfirmation(row).clientSecret) {
    throw new BadRequestError("clientSecret: this payment form belongs to another subscription. Please start again.");
  }
  const { state, cardLast4 } = deps.billing.demo.confirmCard(row, input);
  const updated = await deps.db.transaction(async (tx) => {
    // A cancel (or another confirmation) may have come first: only a subscription still waiting
    // for its card takes this one.
    const locked = await q.lockSubscription(tx, row.id);
    if (!locked) throw new NotFoundError("Your subscription is gone. Please start again.");
    if (locked.status !== "incomplete") {
      throw new ConflictError("No subscription is waiting for a card. Please start again.");
    }
    return changeSubscriptionState(tx, deps, row.id, { ...state, cardLast4 });
  });
  if (!updated) throw new NotFoundError("Your subscription is gone. Please start again.");
  return toSubscription(updated);
}

export async function cancelSubscription(deps: BillingDeps, userId: number): Promise<Subscription> {
  const row = await q.findSubscriptionForUser(deps.db, userId);
  if (!row || row.status === "canceled") throw new NotFoundError("You have no subscription to cancel.");
  // Stripe: its answer is stored now; the webhook that follows re-reads the same state.
  const state = await providerFor(deps, row).cancel(row);
  return toSubscription(await storeState(deps, row, state));
}

/** Re-reads the subscription from its provider, for the page after the card form succeeds. */
export async function refreshSubscription(deps: BillingDeps, userId: number): Promise<Subscription> {
  const row = await q.findSubscriptionForUser(deps.db, userId);
  if (!row) throw new NotFoundError("You have no subscription.");
  const provider = providerFor(deps, row);
  const stored = await deps.db.transaction((tx) =>
    readAndStoreUnderLock(tx, deps, row.id, (locked) => provider.retrieve(locked)),
  );
  return toSubscription(stored ?? row);
}

const idRef = z.union([z.string(), z.object({ id: z.string() })]).nullish();
const eventObjectSchema = z.object({
  object: z.string(),
  id: z.string().optional(),
  /** Invoices name their subscription here (and under `subscription` in older API versions). */
  parent: z.object({ subscription_details: z.object({ subscription: idRef }).nullish() }).nullish(),
  subscription: idRef,
});

/** The subscription an event is about, if any. */
export function subscriptionIdOfEvent(event: Stripe.Event): string | null {
  const parsed = eventObjectSchema.safeParse(event.data.object);
  if (!parsed.success) return null;
  const obj = parsed.data;
  if (obj.object === "subscription") return obj.id ?? null;
  const ref = obj.parent?.subscription_details?.subscription ?? obj.subscription;
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

/**
 * POST /api/webhooks/stripe. The event's content is not trusted for state: the subscription is
 * re-read from Stripe, under the row's lock, so that events arriving twice, out of order or at the
 * same time end in Stripe's own state. The event id is recorded in the same transaction as the
 * change, so each event has one effect.
 */
export async function handleStripeWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const stripe = deps.billing.stripe;
  if (!stripe) throw new NotFoundError("Stripe is not configured.");
  let event: Stripe.Event;
  try {
    event = await stripe.verifyEvent(rawBody, signature);
  } catch {
    throw new BadRequestError("The Stripe signature is missing, wrong or too old.");
  }
  if (await q.billingEventSeen(deps.db, event.id)) return { received: true, duplicate: true };

  const externalId = subscriptionIdOfEvent(event);
  const row = externalId ? await q.findSubscriptionByExternalId(deps.db, "stripe", externalId) : undefined;

  let duplicate = false;
  await deps.db.transaction(async (tx) => {
    if (!(await q.recordBillingEvent(tx, { provider: "stripe", eventId: event.id, type: event.type }))) {
      duplicate = true;
      return;
    }
    if (row) await readAndStoreUnderLock(tx, deps, row.id, (locked) => stripe.retrieve(locked));
  });
  return { received: true, duplicate };
}

/**
 * Cancels the user's subscription at once, inside the caller's transaction (deleting an account,
 * decision 118): the provider is asked first, under the row's lock, so that a provider's refusal
 * rolls back the whole deletion. Answers whether there was one to cancel.
 */
export async function cancelSubscriptionInTransaction(tx: Db, deps: BillingDeps, userId: number): Promise<boolean> {
  const found = await q.findSubscriptionForUser(tx, userId);
  if (!found) return false;
  const row = await q.lockSubscription(tx, found.id);
  if (!row || row.status === "canceled") return false;
  const state = await providerFor(deps, row).cancel(row);
  await changeSubscriptionState(tx, deps, row.id, state);
  return true;
}
