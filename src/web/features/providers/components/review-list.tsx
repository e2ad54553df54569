import { INDUSTRY_LABELS } from "@/shared/quote-requests";
import { type PublicReview, REVIEW_OUTCOME_LABELS } from "@/shared/reviews";
import { ReviewStars } from "@/web/components/review-stars";
import { countOf, formatDay } from "../format";

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
    <article className="space-y-3 border-b border-slate-200 py-5 last:border-b-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStars rating={review.rating} label={String(review.rating)} />
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{review.reviewer}</span>
          {" · "}
          <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
          {" · "}
          {INDUSTRY_LABELS[review.industry]}
        </p>
      </div>
      <p className="whitespace-pre-line leading-relaxed text-slate-800">{review.body}</p>
      <p className="text-sm text-slate-700">
        Hours saved as estimated: <span className="font-medium">{REVIEW_OUTCOME_LABELS[review.outcome]}</span>
        {saved && <span> · {saved}</span>}
      </p>
      {review.reply && (
        <div className="rounded-md border-l-4 border-blue-200 bg-blue-50 p-3 text-sm">
          <p className="font-medium text-slate-900">
            Reply from {providerName} ·{" "}
            <time dateTime={review.reply.createdAt}>{formatDay(review.reply.createdAt)}</time>
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-800">{review.reply.body}</p>
        </div>
      )}
    </article>
  );
}
