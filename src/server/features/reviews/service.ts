// Verified reviews (issue 17, decision 141): only the client who hired a provider (accepted its quote)
// reviews it, once per hire; the provider replies once; an admin hides a review with a reason. Each
// change that moves the company's rating refreshes its figures in the same transaction.

import { isDeletedAccountEmail } from "@/shared/account";
import type { PageQuery } from "@/shared/paging";
import type { Industry } from "@/shared/quote-request-options";
import {
  type AdminReview,
  type AdminReviewsQuery,
  type OwnReview,
  type OwnReviewPage,
  REPLY_EXISTS_MESSAGE,
  REVIEW_ALREADY_HIDDEN_MESSAGE,
  REVIEW_EXISTS_MESSAGE,
  REVIEW_HIDDEN_MESSAGE,
  REVIEW_NOT_HIRED_MESSAGE,
  type RequestReview,
  type ReviewInput,
  type ReviewReplyInput,
  reviewerName,
} from "@/shared/reviews";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { ConflictError, NotFoundError } from "../../errors";
import { idCursor, pageLimit, toPage } from "../../http/paging";
import { logActivity } from "../activity/service";
import { findCompanyForUser } from "../companies/queries";
import { refreshProviderStats } from "../companies/stats";
import { type MessagingDeps, notifyUser } from "../notifications/service";
import { emitWebhook } from "../webhooks/events";
import { leadRefData } from "../webhooks/payloads";
import { reviewHiddenForClient, reviewHiddenForProvider, reviewReceivedMessage } from "./messages";
import * as q from "./queries";

/** As the other routes of a request answer for one that is not the caller's (decision 014). */
const REQUEST_NOT_FOUND = "Quote request not found.";
const REVIEW_NOT_FOUND = "No review of your company has this id.";
const ADMIN_REVIEW_NOT_FOUND = "No review has this id.";
const NO_COMPANY = "You have no company profile yet.";

const iso = (d: Date) => d.toISOString();

export function toOwnReview({ review: r, request, company, writer }: q.ReviewJoined): OwnReview {
  return {
    id: r.id,
    rating: r.rating,
    body: r.body,
    outcome: r.outcome,
    hoursSavedPerYear: r.hoursSavedPerYear,
    estimatedHoursPerYear: r.estimatedHoursPerYear,
    industry: request.industry as Industry,
    reviewer: reviewerName(writer),
    createdAt: iso(r.createdAt),
    reply: r.replyBody !== null && r.repliedAt !== null ? { body: r.replyBody, createdAt: iso(r.repliedAt) } : null,
    quoteRequestId: r.quoteRequestId,
    requestTitle: request.title,
    provider: { name: company.name, slug: company.slug },
    hidden: r.hiddenAt !== null ? { reason: r.hiddenReason ?? "", at: iso(r.hiddenAt) } : null,
  };
}

function toAdminReview(row: q.ReviewJoined): AdminReview {
  const { writer } = row;
  return {
    ...toOwnReview(row),
    client: { id: writer.id, name: `${writer.firstName} ${writer.lastName}`, email: writer.email },
    companyId: row.review.companyId,
  };
}

// ---------------------------------------------------------------------------------------------
// The hiring client
// ---------------------------------------------------------------------------------------------

/** The request's review, or whether one can be written: the request's owner only (anyone else: 404). */
export async function getRequestReview(db: Db, client: UserRow, requestId: number): Promise<RequestReview> {
  const request = await q.findClientRequest(db, requestId, client.id);
  if (!request) throw new NotFoundError(REQUEST_NOT_FOUND);
  const [hire, review] = await Promise.all([q.findHire(db, requestId), q.findReviewOfRequest(db, requestId)]);
  return {
    review: review ? toOwnReview(review) : null,
    canReview: hire !== undefined && review === undefined,
    provider: hire ? { name: hire.name, slug: hire.slug } : null,
    estimatedHoursPerYear: request.roiHoursPerYear,
  };
}

/**
 * The hiring client's review: once per hire. The unique quote_id decides between two at once (the
 * second insert waits for the first and then does nothing: 409), so no check-then-write race.
 */
export async function createReview(
  deps: MessagingDeps,
  client: UserRow,
  requestId: number,
  input: ReviewInput,
): Promise<OwnReview> {
  return deps.db.transaction(async (tx) => {
    const request = await q.findClientRequest(tx, requestId, client.id);
    if (!request) throw new NotFoundError(REQUEST_NOT_FOUND);
    const hire = await q.findHire(tx, requestId);
    if (!hire) throw new ConflictError(REVIEW_NOT_HIRED_MESSAGE);
    const id = await q.insertReview(tx, {
      quoteId: hire.quoteId,
      quoteRequestId: requestId,
      companyId: hire.companyId,
      clientId: client.id,
      rating: input.rating,
      body: input.body,
      outcome: input.outcome,
      hoursSavedPerYear: input.hoursSavedPerYear ?? null,
      estimatedHoursPerYear: request.roiHoursPerYear,
    });
    if (id === undefined) throw new ConflictError(REVIEW_EXISTS_MESSAGE);
    await refreshProviderStats(tx, hire.companyId);
    const row = await q.findReview(tx, id);
    if (!row) throw new NotFoundError(ADMIN_REVIEW_NOT_FOUND);
    const review = toOwnReview(row);
    await emitWebhook(tx, deps, "review.posted", hire.companyId, async () => ({
      ...(await leadRefData(tx, deps.appUrl, hire.leadId)),
      review: {
        id: review.id,
        rating: review.rating,
        outcome: review.outcome,
        body: review.body,
        hoursSavedPerYear: input.hoursSavedPerYear ?? null,
        createdAt: row.review.createdAt.toISOString(),
      },
    }));
    const owner = await ownerOf(tx, hire.ownerId);
    if (owner) {
      // notifyUser publishes the provider's live "notification" event with it.
      await notifyUser(
        tx,
        deps,
        reviewReceivedMessage(deps.appUrl, owner, {
          rating: review.rating,
          outcome: review.outcome,
          requestTitle: request.title,
          reviewer: review.reviewer,
        }),
      );
    }
    return review;
  });
}

