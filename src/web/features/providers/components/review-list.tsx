import { INDUSTRY_LABELS } from "@/shared/quote-request-options";
import { type PublicReview, REVIEW_OUTCOME_LABELS } from "@/shared/reviews";
import { Review, ReviewReply } from "@/web/components/review";
import { countOf } from "@/web/lib/format";
import { formatDay } from "../format";

function hoursSaved(review: PublicReview): string | null {
  if (review.hoursSavedPerYear === null) return null;
  const saved = `Saved ${countOf(review.hoursSavedPerYear, "hour")} a year`;
  return review.estimatedHoursPerYear === null
    ? saved
    : `${saved} (estimate: ${review.estimatedHoursPerYear.toLocaleString("en-US")})`;
}

export function ReviewItem({ review, providerName }: { review: PublicReview; providerName: string }) {
  const saved = hoursSaved(review);
  return (
    <Review
      className="border-b border-slate-200 py-5 last:border-b-0"
      rating={review.rating}
      ratingLabel={String(review.rating)}
      meta={
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{review.reviewer}</span>
          {" · "}
          <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
          {" · "}
          {INDUSTRY_LABELS[review.industry]}
        </p>
      }
      body={review.body}
      outcome={
        <p className="text-sm text-slate-700">
          Hours saved as estimated: <span className="font-medium">{REVIEW_OUTCOME_LABELS[review.outcome]}</span>
          {saved && <span> · {saved}</span>}
        </p>
      }
      reply={
        review.reply && (
          <ReviewReply
            from={providerName}
            at={<time dateTime={review.reply.createdAt}>{formatDay(review.reply.createdAt)}</time>}
            body={review.reply.body}
          />
        )
      }
    />
  );
}
