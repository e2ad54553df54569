import { Star } from "lucide-react";
import { RATING_MAX } from "@/shared/reviews";
import { cn } from "@/web/lib/cn";

/** Five stars, as many filled as the rating rounds to; read out as "4 out of 5 stars" (or "4.7 out of 5 stars"). */
export function Stars({ rating, label, size = "sm" }: { rating: number; label: string; size?: "sm" | "md" }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={`${label} out of ${RATING_MAX} stars`} className="inline-flex items-center gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
          key={i}
          aria-hidden="true"
          className={cn(
            size === "sm" ? "h-4 w-4" : "h-5 w-5",
            i < filled ? "fill-amber-400 text-amber-500" : "fill-none text-slate-300",
          )}
        />
      ))}
    </span>
  );
}
