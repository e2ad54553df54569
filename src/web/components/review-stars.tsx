// A rating as stars (issue 17): five stars, the rating's filled, read out as "4 out of 5 stars".
import { Star } from "lucide-react";
import { RATING_MAX } from "@/shared/reviews";
import { cn } from "@/web/lib/cn";

export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`${rating} out of ${RATING_MAX} stars`}
      className={cn("inline-flex items-center gap-0.5", className)}
      data-testid="review-stars"
    >
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions, not items
          key={i}
          aria-hidden="true"
          className={cn("h-4 w-4", i < rating ? "fill-amber-400 text-amber-500" : "text-slate-300")}
        />
      ))}
    </span>
  );
}
