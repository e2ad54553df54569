// Webhooks (issue 32 part 2, decision 173), end to end on a real local HTTP receiver: the provider's
// endpoints, the events the product writes in its transactions, the signed delivery (checked with the
// Standard Webhooks specification's own library), retries, the delivery log, and the SSRF rules.
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leadPath } from "@/shared/paths";
import { WEBHOOK_RETRY_DELAYS_SECONDS } from "@/shared/webhooks";
import { companies } from "../../db/schema/companies";
import { notifications } from "../../db/schema/notifications";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/webhooks";
import { createTopProvider, type TestProvider } from "../../test/fixtures";
import { acceptQuote, leadOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { apiAs, createUser, type TestUser } from "../../test/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { type Resolver, systemResolver } from "./address";
import { deliverDueWebhooks, type WebhookSenderDeps } from "./delivery";
import { emitWebhook } from "./events";

const ctx = sharedTestContext({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" });
const api = apiAs(ctx).call;
let receiver: WebhookReceiver;
let provider: TestProvider;
let client: TestUser;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

beforeEach(async () => {
  // Each test has the one top provider, so that every request reaches it, and a client of its own.
  // Companies go with their endpoints and events.
  await ctx.database.db.delete(companies);
  provider = await createTopProvider(ctx);
  client = await createUser(ctx, "client");
  receiver.received.length = 0;
  receiver.fallback = 200;
});

/** The sender as the worker runs it, with a short time-out, and the resolver when a test gives one. */
function sender(
  over: { timeoutMs?: number; resolve?: Resolver; allowPrivateNetworks?: boolean } = {},
): WebhookSenderDeps {
  return { ...ctx.deps, webhooks: { ...ctx.deps.webhooks, timeoutMs: 400, ...over } };
}
const deliver = (over?: Parameters<typeof sender>[0]) => deliverDueWebhooks(sender(over));

async function addEndpoint(events: string[], url = receiver.url, who: TestUser = provider) {
  const res = await api(who, "POST", "/api/webhooks/endpoints", { url, events, description: "CRM" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; secretHint: string };
}

/** The signed message the receiver got, checked with the specification's library, as a receiver would. */
function verified(secret: string, index = 0) {
  const message = receiver.received[index];
  if (!message) throw new Error(`the receiver got no message ${index}`);
  const payload = new Webhook(secret).verify(message.body, message.headers) as {
    id: string;
    type: string;
    version: number;
    timestamp: string;
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the payload's nested fields as a receiver would.
    data: Record<string, any>;
  };
  expect(payload.id).toBe(message.headers["webhook-id"]);
  return payload;
}

const deliveriesOf = async (endpointId: number, who: TestUser = provider) =>
  (await api(who, "GET", `/api/webhooks/endpoints/${endpointId}/deliveries`)).json().items as Array<{
    id: number;
    status: string;
    messageId: string;
    attempts: Array<{ responseStatus: number | null; excerpt: string; durationMs: number }>;
    nextAttemptAt: string | null;
    payload: Record<string, unknown>;
  }>;

describe("a provider's endpoints", () => {
  it("shows the secret once, lists the endpoint without it, and keeps it to the provider's own company", async () => {
    const created = await addEndpoint(["lead.delivered"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.secret.startsWith(created.secretHint.replace("…", ""))).toBe(true);
    const list = (await api(provider, "GET", "/api/webhooks/endpoints")).json();
    expect(list.endpoints).toEqual([
      expect.objectContaining({ id: created.id, url: receiver.url, events: ["lead.delivered"], enabled: true }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const other = await createTopProvider(ctx);
    for (const [method, url, body] of [
      ["PATCH", `/api/webhooks/endpoints/${created.id}`, { enabled: false }],
      ["DELETE", `/api/webhooks/endpoints/${created.id}`],
      ["POST", `/api/webhooks/endpoints/${created.id}/rotate-secret`],
      ["GET", `/api/webhooks/endpoints/${created.id}/deliveries`],
    ] as const) {
      expect((await api(other, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(other, "GET", "/api/webhooks/endpoints")).json().endpoints).toEqual([]);
    expect((await api(client, "GET", "/api/webhooks/endpoints")).statusCode).toBe(403);
  });

  it("refuses bad input with a message at the field", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ url: "not a url", events: ["lead.delivered"] }, "url", "starting with https://"],
      [{ url: "ftp://example.com/x", events: ["lead.delivered"] }, "url", "starting with https://"],
      [{ url: "https://user:pw@example.com/x", events: ["lead.delivered"] }, "url", "passwords"],
      [{ url: receiver.url, events: [] }, "events", "at least one event"],
      [{ url: receiver.url, events: ["lead.eaten"] }, "events", "from the list"],
    ];
    for (const [body, field, words] of cases) {
      const res = await api(provider, "POST", "/api/webhooks/endpoints", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
      expect(res.body).toContain(words);
    }
    expect(await ctx.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("allows ten endpoints a company", async () => {
    for (let i = 0; i < 10; i++) await addEndpoint(["review.posted"]);
    const res = await api(provider, "POST", "/api/webhooks/endpoints", {
      url: receiver.url,
      events: ["review.posted"],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("at most 10 endpoints");
  });
});

describe("a delivered lead", () => {
  it("reaches the endpoint signed to the specification, with the request but not the client's contact", async () => {
    const endpoint = await addEndpoint(["lead.delivered"]);
    const requestId = await matchedRequest(ctx, client, { title: "Invoice bot for webhooks" });
    // Nothing is sent inside the match's transaction: the sender runs after the commit.
    expect(receiver.received).toHaveLength(0);
    expect(await deliver()).toMatchObject({ delivered: 1, retrying: 0, failed: 0 });

    const payload = verified(endpoint.secret);
    const leadId = await leadOf(ctx, provider, requestId);
    expect(payload).toMatchObject({ type: "lead.delivered", version: 1 });
    expect(payload.id).toMatch(/^msg_\d+$/);
    expect(payload.data.lead).toMatchObject({ id: leadId, url: `${ctx.config.publicUrl}${leadPath(leadId)}` });
    expect(payload.data.request).toMatchObject({ id: requestId, title: "Invoice bot for webhooks" });
    const text = JSON.stringify(payload);
    expect(text).not.toContain(client.email);
    expect(payload.data.request.requirements).not.toHaveProperty("fullName");
    expect(payload.data.request.requirements).not.toHaveProperty("companyName");

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: "delivered", messageId: payload.id, nextAttemptAt: null });
    expect(delivery?.attempts).toEqual([expect.objectContaining({ responseStatus: 200, excerpt: "ok" })]);
    const [listed] = (await api(provider, "GET", "/api/webhooks/endpoints")).json().endpoints;
    expect(listed).toMatchObject({ failingSince: null, lastDelivery: { status: "delivered", responseStatus: 200 } });
    // A delivered message is not sent again by a later run.
    expect(await deliver()).toMatchObject({ delivered: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it("goes only to endpoints that chose the event, and not to a turned-off one", async () => {
    await addEndpoint(["review.posted"]);
    const off = await addEndpoint(["lead.delivered"]);
    expect((await api(provider, "PATCH", `/api/webhooks/endpoints/${off.id}`, { enabled: false })).statusCode).toBe(
      200,
    );
    await matchedRequest(ctx, client);
    await deliver();
    expect(receiver.received).toHaveLength(0);
    expect(await ctx.database.db.select().from(webhookEvents)).toEqual([]);
  });

  it("is not written when the transaction that made it rolls back", async () => {
    await addEndpoint(["lead.delivered"]);
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await emitWebhook(tx, ctx.deps, "lead.delivered", provider.companyId, async () => ({ lead: { id: 1 } }));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await ctx.database.db.select().from(webhookEvents)).toEqual([]);
    expect(await deliver()).toMatchObject({ delivered: 0, retrying: 0 });
    expect(receiver.received).toHaveLength(0);
  });
});

describe("retries", () => {
  it("tries again after a 500 and a time-out, on the schedule, with the same id, until a 2xx", async () => {
    const endpoint = await addEndpoint(["lead.delivered"]);
    await matchedRequest(ctx, client);
    receiver.script(500, "hang");

    expect(await deliver()).toMatchObject({ delivered: 0, retrying: 1 });
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.attempts).toEqual([expect.objectContaining({ responseStatus: 500, excerpt: "status 500" })]);
    const [failing] = (await api(provider, "GET", "/api/webhooks/endpoints")).json().endpoints;
    expect(failing).toMatchObject({ lastDelivery: { status: "pending", responseStatus: 500 } });
    expect(failing.failingSince).not.toBeNull();
    const due = Date.parse(delivery?.nextAttemptAt ?? "");
    expect(due - ctx.clock.now().getTime()).toBeGreaterThan((WEBHOOK_RETRY_DELAYS_SECONDS[0] - 1) * 1000);
    // Not before its time.
    expect(await deliver()).toMatchObject({ retrying: 0, delivered: 0 });

    ctx.clock.advance(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    expect(await deliver()).toMatchObject({ retrying: 1 });
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.attempts[1]).toMatchObject({ responseStatus: null, excerpt: "No answer within 0.4 seconds." });
    expect(delivery?.attempts[1]?.durationMs).toBeGreaterThanOrEqual(390);

    ctx.clock.advance(WEBHOOK_RETRY_DELAYS_SECONDS[1] * 1000);
    expect(await deliver()).toMatchObject({ delivered: 1 });
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.status).toBe("delivered");
    expect(delivery?.attempts.map((a) => a.responseStatus)).toEqual([500, null, 200]);
    const ids = new Set(receiver.received.map((r) => r.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    verified(endpoint.secret, 2);
  });

  it("gives up after the last retry, turns off an endpoint failing for a day, and tells its provider", async () => {
    const endpoint = await addEndpoint(["lead.delivered"]);
    await matchedRequest(ctx, client);
    receiver.fallback = 503;
    await deliver();
    for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS) {
      ctx.clock.advance(delay * 1000);
      await deliver();
    }
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.status).toBe("failed");
    expect(delivery?.attempts).toHaveLength(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1);

    const [row] = await ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: "Every delivery failed for 24 hours." });
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, provider.id));
    expect(told.filter((n) => n.kind === "webhook.disabled")).toHaveLength(1);

    // "Send again" waits for the endpoint to be turned on.
    const early = await api(provider, "POST", `/api/webhooks/deliveries/${delivery?.id}/resend`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain("turn it on first");
    // Fixed and turned back on: "Send again" delivers the failed message.
    receiver.fallback = 200;
    const on = await api(provider, "PATCH", `/api/webhooks/endpoints/${endpoint.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect((await api(provider, "POST", `/api/webhooks/deliveries/${delivery?.id}/resend`)).statusCode).toBe(204);
    expect(await deliver()).toMatchObject({ delivered: 1 });
    verified(endpoint.secret, receiver.received.length - 1);
  });
});

describe("a slow receiver", () => {
  it("holds up only its own endpoint: the others' messages go while it keeps one waiting", async () => {
    const slow = await startWebhookReceiver();
    try {
      slow.script("hang");
      await addEndpoint(["lead.delivered"], slow.url);
      await addEndpoint(["lead.delivered"]);
      for (let i = 0; i < 3; i++) await matchedRequest(ctx, client);
      expect(await deliver({ timeoutMs: 1500 })).toMatchObject({ delivered: 5, retrying: 1 });
      const [held] = slow.received;
      if (held?.closedAt === undefined) throw new Error("the slow receiver's first message never ended");
      // The fast endpoint's three messages all arrived while the slow one's first was still waiting.
      expect(receiver.received).toHaveLength(3);
      for (const message of receiver.received) expect(message.at).toBeLessThan(held.closedAt);
      // The slow endpoint's own messages went one after another, in the order of their events.
      expect(slow.received.map((m) => Number(m.headers["webhook-id"]?.slice(4)))).toEqual(
        receiver.received.map((m) => Number(m.headers["webhook-id"]?.slice(4))),
      );
    } finally {
      await slow.close();
    }
  });
});

describe("each event", () => {
  it("numbers messages in the order of their events", async () => {
    const endpoint = await addEndpoint(["message.received"]);
    const requestId = await matchedRequest(ctx, client);
    const leadId = await leadOf(ctx, provider, requestId);
    for (const body of ["First question.", "Second question.", "Third question."]) {
      expect((await api(client, "POST", `/api/conversations/${leadId}/messages`, { body })).statusCode).toBe(201);
    }
    // The provider's own message is no event for itself.
    await api(provider, "POST", `/api/conversations/${leadId}/messages`, { body: "Our answer." });
    await deliver();
    const payloads = receiver.received.map((_, i) => verified(endpoint.secret, i));
    expect(payloads.map((p) => p.data.message.body)).toEqual([
      "First question.",
      "Second question.",
      "Third question.",
    ]);
    const numbers = payloads.map((p) => Number(p.id.slice("msg_".length)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(3);
  });

  it("tells of a hire with the client's contact, of a decline, of a withdrawn lead and of a review", async () => {
    const endpoint = await addEndpoint(["quote.accepted", "quote.declined", "lead.withdrawn", "review.posted"]);
    // Declined: the client turns the quote down.
    const declinedOn = await matchedRequest(ctx, client);
    const declinedQuote = await quoteOn(ctx, provider, declinedOn);
    expect((await api(client, "POST", `/api/quotes/${declinedQuote}/decline`)).statusCode).toBe(200);
    // Withdrawn: the client cancels a request the provider has not quoted on.
    const cancelled = await matchedRequest(ctx, client);
    expect((await api(client, "POST", `/api/quote-requests/${cancelled}/cancel`)).statusCode).toBe(200);
    // Hired, then reviewed.
    const hiredOn = await matchedRequest(ctx, client);
    const hiredQuote = await quoteOn(ctx, provider, hiredOn);
    await acceptQuote(ctx, client, hiredQuote);
    const review = { rating: 5, body: "The bot keys every invoice overnight, and nobody touches it.", outcome: "met" };
    expect((await api(client, "POST", `/api/quote-requests/${hiredOn}/review`, review)).statusCode).toBe(201);

    await deliver();
    const byType = new Map(receiver.received.map((_, i) => verified(endpoint.secret, i)).map((p) => [p.type, p]));
    expect([...byType.keys()].sort()).toEqual(["lead.withdrawn", "quote.accepted", "quote.declined", "review.posted"]);
    expect(byType.get("quote.declined")?.data).toMatchObject({
      quote: { id: declinedQuote, status: "declined", declineReason: "client-declined" },
      request: { id: declinedOn },
    });
    expect(byType.get("lead.withdrawn")?.data).toMatchObject({
      lead: { id: await leadOf(ctx, provider, cancelled) },
      reason: "request-cancelled",
    });
    expect(byType.get("quote.accepted")?.data).toMatchObject({
      quote: { id: hiredQuote, status: "accepted" },
      client: { email: client.email },
    });
    expect(byType.get("review.posted")?.data).toMatchObject({ review: { rating: 5, outcome: "met" } });
    // The hire closed the provider's own lead: that is no withdrawal.
    expect(receiver.received).toHaveLength(4);
  });
});

describe("deleted accounts", () => {
  it("leave no client contact in a hire's message, and no endpoint of a deleted provider", async () => {
    const endpoint = await addEndpoint(["quote.accepted"]);
    const requestId = await matchedRequest(ctx, client);
    await acceptQuote(ctx, client, await quoteOn(ctx, provider, requestId));
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(JSON.stringify(delivery)).toContain(client.email);

    expect((await api(client, "POST", "/api/account/delete", { password: client.password })).statusCode).toBe(204);
    const [kept] = await deliveriesOf(endpoint.id);
    expect(kept?.payload).toMatchObject({ client: null });
    expect(JSON.stringify(kept)).not.toContain(client.email);

    expect((await api(provider, "POST", "/api/account/delete", { password: provider.password })).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(webhookEndpoints)).toEqual([]);
    expect(await ctx.database.db.select().from(webhookEvents)).toEqual([]);
  });
});

describe("secrets", () => {
  it("signs with the new secret after a rotation, and with the previous one beside it for a day", async () => {
    const endpoint = await addEndpoint(["lead.delivered"]);
    const rotated = (await api(provider, "POST", `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`)).json();
    expect(rotated.secret).not.toBe(endpoint.secret);
    await matchedRequest(ctx, client);
    await deliver();
    verified(rotated.secret);
    verified(endpoint.secret);

    ctx.clock.advance(25 * 60 * 60 * 1000);
    await matchedRequest(ctx, client);
    await deliver();
    verified(rotated.secret, 1);
    expect(() => verified(endpoint.secret, 1)).toThrow();
  });
});

describe("addresses (SSRF)", () => {
  const strict = { allowPrivateNetworks: false };
  const withStrictRules = async (resolve?: Resolver) => {
    ctx.deps.webhooks.allowPrivateNetworks = false;
    if (resolve) ctx.deps.webhooks.resolve = resolve;
  };
  // The app's own settings, as the routes read them, put back after each test.
  const restore = () => Object.assign(ctx.deps.webhooks, { allowPrivateNetworks: true, resolve: systemResolver });
  beforeEach(restore);
  afterAll(restore);

  it("refuses loopback, private, link-local and metadata addresses and plain http when saved", async () => {
    await withStrictRules();
    const refused: Array<[string, string]> = [
      ["https://127.0.0.1/hooks", "127.0.0.1"],
      // A name that resolves to 127.0.0.1 (the machine's own hosts file) is refused as the address is.
      ["https://localhost:8443/hooks", "127.0.0.1"],
      ["https://10.1.2.3/hooks", "private"],
      ["https://169.254.169.254/latest/meta-data", "linkLocal"],
      ["https://[::1]/hooks", "loopback"],
      ["https://[::ffff:192.168.0.1]/hooks", "private"],
      ["https://[::7f00:1]/hooks", "reserved"],
      ["https://100.100.100.200/hooks", "carrierGradeNat"],
      ["http://example.com/hooks", "https://"],
    ];
    for (const [url, words] of refused) {
      const res = await api(provider, "POST", "/api/webhooks/endpoints", { url, events: ["lead.delivered"] });
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(words);
    }
    expect(await ctx.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("checks again on every delivery: a name that turns to 127.0.0.1 after saving is refused", async () => {
    let answer = "93.184.215.14";
    await withStrictRules(async () => [{ address: answer, family: 4 }]);
    const endpoint = await addEndpoint(["lead.delivered"], "https://hooks.example.test/in");
    answer = "127.0.0.1";
    await matchedRequest(ctx, client);
    expect(await deliver(strict)).toMatchObject({ retrying: 1 });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.attempts[0]).toMatchObject({ responseStatus: null });
    expect(delivery?.attempts[0]?.excerpt).toContain("Refused: hooks.example.test resolves to 127.0.0.1");
    expect(receiver.received).toHaveLength(0);
  });

  it("connects to the address it checked, not to a second answer of the resolver", async () => {
    // The name exists nowhere but in this resolver: the message arrives only if the connection used the
    // checked address instead of looking the name up again.
    const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    ctx.deps.webhooks.resolve = resolve;
    const endpoint = await addEndpoint(["lead.delivered"], `http://hooks.example.test:${receiver.port}/in`);
    await matchedRequest(ctx, client);
    expect(await deliver({ resolve })).toMatchObject({ delivered: 1 });
    expect(receiver.received[0]?.headers.host).toBe(`hooks.example.test:${receiver.port}`);
    verified(endpoint.secret);
  });
});

it("counts the deliveries in the metrics", async () => {
  await addEndpoint(["lead.delivered"]);
  await matchedRequest(ctx, client);
  receiver.script(500);
  await deliver();
  ctx.clock.advance(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
  await deliver();
  const text = await ctx.deps.metrics.registry.metrics();
  expect(text).toMatch(/automatch_webhook_deliveries_total\{outcome="retrying"\} [1-9]/);
  expect(text).toMatch(/automatch_webhook_deliveries_total\{outcome="delivered"\} [1-9]/);
  expect(text).toMatch(/automatch_webhook_attempt_seconds_count\{result="2xx"\} [1-9]/);
  expect(await ctx.database.db.select().from(webhookDeliveries)).toHaveLength(1);
});
