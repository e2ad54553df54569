// Verified reviews (issue 17, decision 141): the invitation on a hire, the hiring client's review (once
// per hire), the reviewed provider's one reply and its list, and what a deleted client's review shows.
// The admin's list and hiding are in admin/reviews.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type OwnReview,
  REPLY_EXISTS_MESSAGE,
  REVIEW_EXISTS_MESSAGE,
  REVIEW_NOT_HIRED_MESSAGE,
  type RequestReview,
} from "@/shared/reviews";
import { quoteRequests } from "../../db/schema/quote-requests";
import { reviews } from "../../db/schema/reviews";
import { createTopProvider, quoteRequestBody, type TestProvider } from "../../test/fixtures";
import { emailsTo, notificationsOf, ratingFigures } from "../../test/reads";
import { acceptQuote, hire, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { apiAs, createUser, type TestUser } from "../../test/test-app";

const ctx = sharedTestContext();
const { call } = apiAs(ctx);
const [client, otherClient, admin] = sharedUsers(ctx, "client", ["client", "other"], "admin");
const [provider, otherProvider] = sharedTopProviders(ctx, 2);

const REVIEW = {
  rating: 4,
  body: "The bot keys every invoice overnight; two exceptions a week still need a person.",
  outcome: "partly",
  hoursSavedPerYear: 700,
};

/** The title of the requests hired on, unless a test names its own. */
const TITLE = "Invoice keying in SAP";

/** A request of `owner` on which it hired `hired` (accepted its quote). */
const hireOn = (owner: TestUser = client, hired: TestProvider = provider, title = TITLE) =>
  hire(ctx, owner, hired, { title });

async function review(requestId: number, over: Record<string, unknown> = {}, owner: TestUser = client) {
  return call(owner, "POST", `/api/quote-requests/${requestId}/review`, { ...REVIEW, ...over });
}

describe("the invitation to review", () => {
  it("comes on accepting a quote, in the app and by email, linking to the request's review card", async () => {
    const requestId = await hireOn(client, provider, "Invitation on accept");
    const [note] = (await notificationsOf(ctx, client.id, "review.invited")).filter((n) =>
      n.link?.startsWith(`/quote-request/${requestId}`),
    );
    expect(note).toMatchObject({
      title: "Once the work is done, review Provider 1 Automation",
      link: `/quote-request/${requestId}#review`,
    });
    expect(note?.body).toContain('"Invitation on accept"');
    const mail = (await emailsTo(ctx, client.email, "review.invited")).filter((m) =>
      m.textBody.includes(`/quote-request/${requestId}#review`),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("How did Provider 1 Automation do?");
    expect(mail[0]?.textBody).toContain(
      `Review Provider 1 Automation: ${ctx.deps.appUrl.replace(/\/+$/, "")}/quote-request/${requestId}#review`,
    );
  });

  it("is in the app only when the client turned its email off", async () => {
    const quiet = await createUser(ctx, "client", "quiet");
    const off = await call(quiet, "PUT", "/api/notifications/preferences", {
      preferences: [{ kind: "review.invited", email: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const requestId = await hireOn(quiet);
    expect((await notificationsOf(ctx, quiet.id, "review.invited")).map((n) => n.link)).toEqual([
      `/quote-request/${requestId}#review`,
    ]);
    expect(await emailsTo(ctx, quiet.email, "review.invited")).toEqual([]);
  });

  it("is not sent for a declined quote", async () => {
    const declining = await createUser(ctx, "client", "decliner");
    const requestId = await matchedRequest(ctx, declining, { title: TITLE });
    const quote = await quoteOn(ctx, provider, requestId);
    expect((await call(declining, "POST", `/api/quotes/${quote}/decline`)).statusCode).toBe(200);
    expect(await notificationsOf(ctx, declining.id, "review.invited")).toEqual([]);
  });
});

describe("reading a request's review", () => {
  it("says whether one can be written: not before a hire, yes after, with the provider and the estimate", async () => {
    const requestId = await matchedRequest(ctx, client, { title: TITLE });
    const [row] = await ctx.database.db
      .select({ roi: quoteRequests.roiHoursPerYear })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, requestId));
    expect(row?.roi).toBeGreaterThan(0);
    const before = await call(client, "GET", `/api/quote-requests/${requestId}/review`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ review: null, canReview: false, provider: null, estimatedHoursPerYear: row?.roi });
    const quote = await quoteOn(ctx, provider, requestId);
    await acceptQuote(ctx, client, quote);
    const after: RequestReview = (await call(client, "GET", `/api/quote-requests/${requestId}/review`)).json();
    expect(after).toEqual({
      review: null,
      canReview: true,
      provider: { name: "Provider 1 Automation", slug: "provider-1-automation" },
      estimatedHoursPerYear: row?.roi,
    });
  });

  it("is the request's owner's only: 401 signed out, 404 for another client, 403 for providers and admins", async () => {
    const requestId = await hireOn();
    const url = `/api/quote-requests/${requestId}/review`;
    expect((await call(null, "GET", url)).statusCode).toBe(401);
    const other = await call(otherClient, "GET", url);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Quote request not found.");
    for (const user of [provider, otherProvider, admin]) expect((await call(user, "GET", url)).statusCode).toBe(403);
    expect((await call(client, "GET", "/api/quote-requests/2000000000/review")).statusCode).toBe(404);
    expect((await call(client, "GET", "/api/quote-requests/abc/review")).statusCode).toBe(400);
  });
});

describe("writing a review", () => {
  it("stores the review with the request's estimate, refreshes the company's figures and tells the provider", async () => {
    const fresh = await createTopProvider(ctx);
    const requestId = await hireOn(client, fresh, "Reviewed hire");
    const before = await ratingFigures(ctx, fresh.companyId);
    expect(before).toEqual({ reviewCount: 0, ratingSum: 0, ratingAvg: null });
    const [request] = await ctx.database.db
      .select({ roi: quoteRequests.roiHoursPerYear })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, requestId));
    const res = await review(requestId, { body: `  ${REVIEW.body}  ` });
    expect(res.statusCode, res.body).toBe(201);
    const created: OwnReview = res.json();
    expect(created).toMatchObject({
      rating: 4,
      body: REVIEW.body,
      outcome: "partly",
      hoursSavedPerYear: 700,
      estimatedHoursPerYear: request?.roi,
      industry: quoteRequestBody().industry,
      reviewer: "Client T.",
      reply: null,
      hidden: null,
      quoteRequestId: requestId,
      requestTitle: "Reviewed hire",
      provider: { name: expect.stringMatching(/Automation$/), slug: expect.any(String) },
    });
    expect(await ratingFigures(ctx, fresh.companyId)).toEqual({ reviewCount: 1, ratingSum: 4, ratingAvg: 4 });

    const [note] = await notificationsOf(ctx, fresh.id, "review.received");
    expect(note).toMatchObject({ title: 'New review: 4 stars for "Reviewed hire"', link: "/settings#reviews" });
    expect(note?.body).toContain("Partly");
    const [mail] = await emailsTo(ctx, fresh.email, "review.received");
    expect(mail?.subject).toBe("A client reviewed your company: 4 stars");
    expect(mail?.textBody).toContain("/settings#reviews");

    const read: RequestReview = (await call(client, "GET", `/api/quote-requests/${requestId}/review`)).json();
    expect(read.canReview).toBe(false);
    expect(read.review).toEqual(created);

    // A second hire of the same company moves the average.
    const second = await hireOn(client, fresh);
    expect((await review(second, { rating: 1, outcome: "not_met", hoursSavedPerYear: null })).statusCode).toBe(201);
    expect(await ratingFigures(ctx, fresh.companyId)).toEqual({ reviewCount: 2, ratingSum: 5, ratingAvg: 2.5 });
  });

  it("needs a hire first: 409 before a quote is accepted, and nothing is stored", async () => {
    const requestId = await matchedRequest(ctx, client, { title: TITLE });
    await quoteOn(ctx, provider, requestId);
    const res = await review(requestId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_NOT_HIRED_MESSAGE);
    expect(await ctx.database.db.select().from(reviews).where(eq(reviews.quoteRequestId, requestId))).toEqual([]);
  });

  it("is once per hire: a second review is 409, and of two at once exactly one is written", async () => {
    const requestId = await hireOn();
    expect((await review(requestId)).statusCode).toBe(201);
    const again = await review(requestId, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_EXISTS_MESSAGE);

    const raced = await hireOn();
    const answers = await Promise.all([review(raced), review(raced, { rating: 2 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(REVIEW_EXISTS_MESSAGE);
    expect(await ctx.database.db.select().from(reviews).where(eq(reviews.quoteRequestId, raced))).toHaveLength(1);
  });

  it("is the hiring client's only: 401 signed out, 404 for another client, 403 for providers and admins", async () => {
    const requestId = await hireOn();
    const url = `/api/quote-requests/${requestId}/review`;
    expect((await call(null, "POST", url, REVIEW)).statusCode).toBe(401);
    const other = await call(otherClient, "POST", url, REVIEW);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Quote request not found.");
    for (const user of [provider, otherProvider, admin]) {
      const res = await call(user, "POST", url, REVIEW);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("This is only for clients.");
    }
    // Roles are checked before the body: a provider learns nothing from validation.
    expect((await call(provider, "POST", url, {})).statusCode).toBe(403);
    expect(await ctx.database.db.select().from(reviews).where(eq(reviews.quoteRequestId, requestId))).toEqual([]);
    expect((await call(client, "POST", "/api/quote-requests/2000000000/review", REVIEW)).statusCode).toBe(404);
  });

  it("validates each field with a message a person can act on", async () => {
    const requestId = await hireOn();
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, "rating: Choose a rating from 1 to 5 stars"],
      [{ rating: 6 }, "rating: Choose a rating from 1 to 5 stars"],
      [{ rating: 3.5 }, "rating: Choose a rating from 1 to 5 stars"],
      [{ rating: "5" }, "rating: Choose a rating from 1 to 5 stars"],
      [{ rating: undefined }, "rating: Choose a rating from 1 to 5 stars"],
      [{ body: "Too short." }, "body: Review must be at least 20 characters"],
      [{ body: `   ${"a".repeat(10)}          ` }, "body: Review must be at least 20 characters"],
      [{ body: "x".repeat(2001) }, "body: Review must be at most 2000 characters"],
      [{ outcome: "maybe" }, "outcome: Tell us whether the automation saved the hours estimated"],
      [{ outcome: undefined }, "outcome: Tell us whether the automation saved the hours estimated"],
      [{ hoursSavedPerYear: -1 }, "hoursSavedPerYear: Hours saved cannot be negative"],
      [{ hoursSavedPerYear: 2.5 }, "hoursSavedPerYear: Hours saved must be a whole number"],
      [{ hoursSavedPerYear: 1_000_001 }, "hoursSavedPerYear: Hours saved must be at most 1,000,000"],
      [{ verified: true }, "Unrecognized key"],
    ];
    for (const [over, message] of cases) {
      const res = await review(requestId, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toContain(message);
    }
    expect(await ctx.database.db.select().from(reviews).where(eq(reviews.quoteRequestId, requestId))).toEqual([]);
    // Hours saved are optional.
    const res = await review(requestId, { hoursSavedPerYear: undefined });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().hoursSavedPerYear).toBeNull();
  });
});

describe("the provider's reply and list", () => {
  it("replies once, publicly; a second reply is 409, and of two at once exactly one is written", async () => {
    const requestId = await hireOn();
    const id = (await review(requestId)).json().id;
    const res = await call(provider, "POST", `/api/reviews/${id}/reply`, {
      body: "  Thank you: we fixed the two exceptions.  ",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reply).toEqual({
      body: "Thank you: we fixed the two exceptions.",
      createdAt: expect.any(String),
    });
    const again = await call(provider, "POST", `/api/reviews/${id}/reply`, { body: "Another reply." });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPLY_EXISTS_MESSAGE);
    const read: RequestReview = (await call(client, "GET", `/api/quote-requests/${requestId}/review`)).json();
    expect(read.review?.reply?.body).toBe("Thank you: we fixed the two exceptions.");

    const raced = (await review(await hireOn())).json().id;
    const answers = await Promise.all([
      call(provider, "POST", `/api/reviews/${raced}/reply`, { body: "First of two." }),
      call(provider, "POST", `/api/reviews/${raced}/reply`, { body: "Second of two." }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it("is the reviewed company's owner's only: 401, 403 for clients and admins, 404 for another provider", async () => {
    const id = (await review(await hireOn())).json().id;
    const url = `/api/reviews/${id}/reply`;
    const body = { body: "Thanks!" };
    expect((await call(null, "POST", url, body)).statusCode).toBe(401);
    for (const user of [client, otherClient, admin]) expect((await call(user, "POST", url, body)).statusCode).toBe(403);
    const other = await call(otherProvider, "POST", url, body);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("No review of your company has this id.");
    expect((await call(provider, "POST", "/api/reviews/2000000000/reply", body)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.replyBody).toBeNull();
  });

  it("validates the reply", async () => {
    const id = (await review(await hireOn())).json().id;
    const short = await call(provider, "POST", `/api/reviews/${id}/reply`, { body: " x " });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("body: Reply must be at least 2 characters");
    const long = await call(provider, "POST", `/api/reviews/${id}/reply`, { body: "x".repeat(2001) });
    expect(long.json().message).toBe("body: Reply must be at most 2000 characters");
    expect((await call(provider, "POST", "/api/reviews/0/reply", { body: "Thanks" })).statusCode).toBe(400);
  });

  it("lists the provider's own reviews, newest first, a page at a time; others' are not in it", async () => {
    const listed = await createTopProvider(ctx);
    const first = (await review(await hireOn(client, listed, "First job"))).json().id;
    const second = (await review(await hireOn(otherClient, listed, "Second job"), {}, otherClient)).json().id;
    const page = await call(listed, "GET", "/api/companies/me/reviews?limit=1");
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items.map((r: OwnReview) => r.id)).toEqual([second]);
    expect(page.json().items[0]).toMatchObject({ requestTitle: "Second job", reviewer: "Other T.", hidden: null });
    const next = await call(listed, "GET", `/api/companies/me/reviews?limit=1&cursor=${page.json().nextCursor}`);
    expect(next.json()).toEqual({ items: [expect.objectContaining({ id: first })], nextCursor: null });
    const others = (await call(otherProvider, "GET", "/api/companies/me/reviews")).json().items as OwnReview[];
    expect(others.map((r) => r.id)).not.toContain(first);
    expect((await call(listed, "GET", "/api/companies/me/reviews?cursor=nope")).statusCode).toBe(400);
    expect((await call(null, "GET", "/api/companies/me/reviews")).statusCode).toBe(401);
    for (const user of [client, admin])
      expect((await call(user, "GET", "/api/companies/me/reviews")).statusCode).toBe(403);
  });
});

describe("a review and the writer's account", () => {
  it("is in the client's export, and shows 'Former client' once the account is deleted", async () => {
    const leaving = await createUser(ctx, "client", "leaving");
    const requestId = await hireOn(leaving, provider, "Job of a leaving client");
    const id = (await review(requestId, {}, leaving)).json().id;
    expect((await call(provider, "GET", "/api/companies/me/reviews")).json().items[0]).toMatchObject({
      id,
      reviewer: "Leaving T.",
    });
    const exported = await call(leaving, "GET", "/api/account/export");
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body).reviewsWritten).toEqual([
      expect.objectContaining({
        id,
        quoteRequestId: requestId,
        requestTitle: "Job of a leaving client",
        provider: "Provider 1 Automation",
        rating: 4,
        body: REVIEW.body,
        outcome: "partly",
        reply: null,
        hidden: null,
      }),
    ]);
    const others = JSON.parse((await call(otherClient, "GET", "/api/account/export")).body).reviewsWritten;
    expect(others.map((r: { id: number }) => r.id)).not.toContain(id);

    const del = await call(leaving, "POST", "/api/account/delete", { password: leaving.password });
    expect(del.statusCode, del.body).toBe(204);
    const items = (await call(provider, "GET", "/api/companies/me/reviews")).json().items as OwnReview[];
    expect(items.find((r) => r.id === id)).toMatchObject({ reviewer: "Former client", body: REVIEW.body });
  });
});
