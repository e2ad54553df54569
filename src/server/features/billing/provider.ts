// What a billing provider does for us. Two implementations: Stripe (stripe-provider.ts) and the
// built-in demo provider (demo-provider.ts), which keeps the same state machine in our own tables.
import type { BillingProviderName, SubscriptionStatus } from "@/shared/billing";
import type { SubscriptionRow } from "../../db/schema/subscriptions";
import { AppError } from "../../errors";

/** A card the processor refused: 402, with the processor's message for the page's 'Payment Failed'. */
export class CardError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/** The part of a subscription the provider owns; we store it as the provider last told it. */
export type SubscriptionState = {
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
};

/** What the card form confirms: a SetupIntent while the trial runs, a PaymentIntent otherwise. */
export type CardConfirmation = { clientSecret: string; intent: "setup" | "payment" };

export type StartSubscriptionInput = {
  userId: number;
  email: string;
  name: string;
  /** The provider's customer from an earlier subscription, to be reused. */
  customerId: string | null;
  /** The 14-day trial comes with a provider's first subscription only (docs/decisions/033). */
  trial: boolean;
  /** Makes a retried start return the same subscription instead of a second one. */
  idempotencyKey: string;
};

export type StartedSubscription = {
  customerId: string;
  externalId: string;
  state: SubscriptionState;
  confirmation: CardConfirmation;
};

export type BillingProvider = {
  readonly name: BillingProviderName;
  start(input: StartSubscriptionInput): Promise<StartedSubscription>;
  /** The subscription's state now, and the card confirmation it still waits for, if any. */
  pendingConfirmation(
    row: SubscriptionRow,
  ): Promise<{ state: SubscriptionState; confirmation: CardConfirmation | null }>;
  /** Re-reads the subscription's state from the provider. */
  retrieve(row: SubscriptionRow): Promise<SubscriptionState>;
  /** Cancels at once; answers the state after cancelling. */
  cancel(row: SubscriptionRow): Promise<SubscriptionState>;
};

export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    status: row.status,
    trialEndsAt: row.trialEndsAt,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
  };
}

export function sameState(a: SubscriptionState, b: SubscriptionState): boolean {
  const t = (d: Date | null) => d?.getTime() ?? null;
  return (
    a.status === b.status &&
    t(a.trialEndsAt) === t(b.trialEndsAt) &&
    t(a.currentPeriodEnd) === t(b.currentPeriodEnd) &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
    t(a.canceledAt) === t(b.canceledAt)
  );
}
