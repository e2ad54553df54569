// The provider subscription (spec sections 2, 8 and 9; DESIGN.md "Billing"): the plan, its states,
// and the contract of the billing calls, used by the page and by the server alike.
import { z } from "zod";
import { labelledOptions } from "./labelled-options";

export const PLAN = {
  name: "Provider Plan",
  priceCents: 9900,
  currency: "usd",
  interval: "month",
  trialDays: 14,
  moneyBackDays: 30,
  features: [
    "Pre-qualified leads matched to your specialties",
    "Match score and the reasons behind every lead",
    "Unlimited quotes to the clients you are matched with",
    "Your verified company profile",
    "Pipeline and win-rate analytics",
    "Email and in-app lead notifications",
    "Cancel anytime",
    "30-day money-back guarantee",
  ],
} as const;

/** "$99" */
export const PLAN_PRICE_LABEL = `$${PLAN.priceCents / 100}`;

export const BILLING_PROVIDERS = ["demo", "stripe"] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** Our own state machine; Stripe's statuses are mapped onto it (docs/decisions/032). */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const { values: SUBSCRIPTION_STATUSES, labels: SUBSCRIPTION_STATUS_LABELS } = labelledOptions({
  incomplete: "Waiting for card",
  trialing: "Free trial",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
});

/** The statuses that give a provider access to leads. */
export const ACCESS_GRANTING_STATUSES: readonly SubscriptionStatus[] = ["trialing", "active"];

export function subscriptionGrantsAccess(status: SubscriptionStatus | null | undefined): boolean {
  return !!status && ACCESS_GRANTING_STATUSES.includes(status);
}

export const subscriptionSchema = z.object({
  id: z.number().int(),
  provider: z.enum(BILLING_PROVIDERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /api/create-subscription (spec section 7: the response carries clientSecret). */
export const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(BILLING_PROVIDERS),
  subscriptionId: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Which confirmation the card form runs: a SetupIntent during the trial, else a PaymentIntent. */
  intent: z.enum(["setup", "payment"]),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

// The card messages of the demo provider are the ones Stripe's processor gives for its test cards,
// so that the page's 'Payment Failed' path reads the same with either provider.
export const CARD_MESSAGES = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  expired: "Your card has expired.",
  incorrectNumber: "Your card number is incorrect.",
  expiryInPast: "Your card's expiration date is in the past.",
} as const;

export const DEMO_TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  expired: "4000000000000069",
  /** Attaches, then every charge fails: the trial ends in past_due (as Stripe's 4000 0000 0000 0341). */
  failsOnRenewal: "4000000000000341",
} as const;

const digits = (s: string) => s.replace(/[\s-]/g, "");

/** The demo card form (POST /api/subscription/demo/confirm). Format only; the card's fate is the server's. */
export const demoCardSchema = z.strictObject({
  clientSecret: z.string().min(1, "The subscription is missing; start again."),
  cardNumber: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{12,19}$/, "Your card number is incomplete.")),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type DemoCardInput = z.input<typeof demoCardSchema>;

/** Luhn check, as a card processor does before anything else. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = Number(number[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return number.length > 0 && sum % 10 === 0;
}
