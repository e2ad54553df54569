// Webhook events are written inside other features' transactions (decision 173): they must not make
// those transactions deadlock or fail. Two interleavings a review found: the sender's job asked for in
// the opposite order to the email sender's (two queues that each keep one waiting job deadlocked), and
// an endpoint deleted while a change writes its event (the delivery's foreign key failed the change).
import { describe, expect, it } from "vitest";
import { JOB_NAMES } from "../../jobs/queue";
import { createTopProvider } from "../../test/fixtures";
import { lockTestContext } from "../../test/lock-waits";
import { acceptQuote, matchedRequest, quoteOn } from "../../test/scenarios";
import { apiAs, as, createUser } from "../../test/test-app";
import { emitWebhook } from "./events";

const { ctx, other, someoneWaitsForALock } = lockTestContext({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" });

async function endpointOf(provider: Awaited<ReturnType<typeof createTopProvider>>, events: string[]) {
  const res = await apiAs(ctx).call(provider, "POST", "/api/webhooks/endpoints", {
    url: "http://127.0.0.1:9/hooks",
    events,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe("webhook events inside other transactions", () => {
  it("a review and a change that asks for the email sender first, then the webhook sender, both commit", async () => {
    const provider = await createTopProvider(ctx);
    const client = await createUser(ctx, "client");
    await endpointOf(provider, ["review.posted"]);
    const requestId = await matchedRequest(ctx, client);
    await acceptQuote(ctx, client, await quoteOn(ctx, provider, requestId));
    await other.query("delete from pgboss.job where name in ('send-emails', 'deliver-webhooks')");

    // A change in the usual order (a match, a message): the email sender's job first ...
    let reviewWaits!: () => void;
    const waiting = new Promise<void>((resolve) => {
      reviewWaits = resolve;
    });
    const change = ctx.deps.db.transaction(async (tx) => {
      await ctx.jobs.send(JOB_NAMES.sendEmails, { reason: "test" }, { tx });
      await waiting;
      // ... then the webhook sender's, while the review (webhook first, then email) waits for it.
      await ctx.jobs.send(JOB_NAMES.deliverWebhooks, { reason: "test" }, { tx });
    });
    const review = as(ctx, client, {
      method: "POST",
      url: `/api/quote-requests/${requestId}/review`,
      payload: { rating: 5, body: "The bot keys every invoice overnight, and nobody touches it.", outcome: "met" },
    });
    await someoneWaitsForALock();
    reviewWaits();
    await expect(change).resolves.toBeUndefined();
    expect((await review).statusCode).toBe(201);
  });

  it("an endpoint deleted while a change writes its event waits for the change, which commits", async () => {
    const provider = await createTopProvider(ctx);
    const endpointId = await endpointOf(provider, ["lead.delivered"]);
    let readingPayload!: () => void;
    const reading = new Promise<void>((resolve) => {
      readingPayload = resolve;
    });
    let finishPayload!: () => void;
    const finished = new Promise<void>((resolve) => {
      finishPayload = resolve;
    });
    const change = ctx.deps.db.transaction(async (tx) => {
      await emitWebhook(tx, ctx.deps, "lead.delivered", provider.companyId, async () => {
        readingPayload();
        await finished;
        return { lead: { id: 1 } };
      });
      return "committed";
    });
    await reading;
    const deleting = apiAs(ctx).call(provider, "DELETE", `/api/webhooks/endpoints/${endpointId}`);
    await someoneWaitsForALock();
    finishPayload();
    await expect(change).resolves.toBe("committed");
    expect((await deleting).statusCode).toBe(204);
    // The deletion took the new delivery with it.
    const { rows } = await other.query("select count(*)::int as n from webhook_deliveries where endpoint_id = $1", [
      endpointId,
    ]);
    expect(rows[0]).toEqual({ n: 0 });
  });
});
