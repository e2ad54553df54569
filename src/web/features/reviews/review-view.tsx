// One review as its writer and the reviewed provider read it: the stars, the text, the outcome beside the
// request's estimate, the provider's reply, and, when the marketplace hid it, why.
import type { ReactNode } from "react";
import { type OwnReview, REVIEW_OUTCOME_LABELS, REVIEW_QUESTION } from "@/shared/reviews";
import { ReviewStars } from "@/web/components/review-stars";
import { formatDate, formatHours } from "@/web/lib/format";

export function ReviewView({ review, replySlot }: { review: OwnReview; replySlot?: ReactNode }) {
  return (
    <article className="space-y-3" data-testid="review">
      <div className="flex flex-wrap items-center gap-3">
        <ReviewStars rating={review.rating} />
        <span className="text-sm text-slate-600">
          {review.reviewer} · {formatDate(review.createdAt)}
        </span>
      </div>
      {review.hidden ? (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="review-hidden">
          Hidden by the marketplace on {formatDate(review.hidden.at)}: {review.hidden.reason}. It is left out of the
          profile and the rating.
        </p>
      ) : null}
      <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{review.body}</p>
      <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium">{REVIEW_QUESTION}</dt>
        <dd>{REVIEW_OUTCOME_LABELS[review.outcome]}</dd>
        <dt className="font-medium">Hours saved a year</dt>
        <dd>
          {review.hoursSavedPerYear === null ? "Not given" : formatHours(review.hoursSavedPerYear)}
          {review.estimatedHoursPerYear === null ? "" : ` (estimated: ${formatHours(review.estimatedHoursPerYear)})`}
        </dd>
      </dl>
      {review.reply ? (
        <div className="rounded-md border-l-4 border-green-600 bg-green-50 px-3 py-2" data-testid="review-reply">
          <p className="text-sm font-medium text-slate-900">
            Reply from {review.provider.name} · {formatDate(review.reply.createdAt)}
          </p>
          <p className="whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">{review.reply.body}</p>
        </div>
      ) : (
        replySlot
      )}
    </article>
  );
}
