// What past clients say of a quoting provider, on its quote card (decision 142): the visible reviews'
// stars and count, how many say the automation saved the hours estimated, its hires, and its public
// profile in a new tab, so that the client can compare quotes without leaving the request.
import { ExternalLink, Star } from "lucide-react";
import { providerPath } from "@/shared/paths";
import type { ClientQuote } from "@/shared/quotes";
import { formatRating, RATING_MAX } from "@/shared/reviews";

function Stars({ average }: { average: number }) {
  // Whole stars to the nearest half rounded down: 4.6 shows four and a half, never five.
  const filled = Math.floor(average * 2) / 2;
  return (
    <span className="inline-flex" role="img" aria-label={`Rated ${formatRating(average)} out of ${RATING_MAX} stars`}>
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const fill = filled >= i + 1 ? "full" : filled === i + 0.5 ? "half" : "empty";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of five stars, never reordered
          <span key={i} className="relative inline-block h-4 w-4" aria-hidden="true">
            <Star className="absolute inset-0 h-4 w-4 text-amber-500" />
            {fill !== "empty" ? (
              <span className={fill === "half" ? "absolute inset-0 w-1/2 overflow-hidden" : "absolute inset-0"}>
                <Star className="h-4 w-4 fill-amber-500 text-amber-500" />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

export function ProviderTrackRecord({ provider }: { provider: ClientQuote["provider"] }) {
  const { rating, outcomes, hires } = provider;
  return (
    <div className="space-y-1 text-sm" data-testid="provider-track-record">
      {rating.count > 0 && rating.average !== null ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <Stars average={rating.average} />
            <span className="font-medium text-slate-900">
              {formatRating(rating.average)} ({rating.count} {rating.count === 1 ? "review" : "reviews"})
            </span>
          </p>
          <p className="text-slate-700">
            {outcomes.met} of {rating.count} {rating.count === 1 ? "client says" : "clients say"} it saved the hours
            estimated
          </p>
        </>
      ) : (
        <p className="text-slate-600">No reviews yet</p>
      )}
      <p className="text-slate-700">
        {hires === 0 ? "No hires yet" : `${hires} ${hires === 1 ? "hire" : "hires"} on Automatch`}
      </p>
      <a
        className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline"
        href={providerPath(provider.slug)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`View profile of ${provider.name} (opens in a new tab)`}
      >
        View profile
        <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}
