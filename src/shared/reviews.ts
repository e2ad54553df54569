// Reviews (issue 17): only the client who hired a provider (accepted its quote) reviews it, once per
// hire, with the outcome against the request's ROI estimate; the provider may reply once; an admin
// may hide a review with a reason. The contracts of every review route live here.
import { z } from "zod";
import { isDeletedAccountEmail } from "./account";
import { countsOf } from "./counts";
import { idParams } from "./ids";
import { labelledOptions } from "./labelled-options";
import { oneOf, pageOf, pageQuerySchema } from "./paging";
import { INDUSTRIES } from "./quote-request-options";
import { boundedText } from "./text-fields";

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MIN = 2;
export const REVIEW_REPLY_MAX = 2000;
export const HIDE_REASON_MIN = 3;
export const HIDE_REASON_MAX = 1000;
export const HOURS_SAVED_MAX = 1_000_000;

/** "Did the automation save the hours estimated?" */
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
export const { values: REVIEW_OUTCOMES, labels: REVIEW_OUTCOME_LABELS } = labelledOptions({
  met: "Yes, as estimated or more",
  partly: "Partly",
  not_met: "No",
});
export const REVIEW_QUESTION = "Did the automation save the hours estimated?";

export const REVIEW_EXISTS_MESSAGE = "You have already reviewed this hire";
export const REVIEW_NOT_HIRED_MESSAGE = "You can review a provider once you have hired one for this request";
export const REPLY_EXISTS_MESSAGE = "You have already replied to this review";

/** POST /api/quote-requests/:id/review: the hiring client's review of the provider it hired. */
export const reviewInputSchema = z.strictObject({
  rating: z
    .number({ error: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(RATING_MIN, "Choose a rating from 1 to 5 stars")
    .max(RATING_MAX, "Choose a rating from 1 to 5 stars"),
  body: boundedText("Review", { min: REVIEW_BODY_MIN, max: REVIEW_BODY_MAX }),
  outcome: z.enum(REVIEW_OUTCOMES, { error: "Tell us whether the automation saved the hours estimated" }),
  /** Hours of manual work the automation actually saves a year; optional (the client may not know yet). */
  hoursSavedPerYear: z
    .number({ error: "Hours saved must be a whole number" })
    .int("Hours saved must be a whole number")
    .min(0, "Hours saved cannot be negative")
    .max(HOURS_SAVED_MAX, `Hours saved must be at most ${HOURS_SAVED_MAX.toLocaleString("en-US")}`)
    .nullish(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** POST /api/reviews/:id/reply: the reviewed provider's one public answer. */
export const reviewReplyInputSchema = z.strictObject({
  body: boundedText("Reply", { min: REVIEW_REPLY_MIN, max: REVIEW_REPLY_MAX }),
});
export type ReviewReplyInput = z.infer<typeof reviewReplyInputSchema>;

/** PATCH /api/admin/reviews/:id/hide: the reason is logged and shown to the provider and the client. */
export const hideReviewInputSchema = z.strictObject({
  reason: z
    .string({ error: `Give a reason of at least ${HIDE_REASON_MIN} characters` })
    .trim()
    .min(HIDE_REASON_MIN, `Give a reason of at least ${HIDE_REASON_MIN} characters`)
    .max(HIDE_REASON_MAX, `Reason must be at most ${HIDE_REASON_MAX} characters`),
});

export const reviewIdParamsSchema = idParams("a review id");

export const reviewReplySchema = z.object({ body: z.string(), createdAt: z.string() });

/** A review as anyone reads it on a public profile: the reviewer as first name and initial. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  body: z.string(),
  outcome: z.enum(REVIEW_OUTCOMES),
  hoursSavedPerYear: z.number().int().nullable(),
  /** The request's ROI estimate in hours a year (decision 012), as it stood when the review was written. */
  estimatedHoursPerYear: z.number().int().nullable(),
  /** The reviewed request's industry. */
  industry: z.enum(INDUSTRIES),
  /** "Dana K.", or "Former client" once the account is deleted. */
  reviewer: z.string(),
  createdAt: z.string(),
  reply: reviewReplySchema.nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** The review as its writer and the reviewed provider read it: with the request and any hiding. */
export const ownReviewSchema = publicReviewSchema.extend({
  quoteRequestId: z.number().int(),
  requestTitle: z.string(),
  provider: z.object({ name: z.string(), slug: z.string() }),
  hidden: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET /api/quote-requests/:id/review: the client's review of the hire, or whether one can be written. */
export const requestReviewSchema = z.object({
  review: ownReviewSchema.nullable(),
  /** True when the request has a hire and no review yet. */
  canReview: z.boolean(),
  /** The hired provider, when there is one. */
  provider: z.object({ name: z.string(), slug: z.string() }).nullable(),
  estimatedHoursPerYear: z.number().int().nullable(),
});
export type RequestReview = z.infer<typeof requestReviewSchema>;

/** GET /api/admin/reviews: every review with the parties, newest first. */
export const adminReviewSchema = ownReviewSchema.extend({
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  companyId: z.number().int(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const ADMIN_REVIEW_FILTERS = ["all", "visible", "hidden"] as const;

export const reviewOutcomeCountsSchema = countsOf(["met", "partly", "notMet"]);

/** "4.7" for 4.666…: one decimal, as ratings are shown everywhere. */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

// The pages of reviews a provider and the admin read (issue 17), newest first (decision 104).
/** GET /api/companies/me/reviews: the provider's reviews, hidden ones too (with the reason). */
export const ownReviewPageSchema = pageOf(ownReviewSchema);
export type OwnReviewPage = z.infer<typeof ownReviewPageSchema>;

export const ownReviewsQuerySchema = pageQuerySchema;

export const adminReviewsQuerySchema = pageQuerySchema.extend({
  status: oneOf("status", ADMIN_REVIEW_FILTERS).default("all"),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

export const adminReviewPageSchema = pageOf(adminReviewSchema);

export const REVIEW_HIDDEN_MESSAGE = "This review is hidden: it can no longer be replied to";
export const REVIEW_ALREADY_HIDDEN_MESSAGE = "This review is already hidden";
/** What a review shows as its writer once the writer's account is deleted (decision 118). */
export const FORMER_CLIENT = "Former client";

/** "Dana K.": the writer's first name and initial, or FORMER_CLIENT once the account is deleted. */
export function reviewerName(writer: { firstName: string; lastName: string; email: string }): string {
  if (isDeletedAccountEmail(writer.email)) return FORMER_CLIENT;
  const initial = writer.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${writer.firstName.trim()} ${initial}.` : writer.firstName.trim();
}
