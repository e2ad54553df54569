// The figures that bound a provider's match score (match_bounds, migration 0034, decision 195) stay what
// the company's rows make them under every write that moves them: a match's leads, a quote sent,
// withdrawn, declined or accepted, a lead declined, a review written or hidden, the company's size and
// specialties changed, a request and a company deleted. A company with a lead or a quote is marked.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { executedRows } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { matchBounds } from "../../db/schema/match-bounds";
import { quoteRequests } from "../../db/schema/quote-requests";
import { ratingFigures } from "../../test/reads";
import { acceptQuote, leadOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { apiAs } from "../../test/test-app";

const ctx = sharedTestContext();
const { call } = apiAs(ctx);
const [client, admin] = sharedUsers(ctx, "client", "admin");
const [provider, other, third] = sharedTopProviders(ctx, 3);

/**
 * The companies whose kept row is not what their rows make now: a lead or a quote and no mark, or a copied
 * column or a count that differs (the count of leads may only lag behind, never pass the true one).
 */
async function drift(): Promise<number[]> {
  const result = await ctx.database.db.execute(sql`
    select c.id from companies c left join match_bounds b on b.company_id = c.id
    where (exists (select 1 from leads l where l.company_id = c.id) or exists (select 1 from quotes q where q.company_id = c.id))
      and not coalesce(b.has_history, false)
    union
    select c.id from match_bounds b join companies c on c.id = b.company_id
    where b.size <> c.size or b.specialty_mask <> c.specialty_mask
      or b.review_count <> c.review_count or b.rating_sum <> c.rating_sum
      or b.answered <> (select count(distinct q.lead_id) from quotes q where q.company_id = c.id)
      or b.accepted <> (select count(*) from quotes q where q.company_id = c.id and q.status = 'accepted')
      or b.leads_seen > (select count(*) from leads l where l.company_id = c.id)`);
  return executedRows<{ id: number }>(result).map((r) => r.id);
}

async function boundOf(companyId: number) {
  const [row] = await ctx.database.db.select().from(matchBounds).where(eq(matchBounds.companyId, companyId));
  return row;
}

describe("the bounds of the providers with a history", () => {
  it("mark a provider at its first lead, and count its answers and wins as its quotes go", async () => {
    const first = await matchedRequest(ctx, client);
    expect(await boundOf(provider.companyId)).toMatchObject({ hasHistory: true, answered: 0, accepted: 0 });
    expect(await drift()).toEqual([]);

    // Sent, withdrawn (the lead stays answered), sent again: one lead answered.
    const sent = await quoteOn(ctx, provider, first);
    expect(await boundOf(provider.companyId)).toMatchObject({ answered: 1, accepted: 0, leadsSeen: 1 });
    expect((await call(provider, "POST", `/api/quotes/${sent}/withdraw`)).statusCode).toBe(200);
    expect(await boundOf(provider.companyId)).toMatchObject({ answered: 1 });
    const again = await quoteOn(ctx, provider, first, { amount: 20_000 });
    expect(await drift()).toEqual([]);

    // Another request: a lead declined, another quoted and declined by the client; then the hire.
    const second = await matchedRequest(ctx, client);
    const declined = await call(other, "POST", `/api/leads/${await leadOf(ctx, other, second)}/decline`, {
      reason: "not_fit",
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const lost = await quoteOn(ctx, third, second);
    expect((await call(client, "POST", `/api/quotes/${lost}/decline`)).statusCode).toBe(200);
    expect(await drift()).toEqual([]);
    await acceptQuote(ctx, client, again);
    expect(await boundOf(provider.companyId)).toMatchObject({ answered: 1, accepted: 1, leadsSeen: 2 });
    expect(await boundOf(third.companyId)).toMatchObject({ answered: 1, accepted: 0 });
    expect(await drift()).toEqual([]);
  });

  it("follow the company's ratings, size and specialties", async () => {
    const hired = await matchedRequest(ctx, client);
    await acceptQuote(ctx, client, await quoteOn(ctx, other, hired));
    const review = await call(client, "POST", `/api/quote-requests/${hired}/review`, {
      rating: 2,
      body: "The bot keys most invoices overnight, though exceptions still need a person every day.",
      outcome: "partly",
      hoursSavedPerYear: 100,
    });
    expect(review.statusCode, review.body).toBe(201);
    const rated = await ratingFigures(ctx, other.companyId);
    expect(await boundOf(other.companyId)).toMatchObject({
      reviewCount: rated?.reviewCount,
      ratingSum: rated?.ratingSum,
    });
    const hidden = await call(admin, "PATCH", `/api/admin/reviews/${review.json().id}/hide`, { reason: "Spam" });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await drift()).toEqual([]);

    await ctx.database.db
      .update(companies)
      .set({ size: "enterprise", specialties: ["IoT Integration"] })
      .where(eq(companies.id, other.companyId));
    expect(await boundOf(other.companyId)).toMatchObject({ size: "enterprise", specialtyMask: 1 << 8 });
    expect(await drift()).toEqual([]);
  });

  it("count fewer leads when a request goes with its leads, and go with their company", async () => {
    const gone = await matchedRequest(ctx, client);
    await quoteOn(ctx, third, gone);
    await ctx.database.db.delete(quoteRequests).where(eq(quoteRequests.id, gone));
    expect(await drift()).toEqual([]);
    await ctx.database.db.delete(companies).where(eq(companies.id, third.companyId));
    expect(await boundOf(third.companyId)).toBeUndefined();
    expect(await drift()).toEqual([]);
  });
});
