// Stripe, through its official SDK: a customer, a subscription with the 14-day trial created
// "default_incomplete", and the client secret of the SetupIntent (trial) or the first invoice's
// PaymentIntent for the card form (Stripe Elements) to confirm.
import type Stripe from "stripe";
import { PLAN, type SubscriptionStatus } from "@/shared/billing";
import type { StripeConfig } from "../../config";
import { onFirstUse } from "../../first-use";
import { type BillingProvider, type CardConfirmation, CardError, type SubscriptionState } from "./provider";

/** Finds the plan's price when STRIPE_PRICE_ID is not set (docs/decisions/031). */
export const PRICE_LOOKUP_KEY = "automatch_provider_monthly";

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe's status onto our five (docs/decisions/032). */
export function stateFromStripe(sub: Stripe.Subscription): SubscriptionState {
  let status: SubscriptionStatus;
  switch (sub.status) {
    case "trialing":
      // Stripe starts the trial at creation; for us it starts once the card is on file, which Stripe
      // shows by clearing the pending SetupIntent.
      status = sub.pending_setup_intent ? "incomplete" : "trialing";
      break;
    case "active":
      status = "active";
      break;
    case "incomplete":
      status = "incomplete";
      break;
    case "canceled":
    case "incomplete_expired":
      status = "canceled";
      break;
    default:
      // past_due, unpaid, paused (a trial that ended without a card) and anything newer: no access.
      status = "past_due";
  }
  const periodEnds = sub.items.data.map((i) => i.current_period_end).filter((n) => typeof n === "number");
  return {
    status,
    trialEndsAt: toDate(sub.trial_end),
    currentPeriodEnd: periodEnds.length > 0 ? toDate(Math.max(...periodEnds)) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: toDate(sub.canceled_at ?? sub.ended_at),
  };
}

/** The card confirmation a subscription still waits for, from its expanded SetupIntent or invoice. */
function confirmationOf(sub: Stripe.Subscription): CardConfirmation | null {
  const setup = sub.pending_setup_intent;
  if (setup && typeof setup === "object" && setup.client_secret) {
    return { clientSecret: setup.client_secret, intent: "setup" };
  }
  const invoice = sub.latest_invoice;
  if (sub.status === "incomplete" && invoice && typeof invoice === "object") {
    const secret = invoice.confirmation_secret?.client_secret;
    if (secret) return { clientSecret: secret, intent: "payment" };
  }
  return null;
}

type StripeSdk = typeof import("stripe").default;

/**
 * Stripe's errors carry Stripe's status codes (a bad key answers 401), which must not reach our
 * caller as theirs: a refused card is the caller's 402, anything else is our 500, logged.
 */
async function call<T>(sdk: StripeSdk, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof sdk.errors.StripeCardError) throw new CardError(err.message);
    const detail = err instanceof sdk.errors.StripeError ? `${err.type} ${err.statusCode ?? ""}: ${err.message}` : err;
    throw new Error(`Stripe ${what} failed: ${String(detail)}`, { cause: err });
  }
}

const EXPAND = ["pending_setup_intent", "latest_invoice.confirmation_secret"];

export type StripeProvider = BillingProvider & {
  /** Verifies a webhook's signature over the raw body; rejects when it is missing, wrong or stale. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event>;
};

export function createStripeProvider(config: StripeConfig): StripeProvider {
  // The SDK is loaded by the first call rather than by every start (about a quarter of a second of CPU).
  const connect = onFirstUse(async () => {
    const { default: sdk } = await import("stripe");
    const client = new sdk(config.secretKey, {
      maxNetworkRetries: config.api ? 0 : 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "Automatch" },
      ...(config.api
        ? {
            host: config.api.host,
            protocol: config.api.protocol,
            ...(config.api.port ? { port: config.api.port } : {}),
          }
        : {}),
    });
    return { sdk, client };
  });
  /** One call to Stripe with the loaded client, its errors made ours. */
  const withClient = async <T>(what: string, fn: (client: Stripe) => Promise<T>): Promise<T> => {
    const { sdk, client } = await connect();
    return call(sdk, what, () => fn(client));
  };

  // The price's id is looked up once per process; it never changes once it exists.
  const priceId = config.priceId
    ? async () => config.priceId as string
    : onFirstUse(async () => findOrCreatePrice((await connect()).client));

  return {
    name: "stripe",

    start: (input) =>
      withClient("subscription start", async (client) => {
        const customerId =
          input.customerId ??
          (
            await client.customers.create(
              { email: input.email, name: input.name, metadata: { userId: String(input.userId) } },
              { idempotencyKey: `${input.idempotencyKey}-customer` },
            )
          ).id;
        const sub = await client.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: await priceId() }],
            ...(input.trial ? { trial_period_days: PLAN.trialDays } : {}),
            payment_behavior: "default_incomplete",
            payment_settings: { save_default_payment_method: "on_subscription" },
            metadata: { userId: String(input.userId) },
            expand: EXPAND,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const confirmation = confirmationOf(sub);
        if (!confirmation) throw new Error(`Stripe subscription ${sub.id} came back without a SetupIntent or invoice`);
        return { customerId, externalId: sub.id, state: stateFromStripe(sub), confirmation };
      }),

    pendingConfirmation: (row) =>
      withClient("subscription read", async (client) => {
        const sub = await client.subscriptions.retrieve(row.externalId, { expand: EXPAND });
        const state = stateFromStripe(sub);
        return { state, confirmation: state.status === "incomplete" ? confirmationOf(sub) : null };
      }),

    retrieve: (row) =>
      withClient("subscription read", async (client) =>
        stateFromStripe(await client.subscriptions.retrieve(row.externalId)),
      ),

    cancel: (row) =>
      withClient("subscription cancel", async (client) =>
        stateFromStripe(await client.subscriptions.cancel(row.externalId)),
      ),

    async verifyEvent(rawBody, signature) {
      if (!signature) throw new Error("No Stripe-Signature header");
      const { client } = await connect();
      return client.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
  };
}

async function findOrCreatePrice(client: Stripe): Promise<string> {
  const found = await client.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
  const existing = found.data[0];
  if (existing) return existing.id;
  const created = await client.prices.create(
    {
      currency: PLAN.currency,
      unit_amount: PLAN.priceCents,
      recurring: { interval: PLAN.interval },
      lookup_key: PRICE_LOOKUP_KEY,
      product_data: { name: `Automatch ${PLAN.name}` },
    },
    // Two processes starting at once create one price.
    { idempotencyKey: `price-${PRICE_LOOKUP_KEY}-${PLAN.priceCents}` },
  );
  return created.id;
}
