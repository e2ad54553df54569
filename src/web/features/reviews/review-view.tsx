// One review as its writer and the reviewed provider read it: the stars, the text, the outcome beside the
// request's estimate, the provider's reply, and, when the marketplace hid it, why.
import type { ReactNode } from "react";
import { type OwnReview, REVIEW_OUTCOME_LABELS, REVIEW_QUESTION } from "@/shared/reviews";
import { Review, ReviewReply } from "@/web/components/review";
import { formatDate, formatHours } from "@/web/lib/format";

export function ReviewView({ review, replySlot }: { review: OwnReview; replySlot?: ReactNode }) {
  return (
    <Review
      rating={review.rating}
      meta={
        <span className="text-sm text-slate-600">
          {review.reviewer} · {formatDate(review.createdAt)}
        </span>
      }
      notice={
        review.hidden ? (
          <p
            role="note"
            className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="review-hidden"
          >
            Hidden by the marketplace on {formatDate(review.hidden.at)}: {review.hidden.reason}. It is left out of the
            profile and the rating.
          </p>
        ) : null
      }
      body={review.body}
      outcome={
        <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="font-medium">{REVIEW_QUESTION}</dt>
          <dd>{REVIEW_OUTCOME_LABELS[review.outcome]}</dd>
          <dt className="font-medium">Hours saved a year</dt>
          <dd>
            {review.hoursSavedPerYear === null ? "Not given" : formatHours(review.hoursSavedPerYear)}
            {review.estimatedHoursPerYear === null ? "" : ` (estimated: ${formatHours(review.estimatedHoursPerYear)})`}
          </dd>
        </dl>
      }
      reply={
        review.reply ? (
          <ReviewReply from={review.provider.name} at={formatDate(review.reply.createdAt)} body={review.reply.body} />
        ) : (
          replySlot
        )
      }
    />
  );
}