/** Whom to tell: the user, unless the account is deleted (decision 118). */
async function ownerOf(db: Db, userId: number) {
  const person = await q.findPerson(db, userId);
  return person && !isDeletedAccountEmail(person.email) ? person : undefined;
}

// ---------------------------------------------------------------------------------------------
// The reviewed provider
// ---------------------------------------------------------------------------------------------

/** The provider's one public reply; a second, or a reply to a hidden review, is 409. */
export async function replyToReview(
  db: Db,
  provider: UserRow,
  reviewId: number,
  input: ReviewReplyInput,
): Promise<OwnReview> {
  return db.transaction(async (tx) => {
    const found = await q.findReview(tx, reviewId);
    if (!found || found.company.ownerId !== provider.id) throw new NotFoundError(REVIEW_NOT_FOUND);
    if (!(await q.writeReply(tx, reviewId, input.body))) {
      const now = await q.findReview(tx, reviewId);
      throw new ConflictError(now?.review.hiddenAt ? REVIEW_HIDDEN_MESSAGE : REPLY_EXISTS_MESSAGE);
    }
    const row = await q.findReview(tx, reviewId);
    if (!row) throw new NotFoundError(REVIEW_NOT_FOUND);
    return toOwnReview(row);
  });
}

/** The provider's reviews, hidden ones too (with the reason), newest first (decision 104). */
export async function listCompanyReviews(db: Db, provider: UserRow, query: PageQuery): Promise<OwnReviewPage> {
  const company = await findCompanyForUser(db, provider.id);
  if (!company) throw new NotFoundError(NO_COMPANY);
  const limit = pageLimit(query.limit);
  const rows = await q.listReviews(db, q.reviewsOfCompany(company.id), idCursor(query.cursor), limit);
  return toPage(rows, limit, toOwnReview, (r) => r.review.id);
}

// ---------------------------------------------------------------------------------------------
// The admin
// ---------------------------------------------------------------------------------------------

export async function listAdminReviews(db: Db, query: AdminReviewsQuery) {
  const limit = pageLimit(query.limit);
  const where =
    query.status === "visible" ? q.visibleReviews() : query.status === "hidden" ? q.hiddenReviews() : undefined;
  const rows = await q.listReviews(db, where, idCursor(query.cursor), limit);
  return toPage(rows, limit, toAdminReview, (r) => r.review.id);
}

/**
 * Hides a review from the profile, the rating and the score; it stays for the record. Logged with the old
 * and new values, the figures refreshed, the provider and the client told in the app.
 */
export async function hideReview(
  deps: MessagingDeps,
  admin: UserRow,
  reviewId: number,
  reason: string,
): Promise<AdminReview> {
  return deps.db.transaction(async (tx) => {
    const found = await q.findReview(tx, reviewId);
    if (!found) throw new NotFoundError(ADMIN_REVIEW_NOT_FOUND);
    if (!(await q.hideReview(tx, reviewId, admin.id, reason))) throw new ConflictError(REVIEW_ALREADY_HIDDEN_MESSAGE);
    const { review } = found;
    await refreshProviderStats(tx, review.companyId);
    await logActivity(tx, {
      adminId: admin.id,
      action: "hide_review",
      resourceType: "review",
      resourceId: reviewId,
      details: {
        companyId: review.companyId,
        quoteRequestId: review.quoteRequestId,
        rating: review.rating,
        oldHidden: false,
        newHidden: true,
        reason,
      },
    });
    const owner = await ownerOf(tx, found.company.ownerId);
    if (owner) await notifyUser(tx, deps, reviewHiddenForProvider(owner, found.request.title, reason));
    const writer = await ownerOf(tx, review.clientId);
    if (writer) {
      await notifyUser(
        tx,
        deps,
        reviewHiddenForClient(
          writer,
          { quoteRequestId: review.quoteRequestId, requestTitle: found.request.title, companyName: found.company.name },
          reason,
        ),
      );
    }
    const row = await q.findReview(tx, reviewId);
    if (!row) throw new NotFoundError(ADMIN_REVIEW_NOT_FOUND);
    return toAdminReview(row);
  });
}

// ---------------------------------------------------------------------------------------------
// Account data (decision 118)
// ---------------------------------------------------------------------------------------------

/** The reviews a client wrote, as the account's export lists them. */
export async function reviewsWrittenBy(db: Db, clientId: number): Promise<OwnReview[]> {
  return (await q.listReviewsByClient(db, clientId)).map(toOwnReview);
}
