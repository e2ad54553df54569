// A rating as five stars (issue 17), one component for every page that shows one: a review's own rating
// (whole stars) and an average (to the nearest half star below, so 4.6 shows four and a half, never
// five). Read out as "4 out of 5 stars", or with the caller's words ("Rated 4.6 out of 5 stars").
import { Star } from "lucide-react";
import { formatRating, RATING_MAX } from "@/shared/reviews";
import { cn } from "@/web/lib/cn";

type Props = {
  rating: number;
  /** What comes before "out of 5 stars"; the rating itself (one decimal for an average) by default. */
  label?: string;
  size?: "sm" | "md";
  className?: string;
};

export function ReviewStars({ rating, label, size = "sm", className }: Props) {
  const filled = Math.floor(rating * 2) / 2;
  const box = size === "sm" ? "h-4 w-4" : "h-5 w-5";
  const spoken = label ?? (Number.isInteger(rating) ? String(rating) : formatRating(rating));
  return (
    <span
      role="img"
      aria-label={`${spoken} out of ${RATING_MAX} stars`}
      className={cn("inline-flex items-center gap-0.5", className)}
      data-testid="review-stars"
    >
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const fill = filled >= i + 1 ? "full" : filled === i + 0.5 ? "half" : "empty";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of five stars, never reordered
          <span key={i} className={cn("relative inline-block", box)} aria-hidden="true">
            <Star className={cn("absolute inset-0 text-slate-300", box)} />
            {fill !== "empty" ? (
              <span className={cn("absolute inset-0 overflow-hidden", fill === "half" ? "w-1/2" : "w-full")}>
                <Star className={cn("fill-amber-400 text-amber-500", box)} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
