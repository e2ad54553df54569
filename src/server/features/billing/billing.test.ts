import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_MESSAGES, DEMO_TEST_CARDS, PLAN } from "@/shared/billing";
import { billingEvents } from "../../db/schema/billing-events";
import { notifications } from "../../db/schema/notifications";
import { subscriptions } from "../../db/schema/subscriptions";
import { type FakeStripe, startFakeStripe } from "../../test/fake-stripe";
import { as, createTestContext, createUser, type TestContext, type TestUser } from "../../test/test-app";
import { DEMO_ONLY_TEST_CARDS_MESSAGE } from "./demo-provider";
import { advanceDemoSubscriptions, runDemoClock } from "./service";

const DAY_MS = 24 * 60 * 60 * 1000;
type Caller = Pick<TestUser, "cookie"> | null;

const create = (ctx: TestContext, user: Caller) => as(ctx, user, { method: "POST", url: "/api/create-subscription" });
const read = (ctx: TestContext, user: Caller) => as(ctx, user, { method: "GET", url: "/api/subscription" });
const cancel = (ctx: TestContext, user: Caller) => as(ctx, user, { method: "POST", url: "/api/subscription/cancel" });
const confirm = (ctx: TestContext, user: Caller, payload: Record<string, unknown>) =>
  as(ctx, user, { method: "POST", url: "/api/subscription/demo/confirm", payload });
const card = (clientSecret: string, cardNumber: string) => ({
  clientSecret,
  cardNumber,
  expiry: "12 / 34",
  cvc: "123",
});

