import { describe, expect, it } from "vitest";
import { DEMO_TEST_CARDS, luhnValid, subscriptionGrantsAccess } from "@/shared/billing";
import { addMonths, advanceDemoState } from "./demo-provider";
import type { SubscriptionState } from "./provider";

const at = (iso: string) => new Date(iso);
const trialing: SubscriptionState = {
  status: "trialing",
  trialEndsAt: at("2026-01-15T10:00:00Z"),
  currentPeriodEnd: at("2026-01-15T10:00:00Z"),
  cancelAtPeriodEnd: false,
  canceledAt: null,
};

describe("the demo provider's billing clock", () => {
  it("leaves a running trial alone", () => {
    expect(advanceDemoState(trialing, "4242", at("2026-01-15T09:59:59Z"))).toEqual(trialing);
  });

  it("turns an ended trial into an active month, and rolls months forward", () => {
    expect(advanceDemoState(trialing, "4242", at("2026-01-15T10:00:00Z"))).toEqual({
      ...trialing,
      status: "active",
      currentPeriodEnd: at("2026-02-15T10:00:00Z"),
    });
    expect(advanceDemoState(trialing, "4242", at("2026-04-20T00:00:00Z"))).toMatchObject({
      status: "active",
      currentPeriodEnd: at("2026-05-15T10:00:00Z"),
    });
  });

  it("ends in past_due with the card whose charges fail", () => {
    const last4 = DEMO_TEST_CARDS.failsOnRenewal.slice(-4);
    expect(advanceDemoState(trialing, last4, at("2026-01-16T00:00:00Z")).status).toBe("past_due");
  });

  it("cancels at the period's end when asked to", () => {
    expect(
      advanceDemoState({ ...trialing, cancelAtPeriodEnd: true }, "4242", at("2026-02-01T00:00:00Z")),
    ).toMatchObject({ status: "canceled", canceledAt: trialing.trialEndsAt });
  });

  it("never moves incomplete, past_due or canceled subscriptions", () => {
    for (const status of ["incomplete", "past_due", "canceled"] as const) {
      const s = { ...trialing, status };
      expect(advanceDemoState(s, "4242", at("2027-01-01T00:00:00Z"))).toEqual(s);
    }
  });

  it("adds calendar months in UTC", () => {
    expect(addMonths(at("2026-03-31T12:00:00Z"), 1).toISOString()).toBe("2026-05-01T12:00:00.000Z");
    expect(addMonths(at("2026-12-15T00:00:00Z"), 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });
});

describe("card numbers and access", () => {
  it("checks the Luhn digit", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("378282246310005")).toBe(true);
    expect(luhnValid("")).toBe(false);
  });

  it("grants access while trialing or active only", () => {
    expect(subscriptionGrantsAccess("trialing")).toBe(true);
    expect(subscriptionGrantsAccess("active")).toBe(true);
    for (const s of ["incomplete", "past_due", "canceled", null, undefined] as const) {
      expect(subscriptionGrantsAccess(s)).toBe(false);
    }
  });
});
