// What past clients say of a quoting provider, on its quote card (decision 142): the visible reviews'
// stars and count, how many say the automation saved the hours estimated, its hires, and its public
// profile in a new tab, so that the client can compare quotes without leaving the request.
import { ExternalLink } from "lucide-react";
import { providerPath } from "@/shared/paths";
import type { ClientQuote } from "@/shared/quotes";
import { formatRating } from "@/shared/reviews";
import { ReviewStars } from "@/web/components/review-stars";

export function ProviderTrackRecord({ provider }: { provider: ClientQuote["provider"] }) {
  const { rating, outcomes, hires } = provider;
  return (
    <div className="space-y-1 text-sm" data-testid="provider-track-record">
      {rating.count > 0 && rating.average !== null ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <ReviewStars rating={rating.average} label={`Rated ${formatRating(rating.average)}`} />
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
      {/* A provider not listed (suspended, unapproved, deleted) has no public profile: no link to a 404. */}
      {provider.profilePublic === false ? null : (
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
      )}
    </div>
  );
}