describe("demo billing provider", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A trial's 15 days pass in one step here: the sessions must outlive them (the idle timeout has
    // its own tests in auth/sessions.test.ts).
    ctx = await createTestContext({ SESSION_IDLE_HOURS: String(365 * 24) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("is what /api/public-config reports when no Stripe key is set", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.json().billing).toEqual({ provider: "demo", stripePublishableKey: null });
  });

  it("answers 401 to a visitor and 403 to clients and admins", async () => {
    const client = await createUser(ctx, "client");
    const admin = await createUser(ctx, "admin");
    expect((await create(ctx, null)).statusCode).toBe(401);
    expect((await read(ctx, null)).statusCode).toBe(401);
    expect((await cancel(ctx, null)).statusCode).toBe(401);
    expect((await confirm(ctx, null, card("x", DEMO_TEST_CARDS.success))).statusCode).toBe(401);
    for (const user of [client, admin]) {
      expect((await create(ctx, user)).statusCode).toBe(403);
      expect((await read(ctx, user)).statusCode).toBe(403);
      expect((await cancel(ctx, user)).statusCode).toBe(403);
      expect((await confirm(ctx, user, card("x", DEMO_TEST_CARDS.success))).statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select({ n: count() }).from(subscriptions);
    expect(row?.n).toBe(0);
  });

  it("opens an incomplete subscription with a 14-day trial, and answers the same one again", async () => {
    const provider = await createUser(ctx, "provider");
    expect((await read(ctx, provider)).json()).toBeNull();

    const first = await create(ctx, provider);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ provider: "demo", status: "incomplete", intent: "setup" });
    expect(body.clientSecret).toMatch(/^demo_seti_[0-9a-f]+_secret$/);

    const again = await create(ctx, provider);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);

    const sub = (await read(ctx, provider)).json();
    expect(sub).toMatchObject({ id: body.subscriptionId, provider: "demo", status: "incomplete", cardLast4: null });
    const trialDays = (Date.parse(sub.trialEndsAt) - ctx.clock.now().getTime()) / DAY_MS;
    expect(trialDays).toBeGreaterThan(PLAN.trialDays - 0.01);
    expect(trialDays).toBeLessThanOrEqual(PLAN.trialDays);
  });

  it("ends with one subscription when the button is pressed several times at once", async () => {
    const provider = await createUser(ctx, "provider");
    const answers = await Promise.all([create(ctx, provider), create(ctx, provider), create(ctx, provider)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().clientSecret)).size).toBe(1);
    const rows = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, provider.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [DEMO_TEST_CARDS.declined, CARD_MESSAGES.declined],
    [DEMO_TEST_CARDS.insufficientFunds, CARD_MESSAGES.insufficientFunds],
    [DEMO_TEST_CARDS.expired, CARD_MESSAGES.expired],
    ["4242424242424241", CARD_MESSAGES.incorrectNumber],
    ["4111111111111111", DEMO_ONLY_TEST_CARDS_MESSAGE],
  ])("declines card %s with 402 '%s' and leaves the subscription incomplete", async (number, message) => {
    const provider = await createUser(ctx, "provider");
    const { clientSecret } = (await create(ctx, provider)).json();
    const res = await confirm(ctx, provider, card(clientSecret, number.replace(/(\d{4})/g, "$1 ").trim()));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message });
    expect((await read(ctx, provider)).json()).toMatchObject({ status: "incomplete", cardLast4: null });
  });

  it("declines an expiry date in the past", async () => {
    const provider = await createUser(ctx, "provider");
    const { clientSecret } = (await create(ctx, provider)).json();
    const res = await confirm(ctx, provider, { ...card(clientSecret, DEMO_TEST_CARDS.success), expiry: "01/20" });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(CARD_MESSAGES.expiryInPast);
  });

  it.each([
    [{ cardNumber: "4242" }, "cardNumber"],
    [{ expiry: "13/30" }, "expiry"],
    [{ cvc: "12" }, "cvc"],
    [{ extra: "field" }, ""],
  ])("answers 400 for a malformed card form (%j)", async (patch, field) => {
    const provider = await createUser(ctx, "provider");
    const { clientSecret } = (await create(ctx, provider)).json();
    const res = await confirm(ctx, provider, { ...card(clientSecret, DEMO_TEST_CARDS.success), ...patch });
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().message).toContain(field);
  });

  it("moves incomplete → trialing with the test card 4242, then refuses a second subscription", async () => {
    const provider = await createUser(ctx, "provider");
    const { clientSecret } = (await create(ctx, provider)).json();
    const res = await confirm(ctx, provider, card(clientSecret, "4242 4242 4242 4242"));
    expect(res.statusCode).toBe(200);
    const sub = res.json();
    expect(sub).toMatchObject({ status: "trialing", cardLast4: "4242", canceledAt: null });
    expect(sub.currentPeriodEnd).toBe(sub.trialEndsAt);
    expect((await read(ctx, provider)).json()).toEqual(sub);

    const again = await create(ctx, provider);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You already have a subscription.");
    // Nothing left to confirm.
    expect((await confirm(ctx, provider, card(clientSecret, DEMO_TEST_CARDS.success))).statusCode).toBe(409);
  });

  it("runs the demo clock for due subscriptions without anyone reading them", async () => {
    const renews = await createUser(ctx, "provider");
    const failsToRenew = await createUser(ctx, "provider");
    for (const [user, number] of [
      [renews, DEMO_TEST_CARDS.success],
      [failsToRenew, DEMO_TEST_CARDS.failsOnRenewal],
    ] as const) {
      const { clientSecret } = (await create(ctx, user)).json();
      expect((await confirm(ctx, user, card(clientSecret, number))).json().status).toBe("trialing");
    }
    const stored = async (user: TestUser) =>
      (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0]?.status;

    // Before the trial ends nothing moves.
    expect(await advanceDemoSubscriptions(ctx.deps)).toBe(0);
    expect(await stored(renews)).toBe("trialing");

    ctx.clock.advance((PLAN.trialDays + 1) * DAY_MS);
    const changed = await advanceDemoSubscriptions(ctx.deps);
    expect(changed).toBeGreaterThanOrEqual(2);
    expect(await stored(renews)).toBe("active");
    expect(await stored(failsToRenew)).toBe("past_due");
    // Lead access follows the stored status at once.
    expect((await as(ctx, failsToRenew, { method: "GET", url: "/api/leads/access" })).json()).toMatchObject({
      hasAccess: false,
      subscriptionStatus: "past_due",
    });
    // A second run finds nothing more to do for them.
    await advanceDemoSubscriptions(ctx.deps);
    expect(await stored(renews)).toBe("active");
  });

  it("never puts a cancelled subscription back: the clock works from the locked row, not an old read", async () => {
    const user = await createUser(ctx, "provider");
    const { clientSecret } = (await create(ctx, user)).json();
    expect((await confirm(ctx, user, card(clientSecret, DEMO_TEST_CARDS.success))).json().status).toBe("trialing");
    // The clock's job read the row (trialing, its trial now over) just before the provider cancelled.
    const [before] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    if (!before) throw new Error("no subscription");
    expect((await cancel(ctx, user)).json().status).toBe("canceled");

    ctx.clock.advance((PLAN.trialDays + 1) * DAY_MS);
    const result = await runDemoClock(ctx.deps, before);
    expect(result.status).toBe("canceled");
    const [after] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(after?.status).toBe("canceled");
    // And the card form cannot revive it either.
    expect((await confirm(ctx, user, card(clientSecret, DEMO_TEST_CARDS.success))).statusCode).toBe(409);
  });

  it("keeps each provider to their own subscription", async () => {
    const alice = await createUser(ctx, "provider");
    const bob = await createUser(ctx, "provider");
    const { clientSecret } = (await create(ctx, alice)).json();
    expect((await read(ctx, bob)).json()).toBeNull();
    // Bob cannot confirm Alice's subscription with her secret, nor cancel it.
    expect((await confirm(ctx, bob, card(clientSecret, DEMO_TEST_CARDS.success))).statusCode).toBe(409);
    expect((await cancel(ctx, bob)).statusCode).toBe(404);
    // And a secret that is not his own subscription's is refused.
    await create(ctx, bob);
    expect((await confirm(ctx, bob, card(clientSecret, DEMO_TEST_CARDS.success))).statusCode).toBe(400);
    expect((await read(ctx, alice)).json().status).toBe("incomplete");
  });

  it("cancels at once; a second subscription comes without a trial and is charged now", async () => {
    const provider = await createUser(ctx, "provider");
    const first = (await create(ctx, provider)).json();
    await confirm(ctx, provider, card(first.clientSecret, DEMO_TEST_CARDS.success));

    const canceled = await cancel(ctx, provider);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().status).toBe("canceled");
    expect(ctx.clock.now().getTime() - Date.parse(canceled.json().canceledAt)).toBeLessThan(60_000);
    expect((await cancel(ctx, provider)).statusCode).toBe(404);

    const second = (await create(ctx, provider)).json();
    expect(second).toMatchObject({ status: "incomplete", intent: "payment" });
    expect(second.clientSecret).toMatch(/^demo_pi_/);
    expect(second.subscriptionId).toBe(first.subscriptionId); // the one row per provider, replaced
    expect((await read(ctx, provider)).json()).toMatchObject({ trialEndsAt: null, cardLast4: null, canceledAt: null });

    // The card that fails every charge fails the first month's charge here.
    const failing = await confirm(ctx, provider, card(second.clientSecret, DEMO_TEST_CARDS.failsOnRenewal));
    expect(failing.statusCode).toBe(402);
    const paid = await confirm(ctx, provider, card(second.clientSecret, "5555 5555 5555 4444"));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: "active", cardLast4: "4444", trialEndsAt: null });
    const monthDays = (Date.parse(paid.json().currentPeriodEnd) - ctx.clock.now().getTime()) / DAY_MS;
    expect(monthDays).toBeGreaterThan(27);
    expect(monthDays).toBeLessThan(32);
  });

  it("answers 404 to a Stripe webhook when Stripe is not configured", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("Stripe billing provider (SDK against a local stand-in)", () => {
  let ctx: TestContext;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    ctx = await createTestContext(stripe.env);
  });
  afterAll(async () => {
    await ctx.close();
    await stripe.close();
  });

  const deliver = (event: { body: string; signature?: string }) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: {
        "content-type": "application/json; charset=utf-8",
        ...(event.signature ? { "stripe-signature": event.signature } : {}),
      },
      payload: event.body,
    });
  const rowOf = async (userId: number) =>
    (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const eventCount = async () => (await ctx.database.db.select({ n: count() }).from(billingEvents))[0]?.n ?? 0;
  /** A signed event of that type carrying the subscription as Stripe holds it now. */
  const subscriptionEvent = (type: `customer.subscription.${"updated" | "deleted"}`, externalId: string) =>
    stripe.signedEvent({ type, object: stripe.subscriptions.get(externalId) });
  const subscribedProvider = async () => {
    const provider = await createUser(ctx, "provider");
    const res = await create(ctx, provider);
    expect(res.statusCode).toBe(200);
    const row = await rowOf(provider.id);
    if (!row) throw new Error("no subscription row");
    return { provider, body: res.json(), externalId: row.externalId };
  };

  it("reports Stripe and its publishable key in /api/public-config", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.json().billing).toEqual({ provider: "stripe", stripePublishableKey: "pk_test_fake_automatch" });
  });

  it("creates the price once, a customer and a 14-day trial subscription, answering the SetupIntent's secret", async () => {
    const { provider, body, externalId } = await subscribedProvider();
    expect(body).toMatchObject({ provider: "stripe", status: "incomplete", intent: "setup" });
    expect(body.clientSecret).toMatch(/^seti_[0-9a-f]+_secret_/);

    const created = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    expect(created?.params.get("trial_period_days")).toBe("14");
    expect(created?.params.get("payment_behavior")).toBe("default_incomplete");
    expect(created?.params.get("payment_settings[save_default_payment_method]")).toBe("on_subscription");
    expect(created?.params.getAll("expand[0]")).toEqual(["pending_setup_intent"]);
    expect(created?.params.get("metadata[userId]")).toBe(String(provider.id));
    const price = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/prices");
    expect(price?.params.get("unit_amount")).toBe("9900");
    expect(price?.params.get("recurring[interval]")).toBe("month");
    expect(price?.params.get("currency")).toBe("usd");

    // Asked again before the card is confirmed: the same subscription and secret, nothing new at Stripe.
    const subsBefore = stripe.count("POST", /^\/v1\/subscriptions$/);
    const again = await create(ctx, provider);
    expect(again.json()).toEqual(body);
    expect(stripe.count("POST", /^\/v1\/subscriptions$/)).toBe(subsBefore);
    expect(stripe.count("GET", new RegExp(`^/v1/subscriptions/${externalId}$`))).toBe(1);

    // A second provider reuses the price found by its lookup key.
    await subscribedProvider();
    expect(stripe.count("POST", /^\/v1\/prices$/)).toBe(1);
    expect(stripe.count("GET", /^\/v1\/prices$/)).toBe(1);
  });

  it("moves to trialing when the webhook reports the card confirmed, then refuses a second subscription", async () => {
    const { provider, externalId } = await subscribedProvider();
    stripe.completeSetup(externalId);
    const event = subscriptionEvent("customer.subscription.updated", externalId);
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const sub = (await read(ctx, provider)).json();
    expect(sub).toMatchObject({ provider: "stripe", status: "trialing" });
    expect(Date.parse(sub.trialEndsAt) - Date.now()).toBeGreaterThan((PLAN.trialDays - 0.01) * DAY_MS);
    expect((await create(ctx, provider)).statusCode).toBe(409);
  });

  it("refuses a missing, wrong or stale signature with 400 and writes nothing", async () => {
    const { provider, externalId } = await subscribedProvider();
    stripe.completeSetup(externalId);
    const before = await rowOf(provider.id);
    const eventsBefore = await eventCount();
    const object = stripe.subscriptions.get(externalId);
    const good = stripe.signedEvent({ type: "customer.subscription.updated", object });
    const deliveries = [
      { body: good.body },
      stripe.signedEvent({ type: "customer.subscription.updated", object }, { secret: "whsec_someone_else" }),
      stripe.signedEvent(
        { type: "customer.subscription.updated", object },
        { timestamp: Math.floor(Date.now() / 1000) - 3600 },
      ),
      { body: good.body.replace('"livemode":false', '"livemode":true'), signature: good.signature },
    ];
    for (const delivery of deliveries) {
      const res = await deliver(delivery);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/signature/);
    }
    expect(await eventCount()).toBe(eventsBefore);
    expect(await rowOf(provider.id)).toEqual(before);
    expect(before?.status).toBe("incomplete");
  });

  it("processes the same event delivered five times once", async () => {
    const { provider, externalId } = await subscribedProvider();
    stripe.completeSetup(externalId);
    const event = subscriptionEvent("customer.subscription.updated", externalId);
    const eventsBefore = await eventCount();
    const retrievesBefore = stripe.count("GET", new RegExp(`^/v1/subscriptions/${externalId}$`));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await deliver(event)).json());
    expect(answers.map((a) => a.duplicate)).toEqual([false, true, true, true, true]);
    expect(await eventCount()).toBe(eventsBefore + 1);
    expect(stripe.count("GET", new RegExp(`^/v1/subscriptions/${externalId}$`))).toBe(retrievesBefore + 1);
    const rows = await ctx.database.db.select().from(billingEvents).where(eq(billingEvents.eventId, event.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.type).toBe("customer.subscription.updated");
    expect((await rowOf(provider.id))?.status).toBe("trialing");
    // The provider is told of the trial once, however often the event came.
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, provider.id));
    expect(told.map((n) => n.kind)).toEqual(["subscription.trial_started"]);
  });

  it("two webhooks at once: the later read of Stripe is the one stored, even when its answer comes back first", async () => {
    const { provider, externalId } = await subscribedProvider();
    stripe.update(externalId, { status: "active", pending_setup_intent: null });
    const invoice = {
      object: "invoice",
      id: "in_race",
      parent: { subscription_details: { subscription: externalId } },
    };
    expect((await deliver(stripe.signedEvent({ type: "invoice.paid", object: invoice }))).statusCode).toBe(200);
    expect((await rowOf(provider.id))?.status).toBe("active");

    // The first delivery reads "active", and that answer is slow to come back.
    const hold = stripe.holdNextResponse();
    const first = deliver(stripe.signedEvent({ type: "invoice.paid", object: invoice }));
    await hold.arrived;
    // Meanwhile the renewal fails at Stripe and its event arrives.
    stripe.update(externalId, { status: "past_due" });
    const second = deliver(stripe.signedEvent({ type: "invoice.payment_failed", object: invoice }));
    // Without the row lock the second would read "past_due" and store it before the first answer lands.
    await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 500))]);
    hold.release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await rowOf(provider.id))?.status).toBe("past_due");
  });

  it("ends in Stripe's own state whatever order the events arrive in", async () => {
    // One subscription's life: card confirmed, trial over and paid, a failed renewal, then paid again.
    const { provider, externalId } = await subscribedProvider();
    const snapshot = (patch: Record<string, unknown>) => ({ ...stripe.subscriptions.get(externalId), ...patch });
    const invoice = { object: "invoice", id: "in_x", parent: { subscription_details: { subscription: externalId } } };
    const history = [
      { type: "customer.subscription.created", object: snapshot({}) },
      { type: "customer.subscription.updated", object: snapshot({ pending_setup_intent: null }) },
      { type: "customer.subscription.updated", object: snapshot({ status: "active", pending_setup_intent: null }) },
      { type: "invoice.paid", object: invoice },
      { type: "invoice.payment_failed", object: invoice },
      { type: "customer.subscription.updated", object: snapshot({ status: "past_due", pending_setup_intent: null }) },
      { type: "invoice.paid", object: { ...invoice, id: "in_y" } },
      { type: "customer.subscription.updated", object: snapshot({ status: "active", pending_setup_intent: null }) },
    ];
    const periodEnd = Math.floor(Date.now() / 1000) + 40 * 24 * 3600;
    stripe.update(externalId, {
      status: "active",
      pending_setup_intent: null,
      items: {
        object: "list",
        data: [{ id: "si_1", object: "subscription_item", current_period_start: 1, current_period_end: periodEnd }],
      },
    });

    // A few fixed shuffles (no randomness, so a failure repeats), each delivered as fresh events.
    const orders = [
      [7, 6, 5, 4, 3, 2, 1, 0],
      [5, 0, 7, 2, 4, 1, 6, 3],
      [2, 5, 1, 6, 0, 3, 7, 4],
      [0, 1, 2, 3, 4, 5, 6, 7],
    ];
    for (const order of orders) {
      for (const i of order) {
        const h = history[i];
        if (!h) throw new Error("bad index");
        const res = await deliver(stripe.signedEvent(h));
        expect(res.statusCode).toBe(200);
        // After every single delivery the row already holds Stripe's current state.
        const row = await rowOf(provider.id);
        expect(row?.status).toBe("active");
        expect(row?.currentPeriodEnd?.getTime()).toBe(periodEnd * 1000);
      }
    }
    const sub = (await read(ctx, provider)).json();
    expect(sub).toMatchObject({ status: "active", cancelAtPeriodEnd: false, canceledAt: null });
  });

  it("maps Stripe's past_due, unpaid and paused to past_due, which is refused a new subscription", async () => {
    const { provider, externalId } = await subscribedProvider();
    for (const status of ["past_due", "unpaid", "paused"] as const) {
      stripe.update(externalId, { status, pending_setup_intent: null });
      await deliver(subscriptionEvent("customer.subscription.updated", externalId));
      expect((await read(ctx, provider)).json().status).toBe("past_due");
    }
    expect((await create(ctx, provider)).statusCode).toBe(409);
  });

  it("answers 500 with no internals, and writes nothing, when Stripe refuses the call", async () => {
    const broken = await createTestContext({ ...stripe.env, STRIPE_SECRET_KEY: "sk_test_revoked" });
    try {
      const provider = await createUser(broken, "provider");
      const res = await create(broken, provider);
      expect(res.statusCode).toBe(500);
      const reference = res.headers["x-request-id"];
      expect(res.json()).toEqual({
        message: `Something went wrong on our side. Please try again. (reference ${reference})`,
        reference,
      });
      const [row] = await broken.database.db.select({ n: count() }).from(subscriptions);
      expect(row?.n).toBe(0);
    } finally {
      await broken.close();
    }
  });

  it("cancels through the SDK, stores the answer, and a new subscription reuses the customer without a trial", async () => {
    const { provider, externalId } = await subscribedProvider();
    stripe.completeSetup(externalId);
    const res = await cancel(ctx, provider);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("canceled");
    expect(stripe.count("DELETE", new RegExp(`^/v1/subscriptions/${externalId}$`))).toBe(1);
    expect(stripe.subscriptions.get(externalId)?.status).toBe("canceled");

    // The deleted event that follows re-reads the same state.
    await deliver(subscriptionEvent("customer.subscription.deleted", externalId));
    expect((await rowOf(provider.id))?.status).toBe("canceled");

    const customersBefore = stripe.customerCount();
    const again = await create(ctx, provider);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ intent: "payment", status: "incomplete" });
    expect(again.json().clientSecret).toMatch(/^pi_/);
    expect(stripe.customerCount()).toBe(customersBefore);
    const last = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions").at(-1);
    expect(last?.params.get("trial_period_days")).toBeNull();
    expect((await rowOf(provider.id))?.externalId).not.toBe(externalId);
  });
});
