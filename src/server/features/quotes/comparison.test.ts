import { describe, expect, it } from "vitest";
import { companies } from "../../db/schema/companies";
import type { TestProvider } from "../../test/fixtures";
import { createReviewedHire } from "../../test/reviewed-hires";
import { matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { as } from "../../test/test-app";

const ctx = sharedTestContext();
const [client, reviewer] = sharedUsers(ctx, "client", ["client", "reviewer"]);
const [rated, fresh] = sharedTopProviders(ctx, 2);

/** The comparison's figures come from the providers; the quote's words are their own. */
const QUOTE_MESSAGE = "We would build an unattended bot that keys each invoice into SAP.";

describe("the client's quote comparison", () => {
  it("shows each provider's rating, outcomes and hires from visible reviews, and its profile's address", async () => {
    await createReviewedHire(ctx, { client: reviewer, companyId: rated.companyId, rating: 5, outcome: "met" });
    await createReviewedHire(ctx, { client: reviewer, companyId: rated.companyId, rating: 4, outcome: "partly" });
    await createReviewedHire(ctx, { client: reviewer, companyId: rated.companyId, rating: 4, outcome: "met" });
    // Hidden by an admin: the hire counts, the review does not.
    await createReviewedHire(ctx, {
      client: reviewer,
      companyId: rated.companyId,
      rating: 1,
      outcome: "not_met",
      hidden: true,
    });

    const requestId = await matchedRequest(ctx, client);
    await quoteOn(ctx, rated, requestId, { amount: 24_000, message: QUOTE_MESSAGE });
    await quoteOn(ctx, fresh, requestId, { amount: 30_000, message: QUOTE_MESSAGE });

    const res = await as(ctx, client, { method: "GET", url: `/api/quote-requests/${requestId}/quotes` });
    expect(res.statusCode, res.body).toBe(200);
    const slugs = await ctx.database.db.select({ id: companies.id, slug: companies.slug }).from(companies);
    const slugOf = (p: TestProvider) => slugs.find((s) => s.id === p.companyId)?.slug;
    const byAmount = new Map(
      res.json().map((q: { amountCents: number; provider: unknown }) => [q.amountCents, q.provider]),
    );
    expect(byAmount.get(2_400_000)).toMatchObject({
      slug: slugOf(rated),
      rating: { average: 4.33, count: 3 },
      outcomes: { met: 2, partly: 1, notMet: 0 },
      hires: 4,
    });
    expect(byAmount.get(3_000_000)).toMatchObject({
      slug: slugOf(fresh),
      rating: { average: null, count: 0 },
      outcomes: { met: 0, partly: 0, notMet: 0 },
      hires: 0,
    });
    expect(slugOf(rated)).toMatch(/^provider-\d+-automation/);

    // A new review is in the comparison at once: it is read with the quotes, not from a cache.
    await createReviewedHire(ctx, { client: reviewer, companyId: fresh.companyId, rating: 2, outcome: "not_met" });
    const again = await as(ctx, client, { method: "GET", url: `/api/quote-requests/${requestId}/quotes` });
    const freshNow = again.json().find((q: { amountCents: number }) => q.amountCents === 3_000_000)?.provider;
    expect(freshNow).toMatchObject({ rating: { average: 2, count: 1 }, outcomes: { notMet: 1 }, hires: 1 });
  });
});
