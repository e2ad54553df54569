// A stand-in for the few Stripe API endpoints the billing code calls, on a local port, so that the
// real SDK is exercised without the network. It keeps its subscriptions in memory and records every
// request, and signs webhook payloads with the SDK's own test-header helper.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const FAKE_STRIPE_KEYS = {
  secretKey: "sk_test_fake_automatch",
  publishableKey: "pk_test_fake_automatch",
  webhookSecret: "whsec_fake_automatch",
} as const;

export type FakeRequest = { method: string; path: string; params: URLSearchParams };

export type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: Stripe.Subscription.Status;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  pending_setup_intent: string | null;
  latest_invoice: string;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: { id: string; object: "subscription_item"; current_period_start: number; current_period_end: number }[];
  };
};

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A promise and the function that settles it (Node 20 has no Promise.withResolvers). */
function signal(): { fired: Promise<void>; fire: () => void } {
  let fire: () => void = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

export async function startFakeStripe() {
  const requests: FakeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const setupIntents = new Map<string, { id: string; object: "setup_intent"; client_secret: string; status: string }>();
  const invoices = new Map<
    string,
    { id: string; object: "invoice"; confirmation_secret: { client_secret: string; type: string } | null }
  >();
  const prices: { id: string; object: "price"; lookup_key: string | null; active: boolean; unit_amount: number }[] = [];
  let customers = 0;
  /** The next request's answer is worked out when it arrives, and sent when the test releases it. */
  let held: { arrived: () => void; released: Promise<void> } | null = null;

  const expanded = (sub: FakeSubscription, expand: string[]) => ({
    ...sub,
    pending_setup_intent:
      sub.pending_setup_intent && expand.includes("pending_setup_intent")
        ? setupIntents.get(sub.pending_setup_intent)
        : sub.pending_setup_intent,
    latest_invoice: expand.some((e) => e.startsWith("latest_invoice"))
      ? invoices.get(sub.latest_invoice)
      : sub.latest_invoice,
  });

  const handle = (req: FakeRequest): [number, unknown] => {
    const { method, path, params } = req;
    const expand = [...params.entries()].filter(([k]) => k.startsWith("expand")).map(([, v]) => v);
    if (method === "GET" && path === "/v1/prices") {
      const keys = [...params.entries()].filter(([k]) => k.startsWith("lookup_keys")).map(([, v]) => v);
      const data = prices.filter((p) => p.active && p.lookup_key && keys.includes(p.lookup_key));
      return [200, { object: "list", data, has_more: false, url: "/v1/prices" }];
    }
    if (method === "POST" && path === "/v1/prices") {
      const price = {
        id: id("price"),
        object: "price" as const,
        lookup_key: params.get("lookup_key"),
        active: true,
        unit_amount: Number(params.get("unit_amount")),
      };
      prices.push(price);
      return [200, price];
    }
    if (method === "POST" && path === "/v1/customers") {
      customers += 1;
      return [200, { id: id("cus"), object: "customer", email: params.get("email") }];
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const now = nowSeconds();
      const trialDays = Number(params.get("trial_period_days") ?? 0);
      const invoice = {
        id: id("in"),
        object: "invoice" as const,
        confirmation_secret: trialDays
          ? null
          : { client_secret: `${id("pi")}_secret_${id("x")}`, type: "payment_intent" },
      };
      invoices.set(invoice.id, invoice);
      let pending: string | null = null;
      if (trialDays) {
        const seti = id("seti");
        setupIntents.set(seti, {
          id: seti,
          object: "setup_intent",
          client_secret: `${seti}_secret_${id("x")}`,
          status: "requires_payment_method",
        });
        pending = seti;
      }
      const periodEnd = trialDays ? now + trialDays * DAY : now + 30 * DAY;
      const sub: FakeSubscription = {
        id: id("sub"),
        object: "subscription",
        customer: params.get("customer") ?? "",
        status: trialDays ? "trialing" : "incomplete",
        trial_end: trialDays ? periodEnd : null,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        pending_setup_intent: pending,
        latest_invoice: invoice.id,
        metadata: { userId: params.get("metadata[userId]") ?? "" },
        items: {
          object: "list",
          data: [
            { id: id("si"), object: "subscription_item", current_period_start: now, current_period_end: periodEnd },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      return [200, expanded(sub, expand)];
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const sub = subMatch ? subscriptions.get(subMatch[1] ?? "") : undefined;
    if (subMatch && !sub) {
      return [
        404,
        { error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription" } },
      ];
    }
    if (sub && method === "GET") return [200, expanded(sub, expand)];
    if (sub && method === "DELETE") {
      const now = nowSeconds();
      Object.assign(sub, { status: "canceled", canceled_at: now, ended_at: now, pending_setup_intent: null });
      return [200, expanded(sub, expand)];
    }
    return [
      404,
      { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  };

  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const params = new URLSearchParams(request.method === "GET" || request.method === "DELETE" ? url.search : body);
      const req: FakeRequest = { method: request.method ?? "GET", path: url.pathname, params };
      requests.push(req);
      const [status, payload] =
        request.headers.authorization === `Bearer ${FAKE_STRIPE_KEYS.secretKey}`
          ? handle(req)
          : [401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } }];
      const send = () => {
        response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        response.end(JSON.stringify(payload));
      };
      const hold = held;
      held = null;
      if (!hold) return send();
      hold.arrived();
      void hold.released.then(send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const signer = new Stripe(FAKE_STRIPE_KEYS.secretKey);

  return {
    requests,
    subscriptions,
    customerCount: () => customers,
    /** Settings for createTestContext that point the app's Stripe SDK here. */
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    },
    /** What Stripe.js does when the card form succeeds: the SetupIntent is used, the trial runs. */
    completeSetup(subId: string): void {
      const s = subscriptions.get(subId);
      if (!s) throw new Error(`no fake subscription ${subId}`);
      s.pending_setup_intent = null;
    },
    update(subId: string, patch: Partial<FakeSubscription>): FakeSubscription {
      const s = subscriptions.get(subId);
      if (!s) throw new Error(`no fake subscription ${subId}`);
      Object.assign(s, patch);
      return s;
    },
    /**
     * Holds the answer of the next request, as a slow network would: `arrived` settles when the
     * request is in (its answer already decided), and the answer goes out on `release()`.
     */
    holdNextResponse(): { arrived: Promise<void>; release: () => void } {
      const released = signal();
      const arrived = signal();
      held = { arrived: arrived.fire, released: released.fired };
      return { arrived: arrived.fired, release: released.fire };
    },
    count(method: string, pathPattern: RegExp): number {
      return requests.filter((r) => r.method === method && pathPattern.test(r.path)).length;
    },
    /** A webhook delivery as Stripe sends it: the JSON body and its Stripe-Signature header. */
    signedEvent(
      event: { id?: string; type: string; object: unknown },
      opts: { secret?: string; timestamp?: number } = {},
    ): { id: string; body: string; signature: string } {
      const eventId = event.id ?? id("evt");
      const body = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: "2026-10-28.endive",
        created: nowSeconds(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: event.type,
        data: { object: event.object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: opts.secret ?? FAKE_STRIPE_KEYS.webhookSecret,
        ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
      });
      return { id: eventId, body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
