// The built-in demo billing provider: the same state machine as Stripe (incomplete → trialing →
// active, past_due, canceled), kept in our own tables. It never charges and never calls the network;
// its card form takes Stripe's test card numbers and answers with the processor's messages.
import { randomBytes } from "node:crypto";
import { CARD_MESSAGES, DEMO_TEST_CARDS, type DemoCardInput, luhnValid, PLAN } from "@/shared/billing";
import type { SubscriptionRow } from "../../db/schema/subscriptions";
import { type BillingProvider, type CardConfirmation, CardError, type SubscriptionState, stateOf } from "./provider";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stripe's test numbers that succeed; any other number is declined, so that no real card is typed here. */
const SUCCEEDING_TEST_CARDS = new Set<string>([
  DEMO_TEST_CARDS.success,
  DEMO_TEST_CARDS.failsOnRenewal,
  "4000056655665556", // Visa (debit)
  "5555555555554444", // Mastercard
  "2223003122003222", // Mastercard (2-series)
  "5200828282828210", // Mastercard (debit)
  "378282246310005", // American Express
  "371449635398431", // American Express
  "6011111111111117", // Discover
  "3056930009020004", // Diners Club
  "3566002020360505", // JCB
  "6200000000000005", // UnionPay
]);
const DECLINES = new Map<string, string>([
  [DEMO_TEST_CARDS.declined, CARD_MESSAGES.declined],
  [DEMO_TEST_CARDS.insufficientFunds, CARD_MESSAGES.insufficientFunds],
  [DEMO_TEST_CARDS.expired, CARD_MESSAGES.expired],
]);
export const DEMO_ONLY_TEST_CARDS_MESSAGE = `${CARD_MESSAGES.declined} The demo accepts test cards only, such as 4242 4242 4242 4242.`;

export function addMonths(d: Date, months: number): Date {
  const next = new Date(d.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

function demoIds(hex: string) {
  return {
    externalId: `demo_sub_${hex}`,
    setupSecret: `demo_seti_${hex}_secret`,
    paymentSecret: `demo_pi_${hex}_secret`,
  };
}

/** The confirmation an incomplete demo subscription waits for, derived from its id. */
export function demoConfirmation(row: Pick<SubscriptionRow, "externalId" | "trialEndsAt">): CardConfirmation {
  const ids = demoIds(row.externalId.replace(/^demo_sub_/, ""));
  return row.trialEndsAt
    ? { clientSecret: ids.setupSecret, intent: "setup" }
    : { clientSecret: ids.paymentSecret, intent: "payment" };
}

/**
 * The demo's billing clock: a trial or period that has ended renews (or fails to, with the card
 * that fails every charge), as Stripe's own clock would, computed whenever the subscription is read.
 */
export function advanceDemoState(state: SubscriptionState, cardLast4: string | null, now: Date): SubscriptionState {
  let s = { ...state };
  const chargesFail = cardLast4 === DEMO_TEST_CARDS.failsOnRenewal.slice(-4);
  for (let i = 0; i < 1200; i++) {
    let renewAt: Date;
    if (s.status === "trialing" && s.trialEndsAt && s.trialEndsAt <= now) renewAt = s.trialEndsAt;
    else if (s.status === "active" && s.currentPeriodEnd && s.currentPeriodEnd <= now) renewAt = s.currentPeriodEnd;
    else break;
    if (s.cancelAtPeriodEnd) return { ...s, status: "canceled", canceledAt: renewAt };
    if (chargesFail) return { ...s, status: "past_due" };
    s = { ...s, status: "active", currentPeriodEnd: addMonths(renewAt, 1) };
  }
  return s;
}

function expiryEnd(expiry: string): Date | null {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return null;
  // The card is valid through the last moment of its expiry month.
  return new Date(Date.UTC(2000 + Number(m[2]), Number(m[1]), 1));
}

export type DemoProvider = BillingProvider & {
  /** Confirms the card of an incomplete subscription; throws CardError when the card is refused. */
  confirmCard(
    row: SubscriptionRow,
    card: DemoCardInput & { cardNumber: string },
  ): {
    state: SubscriptionState;
    cardLast4: string;
  };
};

export function createDemoProvider(clock: () => Date = () => new Date()): DemoProvider {
  return {
    name: "demo",

    async start(input) {
      const hex = randomBytes(12).toString("hex");
      const ids = demoIds(hex);
      const now = clock();
      return {
        customerId: input.customerId ?? `demo_cus_${randomBytes(8).toString("hex")}`,
        externalId: ids.externalId,
        state: {
          status: "incomplete",
          trialEndsAt: input.trial ? new Date(now.getTime() + PLAN.trialDays * DAY_MS) : null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          canceledAt: null,
        },
        confirmation: input.trial
          ? { clientSecret: ids.setupSecret, intent: "setup" }
          : { clientSecret: ids.paymentSecret, intent: "payment" },
      };
    },

    async pendingConfirmation(row) {
      const state = advanceDemoState(stateOf(row), row.cardLast4, clock());
      return { state, confirmation: state.status === "incomplete" ? demoConfirmation(row) : null };
    },

    async retrieve(row) {
      return advanceDemoState(stateOf(row), row.cardLast4, clock());
    },

    async cancel(row) {
      return { ...stateOf(row), status: "canceled", cancelAtPeriodEnd: false, canceledAt: clock() };
    },

    confirmCard(row, card) {
      const now = clock();
      const number = card.cardNumber;
      if (!luhnValid(number)) throw new CardError(CARD_MESSAGES.incorrectNumber);
      const end = expiryEnd(card.expiry);
      if (!end || end <= now) throw new CardError(CARD_MESSAGES.expiryInPast);
      const declined = DECLINES.get(number);
      if (declined) throw new CardError(declined);
      if (!SUCCEEDING_TEST_CARDS.has(number)) throw new CardError(DEMO_ONLY_TEST_CARDS_MESSAGE);
      const cardLast4 = number.slice(-4);
      const trial = !!row.trialEndsAt;
      // Without a trial the first month is charged now, and the card that fails every charge fails here.
      if (!trial && number === DEMO_TEST_CARDS.failsOnRenewal) throw new CardError(CARD_MESSAGES.declined);
      const confirmed: SubscriptionState = trial
        ? { ...stateOf(row), status: "trialing", currentPeriodEnd: row.trialEndsAt }
        : { ...stateOf(row), status: "active", currentPeriodEnd: addMonths(now, 1) };
      return { state: advanceDemoState(confirmed, cardLast4, now), cardLast4 };
    },
  };
}
