import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { subscriptionIdOfEvent } from "./service";
import { stateFromStripe } from "./stripe-provider";

// Only the fields stateFromStripe reads; the rest of Stripe's object does not matter to it.
function sub(fields: Partial<Record<keyof Stripe.Subscription, unknown>>): Stripe.Subscription {
  const base = {
    status: "active",
    pending_setup_intent: null,
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    items: { data: [{ current_period_end: 1_800_000_000 }, { current_period_end: 1_800_000_100 }] },
  };
  return { ...base, ...fields } as unknown as Stripe.Subscription;
}

describe("stateFromStripe", () => {
  it.each([
    [{ status: "trialing", pending_setup_intent: "seti_1" }, "incomplete"],
    [{ status: "trialing" }, "trialing"],
    [{ status: "active" }, "active"],
    [{ status: "incomplete" }, "incomplete"],
    [{ status: "incomplete_expired" }, "canceled"],
    [{ status: "canceled" }, "canceled"],
    [{ status: "past_due" }, "past_due"],
    [{ status: "unpaid" }, "past_due"],
    [{ status: "paused" }, "past_due"],
  ])("maps %j to %s", (fields, status) => {
    expect(stateFromStripe(sub(fields)).status).toBe(status);
  });

  it("takes the latest period end of the items and the dates in milliseconds", () => {
    const state = stateFromStripe(sub({ trial_end: 1_700_000_000, canceled_at: 1_750_000_000 }));
    expect(state.currentPeriodEnd?.getTime()).toBe(1_800_000_100_000);
    expect(state.trialEndsAt?.getTime()).toBe(1_700_000_000_000);
    expect(state.canceledAt?.getTime()).toBe(1_750_000_000_000);
  });
});

describe("subscriptionIdOfEvent", () => {
  const event = (object: unknown) => ({ data: { object } }) as unknown as Stripe.Event;
  it("reads subscriptions, invoices of both API shapes, and ignores the rest", () => {
    expect(subscriptionIdOfEvent(event({ object: "subscription", id: "sub_1" }))).toBe("sub_1");
    expect(
      subscriptionIdOfEvent(event({ object: "invoice", parent: { subscription_details: { subscription: "sub_2" } } })),
    ).toBe("sub_2");
    expect(subscriptionIdOfEvent(event({ object: "invoice", subscription: { id: "sub_3" } }))).toBe("sub_3");
    expect(subscriptionIdOfEvent(event({ object: "invoice", parent: null }))).toBeNull();
    expect(subscriptionIdOfEvent(event({ object: "charge", id: "ch_1" }))).toBeNull();
  });
});
