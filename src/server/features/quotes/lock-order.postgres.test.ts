// The order in which writers lock a lead and its company's figures (decision 165). `npm run load` caught
// a hire deadlocking with the winning provider's first reply: the reply held its lead and waited for the
// company's figures, the hire held the figures and waited for the lead. Every writer now takes the lead
// first. Here a transaction of its own holds the lead as the reply does while the client accepts, then
// refreshes the figures: in the old order PostgreSQL found a deadlock and one of the two failed.
import { describe, expect, it } from "vitest";
import { createProvider, createTopProvider } from "../../test/fixtures";
import { lockTestContext } from "../../test/lock-waits";
import { leadOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { as, createUser } from "../../test/test-app";

const { ctx, other, someoneWaitsForALock } = lockTestContext({});

describe("lock order of a hire", () => {
  it("a hire and the winner's first reply at the same moment both commit", async () => {
    const client = await createUser(ctx, "client");
    const winner = await createTopProvider(ctx);
    await createProvider(ctx);
    const requestId = await matchedRequest(ctx, client);
    const quoteId = await quoteOn(ctx, winner, requestId);
    const leadId = await leadOf(ctx, winner, requestId);

    // The reply's transaction: its lead first (the read marker), its company's figures next.
    await other.query("begin");
    await other.query("update leads set provider_read_up_to = provider_read_up_to where id = $1", [leadId]);
    const accepting = as(ctx, client, { method: "POST", url: `/api/quotes/${quoteId}/accept` });
    await someoneWaitsForALock();
    await other.query("select refresh_provider_stats($1::integer)", [winner.companyId]);
    await other.query("commit");

    const res = await accepting;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("accepted");
  });
});
