// The steps of a request's journey that API tests take on the way to what they test: a request submitted
// and matched, a provider's lead on it, a quote, a hire. Through the API, as the users would, except
// the lead, which is read from its table. Kept once here, so that every test walks the same journey.
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { leads } from "../db/schema/leads";
import { matchQuoteRequest } from "../features/matching/service";
import { quoteRequestBody, type TestProvider } from "./fixtures";
import { as, type TestContext, type TestUser } from "./test-app";

type RequestOverrides = Parameters<typeof quoteRequestBody>[0];

/** A new request of `owner`, submitted (201) and not yet matched: answers its id. */
export async function submitRequest(ctx: TestContext, owner: TestUser, over: RequestOverrides = {}): Promise<number> {
  const res = await as(ctx, owner, { method: "POST", url: "/api/quote-requests", payload: quoteRequestBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/**
 * A new request of `owner`, matched now (as its job would): a lead of the best eligible providers. The
 * providers with every specialty outscore all others on the default request.
 */
export async function matchedRequest(ctx: TestContext, owner: TestUser, over: RequestOverrides = {}): Promise<number> {
  const id = await submitRequest(ctx, owner, over);
  await matchQuoteRequest(ctx.deps, id);
  return id;
}

/** The provider's lead on the request, the whole row; a provider without one fails the test. */
export async function leadRowOf(ctx: TestContext, provider: TestProvider, requestId: number) {
  const [lead] = await ctx.database.db
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, provider.companyId), eq(leads.quoteRequestId, requestId)));
  if (!lead) throw new Error(`provider ${provider.companyId} has no lead for request ${requestId}`);
  return lead;
}

/** The id of the provider's lead on the request; a provider without one fails the test. */
export async function leadOf(ctx: TestContext, provider: TestProvider, requestId: number): Promise<number> {
  return (await leadRowOf(ctx, provider, requestId)).id;
}

/** A valid quote's body (POST /api/leads/:id/quote), with fields replaced. */
export const quoteBody = (over: Record<string, unknown> = {}) => ({
  amount: 24_000,
  timeline: "6 weeks",
  message: "We would build an unattended bot that reads each invoice and keys it into SAP.",
  ...over,
});

/** The provider's quote (201) on its lead of the request, `quoteBody(over)`: answers the quote's id. */
export async function quoteOn(
  ctx: TestContext,
  provider: TestProvider,
  requestId: number,
  over: Record<string, unknown> = {},
): Promise<number> {
  const leadId = await leadOf(ctx, provider, requestId);
  const res = await as(ctx, provider, { method: "POST", url: `/api/leads/${leadId}/quote`, payload: quoteBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The client accepts the quote (200): the hire. Answers the reply's body. */
export async function acceptQuote(ctx: TestContext, client: TestUser, quoteId: number) {
  const res = await as(ctx, client, { method: "POST", url: `/api/quotes/${quoteId}/accept` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A new request of `owner` on which it hired `provider` (accepted its quote): answers the request's id. */
export async function hire(
  ctx: TestContext,
  owner: TestUser,
  provider: TestProvider,
  over: RequestOverrides = {},
): Promise<number> {
  const requestId = await matchedRequest(ctx, owner, over);
  await acceptQuote(ctx, owner, await quoteOn(ctx, provider, requestId));
  return requestId;
}
