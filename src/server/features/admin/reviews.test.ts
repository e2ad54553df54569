// Reviews in the admin portal (issue 17, decision 141): every review with its parties, filtered by
// whether it is shown; hiding one with a reason, logged with the old and new values, leaves the
// company's figures and is told to the provider and the client.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AdminReview,
  REVIEW_ALREADY_HIDDEN_MESSAGE,
  REVIEW_HIDDEN_MESSAGE,
  type RequestReview,
} from "@/shared/reviews";
import { activityLogs } from "../../db/schema/activity-logs";
import { emailOutbox } from "../../db/schema/email-outbox";
import { notifications } from "../../db/schema/notifications";
import { createTopProvider, type TestProvider } from "../../test/fixtures";
import { ratingFigures } from "../../test/reads";
import { acceptQuote, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { apiAs, createUser, type TestUser } from "../../test/test-app";

const ctx = sharedTestContext();
let admin: TestUser;
let client: TestUser;
let provider: TestProvider;

const { call } = apiAs(ctx);

/** The client's review of a new hire of `hired`. */
async function reviewedHire(hired: TestProvider, rating: number, title = "Invoice keying in SAP"): Promise<number> {
  const requestId = await matchedRequest(ctx, client, { title });
  const quote = await quoteOn(ctx, hired, requestId, {
    amount: 9_000,
    timeline: "4 weeks",
    message: "We would build a bot that reads each invoice and keys it into SAP for you.",
  });
  await acceptQuote(ctx, client, quote);
  const review = await call(client, "POST", `/api/quote-requests/${requestId}/review`, {
    rating,
    body: `A ${rating}-star job: the bot reads the invoices and keys them into SAP.`,
    outcome: "met",
  });
  expect(review.statusCode, review.body).toBe(201);
  return review.json().id;
}

beforeAll(async () => {
  admin = await createUser(ctx, "admin");
  client = await createUser(ctx, "client", "dana");
  provider = await createTopProvider(ctx);
});

describe("the admin's list of reviews", () => {
  it("lists every review with its parties, newest first, filtered by shown or hidden, a page at a time", async () => {
    const older = await reviewedHire(provider, 5, "Older job");
    const newer = await reviewedHire(provider, 2, "Newer job");
    expect((await call(admin, "PATCH", `/api/admin/reviews/${newer}/hide`, { reason: "Off topic" })).statusCode).toBe(
      200,
    );
    const all = await call(admin, "GET", "/api/admin/reviews?limit=1");
    expect(all.statusCode, all.body).toBe(200);
    const [top]: AdminReview[] = all.json().items;
    expect(top).toMatchObject({
      id: newer,
      rating: 2,
      requestTitle: "Newer job",
      reviewer: "Dana T.",
      client: { id: client.id, name: "Dana Tester", email: client.email },
      companyId: provider.companyId,
      provider: { name: "Provider 1 Automation" },
      hidden: { reason: "Off topic" },
    });
    const next = await call(admin, "GET", `/api/admin/reviews?limit=1&cursor=${all.json().nextCursor}`);
    expect(next.json().items.map((r: AdminReview) => r.id)).toEqual([older]);

    const ids = async (status: string) =>
      (await call(admin, "GET", `/api/admin/reviews?status=${status}`)).json().items.map((r: AdminReview) => r.id);
    expect(await ids("all")).toEqual([newer, older]);
    expect(await ids("visible")).toEqual([older]);
    expect(await ids("hidden")).toEqual([newer]);
    const bad = await call(admin, "GET", "/api/admin/reviews?status=removed");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("status must be one of all, visible, hidden.");
    expect((await call(admin, "GET", "/api/admin/reviews?cursor=nope")).statusCode).toBe(400);
  });

  it("is for admins only: 401 signed out, 403 for clients and providers", async () => {
    const id = await reviewedHire(provider, 3);
    for (const user of [null, client, provider]) {
      const expected = user ? 403 : 401;
      expect((await call(user, "GET", "/api/admin/reviews")).statusCode).toBe(expected);
      expect((await call(user, "PATCH", `/api/admin/reviews/${id}/hide`, { reason: "Spam" })).statusCode).toBe(
        expected,
      );
    }
    const [row] = (await call(admin, "GET", "/api/admin/reviews?status=visible")).json().items as AdminReview[];
    expect(row?.id).toBe(id);
  });
});

describe("hiding a review", () => {
  it("hides it from the figures, logs old and new, tells both parties in the app; the reply is closed", async () => {
    const hidden = await createTopProvider(ctx);
    const kept = await reviewedHire(hidden, 4, "Kept job");
    const id = await reviewedHire(hidden, 1, "Disputed job");
    expect(await ratingFigures(ctx, hidden.companyId)).toEqual({ reviewCount: 2, ratingSum: 5, ratingAvg: 2.5 });

    const res = await call(admin, "PATCH", `/api/admin/reviews/${id}/hide`, { reason: "  Names an employee  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, hidden: { reason: "Names an employee", at: expect.any(String) } });
    expect(await ratingFigures(ctx, hidden.companyId)).toEqual({ reviewCount: 1, ratingSum: 4, ratingAvg: 4 });

    const [log] = await ctx.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, "hide_review"), eq(activityLogs.resourceId, String(id))))
      .orderBy(desc(activityLogs.id));
    expect(log?.adminId).toBe(admin.id);
    expect(log?.resourceType).toBe("review");
    expect(JSON.parse(log?.details ?? "null")).toEqual({
      companyId: hidden.companyId,
      quoteRequestId: res.json().quoteRequestId,
      rating: 1,
      oldHidden: false,
      newHidden: true,
      reason: "Names an employee",
    });

    const [toProvider] = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, hidden.id), eq(notifications.title, 'A review of "Disputed job" was hidden')),
      );
    expect(toProvider?.body).toContain("Reason: Names an employee");
    expect(toProvider?.link).toBe("/settings#reviews");
    const [toClient] = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, client.id),
          eq(notifications.title, `Your review of ${res.json().provider.name} was hidden`),
        ),
      );
    expect(toClient?.link).toBe(`/quote-request/${res.json().quoteRequestId}#review`);
    // In the app only: no email of the hiding.
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.email));
    expect(mails.filter((m) => m.subject.includes("hidden"))).toEqual([]);

    // The client reads it hidden with the reason; the provider too, and may not reply to it.
    const mine: RequestReview = (
      await call(client, "GET", `/api/quote-requests/${res.json().quoteRequestId}/review`)
    ).json();
    expect(mine.review?.hidden?.reason).toBe("Names an employee");
    const listed = (await call(hidden, "GET", "/api/companies/me/reviews")).json().items as AdminReview[];
    expect(listed.map((r) => [r.id, r.hidden?.reason ?? null])).toEqual([
      [id, "Names an employee"],
      [kept, null],
    ]);
    const reply = await call(hidden, "POST", `/api/reviews/${id}/reply`, { body: "We disagree." });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(REVIEW_HIDDEN_MESSAGE);
  });

  it("answers 409 when hidden already, 404 for an unknown review, 400 without a reason", async () => {
    const id = await reviewedHire(provider, 3);
    expect((await call(admin, "PATCH", `/api/admin/reviews/${id}/hide`, { reason: "Spam" })).statusCode).toBe(200);
    const again = await call(admin, "PATCH", `/api/admin/reviews/${id}/hide`, { reason: "Spam" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_ALREADY_HIDDEN_MESSAGE);
    expect((await call(admin, "PATCH", "/api/admin/reviews/2000000000/hide", { reason: "Spam" })).statusCode).toBe(404);
    const blank = await call(admin, "PATCH", `/api/admin/reviews/${id}/hide`, { reason: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("reason: Give a reason of at least 3 characters");
    const logs = await ctx.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, "hide_review"), eq(activityLogs.resourceId, String(id))));
    expect(logs).toHaveLength(1);
  });
});
